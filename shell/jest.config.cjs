/**
 * Shell screens in jsdom with Testing Library, talking through the unmodified supabase-js to real
 * local-supabase stacks started by test/global-setup.ts (never a mocked Supabase).
 */
module.exports = {
  displayName: 'shell',
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
