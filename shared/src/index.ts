/** @tablee/shared — imported only by this name, shared as a federation singleton. */
// By the package name, as the remotes import it: one instance of the config in the page.
export * from '@tablee/shared/core';
export * from '@tablee/shared/supabase';
export * from '@tablee/shared/light';
export * from './ui/AppProviders';
export * from './ui/PageStates';
export * from './ui/QueryState';
export * from './ui/PageFrame';
export * from './ui/ErrorBoundary';
export * from './ui/RequireSession';
