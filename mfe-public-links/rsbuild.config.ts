import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { remoteWithStandaloneRsbuildConfig } from '@tablee/tooling/rsbuild-remote';
import moduleFederationConfig from './module-federation.config';

/**
 * Two builds into dist/ (Rsbuild environments), as every remote. 'remote': what the shell loads —
 * remoteEntry.js and the exposed page, running on the shell's federation runtime
 * (experiments.externalRuntime; the shell sets provideExternalRuntime), so the link page does not
 * download a second copy of it (the link page's budget: ≤ 120 KB of gzip JavaScript). 'standalone':
 * index.html, the page on its own; nothing else shares that page, so it bundles React and needs no
 * federation runtime at all.
 */
export default defineConfig(remoteWithStandaloneRsbuildConfig('mfe-public-links', [pluginReact(), pluginModuleFederation(moduleFederationConfig, { environment: 'remote' })]));
