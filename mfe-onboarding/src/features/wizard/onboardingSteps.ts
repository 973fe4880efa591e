import { ONBOARDING_STEPS } from '@tablee/domain';
import {
  BillingForm,
  billingApi,
  CgvForm,
  cgvApi,
  createHoursApi,
  HoursForm,
  InformationForm,
  informationApi,
  MenusForm,
  menusApi,
  OptionsForm,
  optionsApi,
  PhotosForm,
  photosApi,
} from '@tablee/sections';
import type { CgvValue, SectionApi } from '@tablee/sections';
import type { AnyOnboardingStep, OnboardingStep, OnboardingStepKey } from './steps';

/**
 * Autosave delays: the spec's (§9) for information, hours and photos; 500 ms for menus, options and
 * billing, which are typed like the information step or change by whole additions.
 */
const DEBOUNCE_MS: Record<OnboardingStepKey, number> = { information: 500, hours: 500, photos: 1000, menus: 500, options: 500, billing: 500 };

const label = (key: OnboardingStepKey) => ONBOARDING_STEPS.find((s) => s.key === key)!.label;
const step = <T extends object>(key: OnboardingStepKey, rest: Omit<OnboardingStep<T>, 'key' | 'label' | 'debounceMs'>): OnboardingStep<T> => ({
  key,
  label: label(key),
  debounceMs: DEBOUNCE_MS[key],
  ...rest,
});

/**
 * The CGV as the onboarding saves them: once both policies are chosen (the owner must pick them; no
 * policy is proposed), the link checked by the form. Until then nothing is stored, and Terminer lists them.
 */
const onboardingCgvApi: SectionApi<CgvValue> = {
  ...cgvApi,
  save: (restaurantId, value) => (value.cancellationPolicy && value.modificationPolicy ? cgvApi.save(restaurantId, value) : Promise.resolve()),
};

/** The six onboarding steps, in the spec's order: the section forms and apis of @tablee/sections, the same as the profile's edit tabs. */
export const ONBOARDING_SECTION_STEPS: readonly AnyOnboardingStep[] = [
  step('information', { api: informationApi, Form: InformationForm }),
  step('photos', { api: photosApi, Form: PhotosForm }),
  step('hours', { api: createHoursApi('onboarding'), Form: HoursForm }),
  step('menus', { api: menusApi, Form: MenusForm }),
  step('options', { api: optionsApi, Form: OptionsForm }),
  // The CGV complete the profile: asked in the last step, so that the wizard alone reaches « Profil complet ».
  step('billing', { api: billingApi, Form: BillingForm, also: { title: 'Conditions Générales de Vente (CGV)', section: { api: onboardingCgvApi, Form: CgvForm, debounceMs: 500 } } }),
];
