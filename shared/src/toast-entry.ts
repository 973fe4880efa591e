/**
 * @tablee/shared/toast — the edit screens' toast (spec §2), React only: the light start of /dashboard
 * shows it without the rest of the kernel's UI. The main entry (@tablee/shared) re-exports it.
 */
export * from './ui/toast';
