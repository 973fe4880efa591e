/**
 * Browser tests of the composed application: started as `pnpm start` starts it (every module built and
 * served on its own port), on a throw-away data directory and ports, driven by playwright-core and
 * Debian's Chromium. A failed test prints what the browser did during it (test/flight-recorder.ts).
 */
module.exports = require('../jest/node-project.cjs')('e2e', {
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testEnvironment: '<rootDir>/test/environment.cjs',
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
});
