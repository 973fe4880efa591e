/** @tablee/shared — imported only by this name, shared as a federation singleton. */
export * from './constants';
export * from './config/app-config';
export * from './supabase/client';
export * from './session/session';
export * from './session/errors';
export * from './domain/types';
export * from './domain/rows';
export * from './domain/mappers';
export * from './domain/reservation-status';
export * from './format';
export * from './ui/AppProviders';
export * from './ui/PageStates';
export * from './ui/PageFrame';
export * from './ui/toast';
export * from './ui/ErrorBoundary';
export * from './ui/RequireSession';
export * from './standalone/standalone';
