/** reservation-service: the service in-process against the run's local-supabase and a real SMTP server. */
module.exports = require('../jest/node-project.cjs')('reservation-service');
