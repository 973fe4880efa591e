import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { remoteWithStandaloneRsbuildConfig } from '@tablee/tooling/rsbuild-remote';
import moduleFederationConfig from './module-federation.config';

// Two builds: 'remote' (on the shell's federation runtime) and 'standalone' (its own page), see tooling/rsbuild-remote.cjs.
export default defineConfig(remoteWithStandaloneRsbuildConfig('mfe-restaurant-profile', [pluginReact(), pluginModuleFederation(moduleFederationConfig, { environment: 'remote' })]));
