import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { sharedDependencies } from '@tablee/tooling/federation';
import modulePackage from './package.json';

/**
 * The host declares no remote at build time: it reads their manifest URLs from /config.json and
 * registers them at run time (src/app/remotes.ts), so a remote moves or redeploys without a rebuild.
 */
export default createModuleFederationConfig({
  name: 'shell',
  remotes: {},
  // antd is provided, not consumed, by the shell: rsbuild.config.ts (antdProvidedByTheShell).
  shared: Object.fromEntries(Object.entries(sharedDependencies(modulePackage)).filter(([name]) => name !== 'antd/')),
  shareStrategy: 'loaded-first',
  // Remotes built with externalRuntime (mfe-public-links: the light link page) run on this runtime.
  experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
  dts: false,
});
