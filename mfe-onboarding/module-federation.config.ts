import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { REMOTE_EXPERIMENTS, sharedDependencies } from '@tablee/tooling/federation';
import modulePackage from './package.json';

/** Exposes one route module (relative <Routes>, no router of its own) that the shell mounts under its prefix. */
export default createModuleFederationConfig({
  name: 'mfe_onboarding',
  filename: 'remoteEntry.js',
  exposes: { './routes': './src/routes.tsx' },
  shared: sharedDependencies(modulePackage),
  shareStrategy: 'loaded-first',
  // On the shell's runtime, with no remote of its own (tooling/federation.cjs).
  experiments: REMOTE_EXPERIMENTS,
  dts: false,
});
