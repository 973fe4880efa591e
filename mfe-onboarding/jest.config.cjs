/**
 * mfe-onboarding: the autosave scheduler (pure, fake timers), the wizard in jsdom with Testing Library,
 * and a full onboarding through the section apis — both against a real local-supabase stack started by
 * test/global-setup.ts through the unmodified supabase-js (never a mocked Supabase).
 */
module.exports = {
  displayName: 'mfe-onboarding',
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
