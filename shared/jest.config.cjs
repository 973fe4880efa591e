/** @tablee/shared: mappers, formatting, status mapping, auth error mapping, toast persistence (jsdom). */
module.exports = {
  displayName: 'shared',
  testEnvironment: '<rootDir>/jest/environment.cjs',
  setupFilesAfterEnv: ['<rootDir>/jest/setup.cjs'],
  testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', esModuleInterop: true, isolatedModules: true, jsx: 'react-jsx' } }],
  },
  // @tablee/shared imports itself by name (see src/sections): resolve that to the sources.
  moduleNameMapper: { '^@tablee/shared$': '<rootDir>/src/index.ts', '^@tablee/shared/sections$': '<rootDir>/src/sections/index.ts' },
  testTimeout: 30000,
};
