/** Shell screens in jsdom with Testing Library; integration tests talk through the unmodified supabase-js to the run's local-supabase (never a mocked Supabase). */
module.exports = require('../tooling/jest/jsdom-project.cjs')('shell');
