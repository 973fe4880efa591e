/**
 * An Rsbuild plugin for the four remotes' builds: Module Federation's generated entry imports its
 * bundler runtime by the absolute path of the CommonJS build
 * (`@module-federation/webpack-bundler-runtime/dist/index.cjs`), and aliases `@module-federation/runtime`,
 * which that runtime imports, to the CommonJS build too (`runtime/dist/index.cjs`); from there the
 * CommonJS builds of the SDK and the error codes follow, which the bundler cannot tree-shake. Both
 * packages ship an ES-module build beside it (`index.js`, their `exports.import`); pointing the two
 * requests there lets the unused parts go (the link page's remoteEntry.js: 13.3 KB gzip with both in
 * CommonJS, 8.5 with the bundler runtime in ES modules, 7.3 with the runtime too).
 * Not in the shell: its entry provides the whole runtime to the remotes and measured larger with it
 * (33.3 → 34.7 KB gzip). No option of the federation plugin chooses these builds, hence this replacement.
 */
const COMMONJS_FEDERATION_RUNTIME = /[\\/]@module-federation[\\/](webpack-bundler-runtime|runtime)[\\/]dist[\\/]index\.cjs$/;

function pluginEsmFederationRuntime() {
  return {
    name: 'tablee:esm-federation-runtime',
    setup(api) {
      api.modifyRspackConfig((config, { rspack }) => {
        config.plugins = config.plugins ?? [];
        config.plugins.push(
          new rspack.NormalModuleReplacementPlugin(COMMONJS_FEDERATION_RUNTIME, (resource) => {
            // The bundler runtime is requested by its path (before resolution: `request`); the runtime by
            // its package name, aliased to the path (after resolution: `createData.resource`).
            if (resource.createData?.resource) resource.createData.resource = resource.createData.resource.replace(/\.cjs$/, '.js');
            else resource.request = resource.request.replace(/\.cjs$/, '.js');
          }),
        );
      });
    },
  };
}

module.exports = { pluginEsmFederationRuntime };
