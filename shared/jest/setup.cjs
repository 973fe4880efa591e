/** Test setup of the React packages: jest-dom matchers and the browser APIs antd expects from jsdom. */
require('@testing-library/jest-dom');

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
