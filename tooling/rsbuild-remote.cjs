/**
 * The Rsbuild settings every remote shares (one place, so the four remotes cannot drift apart):
 * the standalone entry, the page template, the fixed dev port of federation.cjs, CORS for
 * the shell's origin, and `assetPrefix: 'auto'` so that the shell fetches a remote's chunks from
 * the remote's own origin (ARCHITECTURE.md: otherwise RUNTIME-001).
 * Each remote passes its plugins (React, and Module Federation with its own name and exposes); the
 * federation runtime's ES-module build is added here (rsbuild-esm-federation-runtime.cjs).
 */
const path = require('node:path');
const { modules, ANTD_IMPORTS } = require('./federation.cjs');
const { pluginEsmFederationRuntime } = require('./rsbuild-esm-federation-runtime.cjs');

/** @param {string} moduleDir e.g. 'mfe-operations' @param {unknown[]} plugins */
function remoteRsbuildConfig(moduleDir, plugins) {
  const module = modules[moduleDir];
  if (!module) throw new Error(`module inconnu : ${moduleDir}`);
  return {
    plugins: [...plugins, pluginEsmFederationRuntime()],
    source: { entry: { index: './src/index.tsx' }, transformImport: ANTD_IMPORTS },
    html: { title: 'Tablée', template: path.join(__dirname, 'remote-index.html') },
    server: { port: Number(process.env.PORT) || module.port, strictPort: true, historyApiFallback: true, cors: { origin: '*' } },
    output: { assetPrefix: 'auto' },
    dev: { assetPrefix: 'auto' },
  };
}

/**
 * The same, in two builds into dist/ (Rsbuild environments), for every remote: 'remote', what
 * the shell loads — remoteEntry.js and the exposed routes, running on the shell's federation runtime
 * (REMOTE_EXPERIMENTS of federation.cjs, in each module-federation config; the shell sets
 * provideExternalRuntime), so that each area's first visit does not download a second runtime
 * (remoteEntry.js about 42 KB gzip with its own, 10.5 without); 'standalone', index.html,
 * the module's own page, which shares nothing with anyone and so bundles what it uses without a
 * federation runtime.
 * `plugins` must create the federation plugin for the 'remote' environment only
 * (`pluginModuleFederation(config, { environment: 'remote' })`).
 * @param {string} moduleDir @param {unknown[]} plugins
 */
function remoteWithStandaloneRsbuildConfig(moduleDir, plugins) {
  const base = remoteRsbuildConfig(moduleDir, plugins);
  return {
    ...base,
    source: { transformImport: ANTD_IMPORTS },
    environments: {
      // No entry of its own (Rsbuild would fall back to src/index): the federation plugin adds remoteEntry.js.
      remote: {
        tools: {
          htmlPlugin: false,
          rspack: (config) => {
            config.entry = {};
          },
        },
      },
      standalone: { source: { entry: base.source.entry } },
    },
  };
}

module.exports = { remoteRsbuildConfig, remoteWithStandaloneRsbuildConfig };
