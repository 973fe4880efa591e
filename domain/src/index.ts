/**
 * @tablee/domain — bundled at build time by every module that uses it, never a federation shared
 * module: a redeployed module runs its own build of it, and a domain change needs no kernel version.
 */
export * from './database';
export * from './supabase';
export * from './types';
export * from './values';
export * from './reservation-options';
export * from './ids';
export * from './reservation-status';
export * from './acceptance';
export * from './transitions';
export * from './deposit';
export * from './reservation-sources';
export * from './assistant-knowledge';
export * from './function-answers';
export * from './assistant-keys';
export * from './completeness';
export * from './navigation';
export * from './photos';
export * from './RestaurantRedirect';
export * from './closures';
export * from './links';
export * from './team';
export * from './request-fields';
export * from './statistics';
export * from './guest-book';
export * from './privacy-notice';
export * from './accounts';
export * from './photo-files';
