/**
 * Browser tests of the composed application: started as `pnpm start` starts it (every module built and
 * served on its own port), on a throw-away data directory and ports, driven by playwright-core and
 * Debian's Chromium.
 */
module.exports = {
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', esModuleInterop: true, isolatedModules: true, lib: ['ES2023', 'DOM'] } }],
  },
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 120000,
};
