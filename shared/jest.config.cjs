/** @tablee/shared: mappers, formatting, status and auth-error mapping, toasts, the section forms (unit); the section APIs against the run's local-supabase (integration). */
module.exports = require('./jest/jsdom-project.cjs')('shared');
