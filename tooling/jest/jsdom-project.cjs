/**
 * The jest settings every React package shares (`<package>/jest.config.cjs` adds its name): jsdom with
 * Node's fetch, jest-dom and antd's browser APIs, TypeScript through ts-jest, and Testing Library's
 * render without antd's injected styles (testing-library-react.cjs says why).
 */
const path = require('node:path');

module.exports = function jsdomProject(displayName, moduleNameMapper = {}) {
  return {
    displayName,
    testEnvironment: path.join(__dirname, 'environment.cjs'),
    setupFilesAfterEnv: [path.join(__dirname, 'setup.cjs')],
    transform: {
      '^.+\\.tsx?$': ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', esModuleInterop: true, isolatedModules: true, jsx: 'react-jsx' } }],
    },
    moduleNameMapper: {
      '^@testing-library/react$': path.join(__dirname, 'testing-library-react.cjs'),
      // A stylesheet import (antd's, in AppProviders) is the bundler's business: nothing in jsdom.
      '\\.css$': path.join(__dirname, 'no-stylesheet.cjs'),
      // One copy of @tablee/shared (and of its Supabase client), whichever file imports it.
      '^@tablee/shared$': path.join(__dirname, '../../shared/src/index.ts'),
      '^@tablee/shared/core$': path.join(__dirname, '../../shared/src/core.ts'),
      '^@tablee/shared/supabase$': path.join(__dirname, '../../shared/src/supabase.ts'),
      '^@tablee/shared/light$': path.join(__dirname, '../../shared/src/light.ts'),
      '^@tablee/shared/testing$': path.join(__dirname, '../../shared/src/testing.ts'),
      '^@tablee/domain$': path.join(__dirname, '../../domain/src/index.ts'),
      '^@tablee/sections$': path.join(__dirname, '../../sections/src/index.ts'),
      ...moduleNameMapper,
    },
  };
};
