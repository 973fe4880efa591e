import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { ANTD_IMPORTS } from '@tablee/tooling/federation';
import moduleFederationConfig from './module-federation.config';

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(moduleFederationConfig)],
  // antd per component, as every module imports it (tooling/federation.cjs).
  source: { entry: { index: './src/index.tsx' }, transformImport: ANTD_IMPORTS },
  html: { title: 'Tablée', template: './index.html' },
  server: { port: Number(process.env.PORT) || 3000, strictPort: true, historyApiFallback: true, cors: { origin: '*' } },
  // The shell is served at deep URLs (/restaurants/…): its own chunks are at absolute paths.
  // Hashes of 5 characters (Rsbuild's default is 10; 20 bits still tell one build's file from the next): the
  // entry chunk maps every async chunk to its hash,
  // and antd shared per component made those chunks many; the link page's 120 KB budget counts the entry.
  output: { assetPrefix: '/', filenameHash: 'contenthash:5' },
  dev: { assetPrefix: '/' },
  performance: {
    chunkSplit: {
      strategy: 'split-by-experience',
      override: {
        cacheGroups: {
          // antd's default locale (en_US, with its pagination, calendar and picker parts, and the locale's
          // context), which nearly every component imports: one chunk of its own. Each component is a shared
          // module of its own chunk, and a module smaller than splitChunks' minSize would otherwise be
          // repeated in every component's chunk (the same bytes downloaded up to five times in one page).
          antdLocale: {
            test: /[\\/]node_modules[\\/](antd[\\/]es[\\/](locale|date-picker[\\/]locale|time-picker[\\/]locale|calendar[\\/]locale)|@rc-component[\\/](pagination|picker)[\\/](es[\\/]|lib[\\/])?locale)[\\/]/,
            name: 'antd-locale',
            chunks: 'async',
            enforce: true,
          },
        },
      },
    },
  },
});
