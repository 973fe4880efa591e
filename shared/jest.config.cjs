/** @tablee/shared: formatting, app config, toasts, the kernel's UI primitives and its recorded surface (unit). */
module.exports = require('../tooling/jest/jsdom-project.cjs')('shared');
