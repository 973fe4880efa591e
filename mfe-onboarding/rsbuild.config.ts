import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import moduleFederationConfig from './module-federation.config';

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(moduleFederationConfig)],
  source: { entry: { index: './src/index.tsx' } },
  html: { title: 'Tablée', template: './index.html' },
  server: { port: Number(process.env.PORT) || 3001, strictPort: true, historyApiFallback: true, cors: { origin: '*' } },
  output: {
    // Chunks are fetched from this module's own origin even when the shell loads it.
    assetPrefix: 'auto',
  },
  dev: { assetPrefix: 'auto' },
});
