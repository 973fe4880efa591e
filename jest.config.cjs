/** Every test of the repository (`pnpm test`): each package keeps its own jest.config.cjs. */
module.exports = {
  projects: ['<rootDir>/local-supabase'],
};
