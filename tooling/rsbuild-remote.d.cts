/** Typed without importing @rsbuild/core (not a dependency of @tablee/shared); see rsbuild-remote.cjs. */
export declare function remoteRsbuildConfig<Plugin>(
  moduleDir: 'mfe-onboarding' | 'mfe-restaurant-profile' | 'mfe-operations' | 'mfe-public-links',
  plugins: Plugin[],
): {
  plugins: Plugin[];
  source: { entry: { index: string } };
  html: { title: string; template: string };
  server: { port: number; strictPort: boolean; historyApiFallback: boolean; cors: { origin: string } };
  output: { assetPrefix: 'auto' };
  dev: { assetPrefix: 'auto' };
};
