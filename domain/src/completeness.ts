/**
 * What a restaurant's profile still lacks for its assistant, as public.restaurant_completeness
 * lists it: the list itself is computed once, in SQL; here only where each item is fixed.
 */
import { ONBOARDING_STEPS, RESTAURANT_TABS, restaurantPath } from './navigation';

/** A tab of 'Gestion du restaurant' (the onboarding's steps are some of them). */
export type ProfileSection = (typeof RESTAURANT_TABS)[number]['path'];

/** One missing item: its key, the tab (and onboarding step) that fixes it, and its French label. */
export interface MissingItem {
  item: string;
  section: ProfileSection;
  label: string;
}

/** Tabs the onboarding asks within another step: the CGV, in Facturation's step. */
const ASKED_IN_STEP: Partial<Record<ProfileSection, (typeof ONBOARDING_STEPS)[number]['key']>> = { cgv: 'billing' };

/** The onboarding step that fixes it: its tab's step, or the step that asks that tab too (the FAQ, Votre assistant: none). */
export const onboardingStepOf = (missing: MissingItem): string | undefined => ONBOARDING_STEPS.find((s) => s.key === missing.section)?.key ?? ASKED_IN_STEP[missing.section];

/**
 * The step an unfinished onboarding resumes at: its first step (in the steps' order) with something
 * missing; with nothing missing in the steps, the last one, where Terminer is.
 */
export function firstIncompleteStep(missing: readonly MissingItem[]): (typeof ONBOARDING_STEPS)[number]['key'] {
  const steps = new Set(missing.map(onboardingStepOf));
  return (ONBOARDING_STEPS.find((s) => steps.has(s.key)) ?? ONBOARDING_STEPS[ONBOARDING_STEPS.length - 1]).key;
}

/** Where an unfinished onboarding resumes: its first incomplete step (firstIncompleteStep). */
export function resumeOnboardingPath(restaurantId: string, missing: readonly MissingItem[]): string {
  return `/onboarding/${encodeURIComponent(restaurantId)}?etape=${firstIncompleteStep(missing)}`;
}

/** The edit tab that fixes a missing item. */
export const missingItemPath = (restaurantId: string, missing: MissingItem): string => restaurantPath(restaurantId, missing.section);

/** 'Profil complet' or 'À compléter (n)', as the dashboard and 'Votre assistant' say it. */
export const completenessLabel = (missingCount: number): string => (missingCount === 0 ? 'Profil complet' : `À compléter (${missingCount})`);
