import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { sharedDependencies } from '@tablee/tooling/federation';
import modulePackage from './package.json';

/** Exposes one route module (relative <Routes>, no router of its own) that the shell mounts under its prefix. */
export default createModuleFederationConfig({
  name: 'mfe_restaurant_profile',
  filename: 'remoteEntry.js',
  exposes: { './routes': './src/routes.tsx' },
  shared: sharedDependencies(modulePackage),
  shareStrategy: 'loaded-first',
  // The shell provides its runtime (provideExternalRuntime): remoteEntry.js does not carry a second one.
  experiments: { externalRuntime: true, optimization: { target: 'web' } },
  dts: false,
});
