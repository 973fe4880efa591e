/** `pnpm test:integration`: every package's tests against the run's one local-supabase (started here) and real services. */
const path = require('node:path');
const { common, projectsOf, root } = require('./projects.cjs');

module.exports = {
  ...common,
  projects: projectsOf('integration'),
  globalSetup: path.join(root, 'local-supabase/test/global-setup.ts'),
  globalTeardown: path.join(root, 'local-supabase/test/global-teardown.ts'),
  testTimeout: 60_000,
};
