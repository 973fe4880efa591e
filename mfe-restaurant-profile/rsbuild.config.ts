import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { remoteRsbuildConfig } from '@tablee/tooling/rsbuild-remote';
import moduleFederationConfig from './module-federation.config';

export default defineConfig(remoteRsbuildConfig('mfe-restaurant-profile', [pluginReact(), pluginModuleFederation(moduleFederationConfig)]));
