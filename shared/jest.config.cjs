/** @tablee/shared: mappers, formatting, status and auth-error mapping, toasts, the kernel's UI primitives (unit); its data rules against the run's local-supabase (integration). */
module.exports = require('../tooling/jest/jsdom-project.cjs')('shared');
