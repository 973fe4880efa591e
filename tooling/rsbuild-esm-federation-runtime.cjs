/**
 * An Rsbuild plugin for the four remotes' builds: Module Federation's
 * generated entry imports its bundler runtime by the absolute path of the CommonJS build
 * (`@module-federation/webpack-bundler-runtime/dist/index.cjs`), and from there the CommonJS builds of
 * the runtime, the SDK and the error codes follow, which the bundler cannot tree-shake. The same
 * package ships an ES-module build beside it (`index.js`, its `exports.import`); pointing the request
 * there lets the unused parts go (the link page's remoteEntry.js: 8.5 KB gzip instead of 13.3).
 * Not in the shell: its entry provides the whole runtime to the remotes and measured larger with it
 * (33.3 → 34.7 KB gzip). No option of the federation plugin chooses this build, hence this replacement.
 */
const COMMONJS_BUNDLER_RUNTIME = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.cjs$/;

function pluginEsmFederationRuntime() {
  return {
    name: 'tablee:esm-federation-runtime',
    setup(api) {
      api.modifyRspackConfig((config, { rspack }) => {
        config.plugins = config.plugins ?? [];
        config.plugins.push(
          new rspack.NormalModuleReplacementPlugin(COMMONJS_BUNDLER_RUNTIME, (resource) => {
            resource.request = resource.request.replace(/index\.cjs$/, 'index.js');
          }),
        );
      });
    },
  };
}

module.exports = { pluginEsmFederationRuntime };
