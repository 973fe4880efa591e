/** mfe-public-links: the one-click link page in jsdom with Testing Library, against a real reservation service and the run's local-supabase. */
module.exports = require('../tooling/jest/jsdom-project.cjs')('mfe-public-links');
