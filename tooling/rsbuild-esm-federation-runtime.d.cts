/** Typed without importing @rsbuild/core (not a dependency of @tablee/tooling); see rsbuild-esm-federation-runtime.cjs. */
export declare function pluginEsmFederationRuntime(): { name: string; setup(api: unknown): void };
