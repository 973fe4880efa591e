/**
 * Node's jest environment, plus: after a failed test, what the browser did during it (flight-recorder.ts),
 * so that a timeout in CI says what the page showed; emptied after every test.
 */
const { TestEnvironment } = require('jest-environment-node');

class E2EEnvironment extends TestEnvironment {
  async handleTestEvent(event) {
    if (event.name !== 'test_done') return;
    const flight = this.global.__e2eFlight;
    if (!Array.isArray(flight)) return;
    if (event.test.errors.length > 0 && flight.length > 0) {
      process.stderr.write(`\n── Navigateur pendant « ${event.test.name} » (${flight.length} événements) ──\n${flight.join('\n')}\n── fin ──\n`);
    }
    flight.length = 0;
  }
}

module.exports = E2EEnvironment;
