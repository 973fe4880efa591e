/** The jest settings of the Node packages (`<package>/jest.config.cjs` adds its name): TypeScript through ts-jest. */
module.exports = function nodeProject(displayName, extra = {}) {
  return {
    displayName,
    testEnvironment: 'node',
    transform: {
      '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', esModuleInterop: true, isolatedModules: true, lib: ['ES2023', 'DOM'] } }],
    },
    ...extra,
  };
};
