/**
 * @tablee/shared/sections — the restaurant section forms and their data calls, used by the edit tabs
 * (mfe-restaurant-profile) and the onboarding steps (mfe-onboarding). A subpath of its own so that
 * the shell's sign-in and dashboard never download the forms.
 */
export * from './contract';
export * from './form-sync';
export * from './data';
// Part A of issue 4: information, hours, billing, cgv.
export * from './information';
export * from './hours';
export * from './billing';
export * from './cgv';
