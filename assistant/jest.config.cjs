/** assistant: the engine alone (unit), and the service in-process against the run's local-supabase (integration). */
module.exports = require('../jest/node-project.cjs')('assistant');
