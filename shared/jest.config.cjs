/** @tablee/shared: formatting, app config, auth-error mapping, toasts, the kernel's UI primitives and its recorded surface (unit). */
module.exports = require('../tooling/jest/jsdom-project.cjs')('shared');
