interface ModulePackage {
  name: string;
  dependencies?: Record<string, string>;
}
export declare function sharedDependencies(modulePackage: ModulePackage): Record<string, { singleton: true; requiredVersion: string }>;
/** Rsbuild's source.transformImport for antd: `import { Button } from 'antd'` → `antd/es/button`, shared per component. */
export declare const ANTD_IMPORTS: { libraryName: string; libraryDirectory: string; camelToDashComponentName: boolean; transformToDefaultImport: boolean }[];
/** The federation experiments of every remote's 'remote' build (the shell's runtime, browser only, no remote of its own). */
export declare const REMOTE_EXPERIMENTS: { externalRuntime: true; optimization: { target: 'web'; disableRemote: true } };
/** The kernel range a module declares ('workspace:' removed). */
export declare function kernelRange(modulePackage: ModulePackage): string;
export declare const modules: Record<'shell' | 'mfe-onboarding' | 'mfe-restaurant-profile' | 'mfe-operations' | 'mfe-public-links', { name: string; port: number }>;
