/**
 * The restaurant-profile edit tabs in jsdom with Testing Library, talking through the unmodified
 * supabase-js to a real local-supabase stack started by test/global-setup.ts (never a mocked Supabase).
 */
module.exports = {
  displayName: 'mfe-restaurant-profile',
  testEnvironment: '<rootDir>/../shared/jest/environment.cjs',
  setupFilesAfterEnv: ['<rootDir>/../shared/jest/setup.cjs'],
  testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', esModuleInterop: true, isolatedModules: true, jsx: 'react-jsx' } }],
  },
  // One copy of @tablee/shared (and of its Supabase client), whichever file imports it.
  moduleNameMapper: { '^@tablee/shared$': '<rootDir>/../shared/src/index.ts', '^@tablee/shared/sections$': '<rootDir>/../shared/src/sections/index.ts' },
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 60000,
};
