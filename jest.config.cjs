/** Every test of the repository: `pnpm test` at the root. */
const tsJest = ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', esModuleInterop: true, isolatedModules: true } }];

module.exports = {
  projects: [
    {
      displayName: 'local-supabase',
      rootDir: '<rootDir>/local-supabase',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest },
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
      testTimeout: 60000,
    },
  ],
};
