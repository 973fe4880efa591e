/** Every test of the repository (`pnpm test`): each package keeps its own jest.config.cjs. */
module.exports = {
  projects: ['<rootDir>/local-supabase', '<rootDir>/shared', '<rootDir>/shell', '<rootDir>/mfe-restaurant-profile', '<rootDir>/mfe-operations', '<rootDir>/reservation-service', '<rootDir>/e2e'],
  // Global options (ignored inside a project): the suites start real servers.
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/scripts/summary-reporter.cjs'],
};
