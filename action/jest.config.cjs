/** @tablee/action: useAction's states and runOnce's one call per page (unit). */
module.exports = require('../tooling/jest/jsdom-project.cjs')('action');
