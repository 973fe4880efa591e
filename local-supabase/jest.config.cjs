/** local-supabase's tests talk to the run's stack (or one they start, when they must) through the unmodified supabase-js, over HTTP as an app would. */
module.exports = require('../jest/node-project.cjs')('local-supabase');
