/**
 * jsdom, plus Node's own fetch (jsdom has none): components talk to the real local-supabase through
 * the unmodified supabase-js, as in the browser.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    for (const name of ['fetch', 'Headers', 'Request', 'Response', 'FormData', 'Blob', 'ReadableStream', 'TextEncoder', 'TextDecoder', 'structuredClone', 'AbortController', 'AbortSignal']) {
      // Not MessageChannel: Node's ports keep jest alive; setup.cjs puts a timer-based stand-in in its place.
      if (globalThis[name]) g[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
