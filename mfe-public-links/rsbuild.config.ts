import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { remoteRsbuildConfig } from '@tablee/tooling/rsbuild-remote';
import moduleFederationConfig from './module-federation.config';

/**
 * Two builds into dist/ (Rsbuild environments). 'remote': what the shell loads — remoteEntry.js and the
 * exposed page, running on the shell's federation runtime (experiments.externalRuntime; the shell sets
 * provideExternalRuntime), so the link page does not download a second copy of it (the link
 * page's budget: ≤ 120 KB of gzip JavaScript). 'standalone': index.html, the page on its own; nothing else shares
 * that page, so it bundles React and needs no federation runtime at all.
 */
const base = remoteRsbuildConfig('mfe-public-links', [pluginReact(), pluginModuleFederation(moduleFederationConfig, { environment: 'remote' })]);

export default defineConfig({
  ...base,
  source: {},
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
});
