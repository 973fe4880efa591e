/**
 * @tablee/sections — the restaurant section forms and their data calls, used by the edit tabs
 * (mfe-restaurant-profile) and the onboarding steps (mfe-onboarding). A subpath of its own so that
 * the shell's sign-in and dashboard never download the forms.
 */
export * from './contract';
export * from './constants';
export * from './move';
export * from './form-kit';
export * from './photos/rules';
export * from './photos/api';
export * from './photos/PhotosForm';
export * from './menus/rules';
export * from './menus/api';
export * from './menus/MenusForm';
export * from './options/rules';
export * from './options/api';
export * from './options/OptionsForm';
export * from './faq/rules';
export * from './faq/api';
export * from './faq/FaqManager';
export * from './data';
// Part A of issue 4: information, hours, billing, cgv.
export * from './information';
export * from './hours';
export * from './billing';
export * from './cgv';
export * from './queries';
export * from './section-form';
