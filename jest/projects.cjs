/**
 * The jest projects of one kind of test. Each package keeps how its tests run in its own
 * jest.config.cjs (environment, transform); its tests are sorted by kind in folders:
 * `test/unit` (no server), `test/integration` (the run's one local-supabase, real services),
 * and the e2e package (Chromium against the composed application).
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const PACKAGES = ['local-supabase', 'shared', 'domain', 'sections', 'operations-data', 'shell', 'mfe-onboarding', 'mfe-restaurant-profile', 'mfe-operations', 'mfe-public-links', 'reservation-service'];

/** @param {'unit' | 'integration' | 'e2e'} kind */
function projectsOf(kind) {
  if (kind === 'e2e') return [path.join(root, 'e2e')];
  return PACKAGES.filter((dir) => fs.existsSync(path.join(root, dir, 'test', kind))).map((dir) => ({
    ...require(path.join(root, dir, 'jest.config.cjs')),
    rootDir: path.join(root, dir),
    testMatch: [`<rootDir>/test/${kind}/**/*.test.ts?(x)`],
  }));
}

/** What every run shares: the closing line CI reads, and time-outs that hold on a busy machine (no test relies on them to pass). */
const common = {
  rootDir: root,
  reporters: ['default', path.join(__dirname, 'summary-reporter.cjs')],
};

module.exports = { projectsOf, common, root };
