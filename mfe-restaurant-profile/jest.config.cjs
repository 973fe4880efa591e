/** The restaurant-profile edit tabs in jsdom with Testing Library, against the run's local-supabase through the unmodified supabase-js. */
module.exports = require('../tooling/jest/jsdom-project.cjs')('mfe-restaurant-profile');
