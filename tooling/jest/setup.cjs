/** Test setup of the React packages: jest-dom matchers and the browser APIs antd expects from jsdom. */
require('@testing-library/jest-dom');

// findBy / waitFor give up after 1 s by default: on a busy machine a save round trip can take longer.
// They return as soon as the condition holds, so a generous limit costs nothing when all is well.
require('@testing-library/react').configure({ asyncUtilTimeout: 15_000 });

// Node-environment suites (storage uploads need Node's File) have no window.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
}
if (typeof window !== 'undefined' && !window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// antd's form batches through MessageChannel, which jsdom lacks. Node's own would keep jest alive
// (one never-closed port per batch), so a timer-based stand-in.
if (typeof MessageChannel === 'undefined') {
  global.MessageChannel = class MessageChannel {
    constructor() {
      const port = () => ({ onmessage: null, close() {} });
      this.port1 = port();
      this.port2 = port();
      this.port1.postMessage = (data) => setTimeout(() => this.port2.onmessage?.({ data }));
      this.port2.postMessage = (data) => setTimeout(() => this.port1.onmessage?.({ data }));
    }
  };
}
