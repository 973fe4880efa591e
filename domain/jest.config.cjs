/** @tablee/domain: its rules (unit); what it mirrors of the database, against the run's local-supabase (integration). */
module.exports = require('../tooling/jest/jsdom-project.cjs')('domain');
