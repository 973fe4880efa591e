import { ONBOARDING_STEPS } from '@tablee/domain';
import type { SectionApi, SectionFormProps } from '@tablee/sections';
import type { ComponentType } from 'react';

export type OnboardingStepKey = (typeof ONBOARDING_STEPS)[number]['key'];

/** A section form of a step and its api (from @tablee/sections), and how it autosaves. */
export interface StepSection<T extends object = never> {
  api: SectionApi<T>;
  /** A form may report long actions that are stored on their own (photo uploads): the wizard waits for them. */
  Form: ComponentType<SectionFormProps<T> & { onBusyChange?: (busy: boolean) => void }>;
  debounceMs: number;
}

/** One wizard step: its section, and another section shown and saved with it, under its own title (the CGV in Facturation). */
export interface OnboardingStep<T extends object = never> extends StepSection<T> {
  key: OnboardingStepKey;
  label: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  also?: { title: string; section: StepSection<any> };
}

// Erases T where steps of different sections sit in one list; each step is used with its own T only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOnboardingStep = OnboardingStep<any>;

/** The step key as written in the URL (?etape=…); unknown keys read as null. */
export function stepIndex(steps: readonly AnyOnboardingStep[], key: string | null | undefined): number | null {
  const index = steps.findIndex((s) => s.key === key);
  return index >= 0 ? index : null;
}
