/** mfe-operations: UI rules in jsdom (unit); the data layer and screens against the run's local-supabase with the large dataset (integration). */
module.exports = require('../tooling/jest/jsdom-project.cjs')('mfe-operations');
