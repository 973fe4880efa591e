#!/usr/bin/env node
// `pnpm test`: every check, in order — type checking, ESLint, then the unit, integration and e2e
// tests (each also runs alone: `pnpm typecheck`, `pnpm lint`, `pnpm test:unit`, `test:integration`,
// `test:e2e`). Stops at the first step that fails; ends with one line, 'tests: N passed, N failed',
// the sum of the three jest runs, and each step's time. Arguments after the script go to every jest run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The pnpm that runs this script (`npx pnpm@<pinned version> test`), else the pinned one through npx.
const pinned = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager;
const pnpm = process.env.npm_execpath?.includes('pnpm') ? [process.execPath, process.env.npm_execpath] : ['npx', '--yes', pinned];
const jestBin = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const results = fs.mkdtempSync(path.join(os.tmpdir(), 'tablee-test-'));
// One seed for the three jest runs' file order (jest/shuffled-sequencer.cjs): new each run unless TEST_SEED replays one.
const seed = process.env.TEST_SEED || String(Math.floor(Math.random() * 2 ** 31));

const jest = (kind) => ({
  name: `test:${kind}`,
  command: process.execPath,
  args: [jestBin, '-c', `jest/${kind}.config.cjs`, '--json', `--outputFile=${path.join(results, `${kind}.json`)}`, ...process.argv.slice(2)],
  kind,
});
const steps = [
  { name: 'typecheck', command: pnpm[0], args: [...pnpm.slice(1), 'typecheck'] },
  { name: 'lint', command: pnpm[0], args: [...pnpm.slice(1), 'lint'] },
  jest('unit'),
  jest('integration'),
  jest('e2e'),
];

let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    current?.kill(signal); // jest and pnpm stop their own children (stacks, servers, browsers)
    process.exitCode = 130;
  });
}

const run = (step) =>
  new Promise((resolve) => {
    current = spawn(step.command, step.args, { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_SEED: seed } });
    current.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const timings = [];
const totals = { passed: 0, failed: 0 };
let failedStep = null;
console.log(`TEST_SEED=${seed} (the test files' order; run again with TEST_SEED=${seed} to replay it)`);
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const code = await run(step);
  timings.push(`${step.name} ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (step.kind) {
    const file = path.join(results, `${step.kind}.json`);
    if (fs.existsSync(file)) {
      const json = JSON.parse(fs.readFileSync(file, 'utf8'));
      totals.passed += json.numPassedTests;
      totals.failed += json.numFailedTests + json.numRuntimeErrorTestSuites;
    }
  }
  if (code !== 0 || process.exitCode) {
    failedStep = step.name;
    break;
  }
}
fs.rmSync(results, { recursive: true, force: true });

console.log(`\n${timings.join(' · ')}${failedStep ? ` — ${failedStep} failed` : ''} (TEST_SEED=${seed})`);
if (failedStep && totals.failed === 0) totals.failed = 1; // a failed type check or lint counts as a failure
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exitCode = failedStep ? 1 : (process.exitCode ?? 0);
