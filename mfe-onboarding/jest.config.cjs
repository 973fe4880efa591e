/** mfe-onboarding: the autosave scheduler (unit, fake timers); the wizard in jsdom and a full onboarding against the run's local-supabase (integration). */
module.exports = require('../tooling/jest/jsdom-project.cjs')('mfe-onboarding');
