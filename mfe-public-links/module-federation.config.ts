import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { REMOTE_EXPERIMENTS, sharedDependencies } from '@tablee/tooling/federation';
import modulePackage from './package.json';

/** Exposes the link page ('./routes', reads its own address, no router) that the shell mounts under /reservations. */
export default createModuleFederationConfig({
  name: 'mfe_public_links',
  filename: 'remoteEntry.js',
  exposes: { './routes': './src/routes.tsx' },
  // Only what the exposed page imports: React and the kernel's core and action helper (the link page loads
  // nothing else; react-dom is the shell's, and the standalone build below shares nothing).
  shared: Object.fromEntries(Object.entries(sharedDependencies(modulePackage)).filter(([name]) => ['react', 'react/', '@tablee/shared/'].includes(name))),
  shareStrategy: 'loaded-first',
  // On the shell's runtime, with no remote of its own (tooling/federation.cjs).
  experiments: REMOTE_EXPERIMENTS,
  dts: false,
});
