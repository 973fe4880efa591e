/** The schema's tests (supabase/tests): its tables, policies and functions, through the unmodified supabase-js against the run's local-supabase. */
module.exports = require('../jest/node-project.cjs')('supabase');
