import type { ANTD_IMPORTS } from './federation.cjs';
import type { pluginEsmFederationRuntime } from './rsbuild-esm-federation-runtime.cjs';

/** Typed without importing @rsbuild/core (not a dependency of @tablee/shared); see rsbuild-remote.cjs. */
export declare function remoteRsbuildConfig<Plugin>(
  moduleDir: 'mfe-onboarding' | 'mfe-restaurant-profile' | 'mfe-operations' | 'mfe-public-links',
  plugins: Plugin[],
): {
  /** The module's plugins, then the ES-module federation runtime (rsbuild-esm-federation-runtime.cjs). */
  plugins: (Plugin | ReturnType<typeof pluginEsmFederationRuntime>)[];
  source: { entry: { index: string }; transformImport: typeof ANTD_IMPORTS };
  html: { title: string; template: string };
  server: { port: number; strictPort: boolean; historyApiFallback: boolean; cors: { origin: string } };
  output: { assetPrefix: 'auto' };
  dev: { assetPrefix: 'auto' };
};

/** The remote in two builds ('remote' on the shell's federation runtime, 'standalone' its own page); see rsbuild-remote.cjs. */
export declare function remoteWithStandaloneRsbuildConfig<Plugin>(
  moduleDir: 'mfe-onboarding' | 'mfe-restaurant-profile' | 'mfe-operations' | 'mfe-public-links',
  plugins: Plugin[],
): Omit<ReturnType<typeof remoteRsbuildConfig<Plugin>>, 'source'> & {
  source: { transformImport: typeof ANTD_IMPORTS };
  environments: { remote: { tools: { htmlPlugin: false; rspack: (config: { entry?: unknown }) => void } }; standalone: { source: { entry: { index: string } } } };
};
