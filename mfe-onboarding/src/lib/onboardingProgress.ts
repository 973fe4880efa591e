/**
 * "The onboarding restaurant" (spec §2): which restaurant is being onboarded and at which step, kept in
 * localStorage so that a reload, or coming back later in the same browser, resumes there. The URL
 * (?etape=…) is the first source; this entry fills in when the URL has no step. 'Terminer' clears it.
 */
const STORAGE_KEY = 'tablee-onboarding';

export interface OnboardingProgress {
  restaurantId: string;
  step: string;
}

export function readOnboardingProgress(): OnboardingProgress | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<OnboardingProgress> | null;
    return parsed && typeof parsed.restaurantId === 'string' && typeof parsed.step === 'string' ? { restaurantId: parsed.restaurantId, step: parsed.step } : null;
  } catch {
    return null;
  }
}

export function writeOnboardingProgress(progress: OnboardingProgress): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(progress));
  } catch {
    // Storage full or disabled: the URL still carries the step.
  }
}

export function clearOnboardingProgress(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
