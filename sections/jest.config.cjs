/** @tablee/sections: the section forms and rules (unit); their data calls against the run's local-supabase (integration). */
module.exports = require('../tooling/jest/jsdom-project.cjs')('sections');
