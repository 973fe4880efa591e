/**
 * @tablee/shared/core — the part of the kernel that pulls no heavy library (no antd, no supabase-js,
 * no TanStack Query): app config, fr-FR formatting, the kernel's constants and the news of a change of
 * user (between the session and the query cache).
 * The entry pages (sign-in, the one-click links) import only this, so they render before the rest
 * of the application's libraries are downloaded. The main entry (@tablee/shared) re-exports it.
 */
import kernelPackage from '../package.json';

export { BRAND_COLOURS, TOAST_AUTO_CLOSE_MS } from './constants';
export * from './config/app-config';
export * from './format';
export { onUserChange, userChanged } from './session/user-change';

/**
 * The kernel's version (semver, shared/package.json). Its exported surface and what the modules import of
 * it are recorded in shared/kernel-surface.json; `pnpm kernel:surface` says which version a change needs.
 */
export const KERNEL_VERSION: string = kernelPackage.version;
