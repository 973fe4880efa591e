/**
 * `@testing-library/react` as the jsdom suites import it (jest `moduleNameMapper`), with every render
 * wrapped in antd's `StyleProvider mock="server"`: antd's CSS-in-JS then keeps its styles out of the
 * document. Why: jsdom matches every injected rule (hundreds, with antd) against the element on each
 * `getComputedStyle`, which Testing Library calls for every role, accessible name and click — a form
 * test spent seconds per query (7 s for four interactions on the billing form, 0.3 s without them).
 * What styles show (visibility, layout, contrast) is checked in Chromium by the e2e suite.
 */
const path = require('node:path');
const React = require('react');
const { StyleProvider } = require('@ant-design/cssinjs');

// The real module, by file (requiring the bare name would come back here through the mapper).
const real = require(path.join(path.dirname(require.resolve('@testing-library/react/package.json')), 'dist', 'index.js'));

function withoutInjectedStyles(Outer) {
  return function TestStyles({ children }) {
    const inner = Outer ? React.createElement(Outer, null, children) : children;
    return React.createElement(StyleProvider, { mock: 'server' }, inner);
  };
}

module.exports = {
  ...real,
  render: (ui, options = {}) => real.render(ui, { ...options, wrapper: withoutInjectedStyles(options.wrapper) }),
  renderHook: (callback, options = {}) => real.renderHook(callback, { ...options, wrapper: withoutInjectedStyles(options.wrapper) }),
};
