/**
 * mfe-operations: pure UI rules in jsdom with Testing Library, and the data layer and screens through
 * the unmodified supabase-js against a real local-supabase loaded with the large dataset
 * (test/global-setup.ts; never a mocked Supabase).
 */
module.exports = {
  displayName: 'mfe-operations',
  testEnvironment: '<rootDir>/../shared/jest/environment.cjs',
  setupFilesAfterEnv: ['<rootDir>/../shared/jest/setup.cjs'],
  testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', esModuleInterop: true, isolatedModules: true, jsx: 'react-jsx' } }],
  },
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 60000,
};
