/**
 * @tablee/sections — the restaurant section forms and their data calls, used by the edit tabs
 * (mfe-restaurant-profile) and the onboarding steps (mfe-onboarding), bundled by those two only: the
 * shell's sign-in and dashboard never download the forms. Each section is rules.ts, api.ts and its form.
 */
export * from './contract';
export * from './constants';
export * from './move';
export * from './form-kit';
export * from './links';
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
export * from './field-rules';
export * from './information/rules';
export * from './information/api';
export * from './information/InformationForm';
export * from './hours/rules';
export * from './hours/slots';
export * from './hours/api';
export * from './hours/HoursForm';
export * from './hours/ClosuresManager';
export * from './billing/rules';
export * from './billing/api';
export * from './billing/BillingForm';
export * from './cgv/rules';
export * from './cgv/api';
export * from './cgv/CgvForm';
export * from './queries';
export * from './section-form';
