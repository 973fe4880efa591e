/**
 * The jest projects of one kind of test. Each package keeps how its tests run in its own
 * jest.config.cjs (environment, transform); its tests are sorted by kind in folders:
 * `test/unit` (no server), `test/integration` (the run's one local-supabase, real services),
 * and the e2e package (Chromium against the composed application).
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const PACKAGES = [
  'local-supabase',
  'local-stripe',
  'shared',
  'domain',
  'sections',
  'operations-data',
  'action',
  'shell',
  'mfe-onboarding',
  'mfe-restaurant-profile',
  'mfe-operations',
  'mfe-public-links',
  'reservation-service',
  'assistant',
];

// Jest's cache (transforms, and the timings its default sequencer reads) inside the checkout, not in
// the system's temp folder: a fresh clone and a machine that has run the suite before start alike.
const cacheDirectory = path.join(root, 'node_modules', '.cache', 'jest');

/** @param {'unit' | 'integration' | 'e2e'} kind */
function projectsOf(kind) {
  if (kind === 'e2e') return [{ ...require(path.join(root, 'e2e', 'jest.config.cjs')), rootDir: path.join(root, 'e2e'), cacheDirectory }];
  const packages = PACKAGES.filter((dir) => fs.existsSync(path.join(root, dir, 'test', kind))).map((dir) => ({
    ...require(path.join(root, dir, 'jest.config.cjs')),
    rootDir: path.join(root, dir),
    testMatch: [`<rootDir>/test/${kind}/**/*.test.ts?(x)`],
    cacheDirectory,
  }));
  return kind === 'integration' ? [...packages, schemaTests] : packages;
}

/** The schema's tests live beside it (supabase/tests, as Supabase's own layout has them), against the run's stack. */
const schemaTests = {
  ...require(path.join(root, 'supabase', 'jest.config.cjs')),
  rootDir: path.join(root, 'supabase'),
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  cacheDirectory,
};

/**
 * What every run shares: the closing line CI reads, the cache folder, and the files in a shuffled
 * order (shuffled-sequencer.cjs; TEST_SEED replays one).
 */
const common = {
  rootDir: root,
  cacheDirectory,
  testSequencer: path.join(__dirname, 'shuffled-sequencer.cjs'),
  reporters: ['default', path.join(__dirname, 'summary-reporter.cjs')],
};

module.exports = { projectsOf, common, root };
