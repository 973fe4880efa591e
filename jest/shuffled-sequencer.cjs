/**
 * Runs the test files in an order shuffled from a seed, so that no file can lean on another having run
 * before it. Jest's own sequencer orders files by the timings and failures it remembers, which lets a
 * machine that has run the suite before pass where a new one fails. The seed is TEST_SEED when given
 * (to replay an order), else a new one; `scripts/test.mjs` picks one for the three jest runs and prints it.
 * The order of the tests inside a file is kept: a file is one story.
 */
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/** TEST_SEED, or a new seed written back so that every project of this run shares it. */
function runSeed() {
  if (!process.env.TEST_SEED) process.env.TEST_SEED = String(Math.floor(Math.random() * 2 ** 31));
  const seed = Number(process.env.TEST_SEED);
  if (!Number.isInteger(seed) || seed < 0) throw new Error(`TEST_SEED doit être un entier positif (reçu : ${process.env.TEST_SEED})`);
  return seed;
}

/** mulberry32: a tiny seeded generator (Math.random cannot be seeded). */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Fisher–Yates over the files sorted by path first, so that one seed gives one order on every machine. */
function shuffle(items, seed) {
  const random = generator(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const root = path.resolve(__dirname, '..');

class ShuffledSequencer extends Sequencer {
  sort(tests) {
    const seed = runSeed();
    const sorted = [...tests].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const order = shuffle(sorted, seed);
    process.stderr.write(`TEST_SEED=${seed} — ordre des fichiers (${order.length}) : ${order.map((t) => path.relative(root, t.path)).join(', ')}\n`);
    return order;
  }
}

module.exports = ShuffledSequencer;
module.exports.shuffle = shuffle;
