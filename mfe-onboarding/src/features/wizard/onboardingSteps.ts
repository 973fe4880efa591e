import type { AnyOnboardingStep } from './steps';

/**
 * The six onboarding steps: the shared section forms and apis of @tablee/shared/sections, each with its
 * autosave delay. Filled in once the section forms (issue 4) are merged.
 */
export const ONBOARDING_SECTION_STEPS: readonly AnyOnboardingStep[] = [];
