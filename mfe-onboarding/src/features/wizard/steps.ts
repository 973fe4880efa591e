import { ONBOARDING_STEPS } from '@tablee/domain';
import type { SectionApi, SectionFormProps } from '@tablee/sections';
import type { ComponentType } from 'react';

export type OnboardingStepKey = (typeof ONBOARDING_STEPS)[number]['key'];

/** One wizard step: a section form and its api (from @tablee/sections), and how it autosaves. */
export interface OnboardingStep<T extends object = never> {
  key: OnboardingStepKey;
  label: string;
  api: SectionApi<T>;
  /** A form may report long actions that are stored on their own (photo uploads): the wizard waits for them. */
  Form: ComponentType<SectionFormProps<T> & { onBusyChange?: (busy: boolean) => void }>;
  debounceMs: number;
}

// Erases T where steps of different sections sit in one list; each step is used with its own T only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOnboardingStep = OnboardingStep<any>;

/** The step key as written in the URL (?etape=…); unknown keys read as null. */
export function stepIndex(steps: readonly AnyOnboardingStep[], key: string | null | undefined): number | null {
  const index = steps.findIndex((s) => s.key === key);
  return index >= 0 ? index : null;
}
