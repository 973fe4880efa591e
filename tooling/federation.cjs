/**
 * The one shared-dependency list of every Tablée module (ARCHITECTURE.md, Module Federation): the
 * libraries and the kernel (@tablee/shared), each a singleton, so exactly one copy of it runs in the
 * browser, whichever module loaded first provides it ('loaded-first'). A key ending in '/' shares the
 * package's subpaths (react/jsx-runtime, react-dom/client, @tablee/shared/core).
 * Each module passes its own package.json: what it declares there is the range it needs
 * (`requiredVersion`), and the version it provides is the one installed. Domain code (@tablee/domain,
 * @tablee/sections, @tablee/operations-data) is never listed: the modules that use it bundle their own build of it.
 */
const SHARED = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'jotai',
  // antd per component (see ANTD_IMPORTS): 'antd/es/button', 'antd/locale/fr_FR', …
  'antd/',
  'dayjs',
  '@supabase/supabase-js',
  // One QueryClient and one cache for every module (the client lives in the kernel).
  '@tanstack/react-query',
  '@tablee/shared',
  '@tablee/shared/',
];

/**
 * antd is shared per component, not whole: the imports `import { Button } from 'antd'` are rewritten at
 * build time to `import Button from 'antd/es/button'` (Rsbuild's source.transformImport), each a shared
 * singleton of its own, so a screen downloads the components it renders and not the 1.4 MB whole.
 * Every module builds with this rewrite (source.transformImport of rsbuild-remote.cjs and of the shell); the
 * shell provides every component (shell/src/app/antd-components.ts), so that all come from one build.
 */
const ANTD_IMPORTS = [{ libraryName: 'antd', libraryDirectory: 'es', camelToDashComponentName: true, transformToDefaultImport: true }];

/** 'workspace:^1.2.0' (pnpm's protocol for the kernel) → '^1.2.0'. */
const range = (declared) => declared.replace(/^workspace:/, '');

/**
 * @param {{ name: string, dependencies?: Record<string, string> }} modulePackage the module's package.json
 * @returns {Record<string, { singleton: true, requiredVersion: string }>}
 */
function sharedDependencies(modulePackage) {
  const dependencies = modulePackage.dependencies ?? {};
  // A library the module does not declare, it does not use (pnpm would not let it resolve one).
  const keys = SHARED.filter((key) => dependencies[key.replace(/\/$/, '')]);
  const packageOf = (key) => (key.startsWith('antd/') ? 'antd' : key.replace(/\/$/, ''));
  return Object.fromEntries(keys.map((key) => [key, { singleton: true, requiredVersion: range(dependencies[packageOf(key)]) }]));
}

/**
 * The federation experiments of every remote's 'remote' build: it runs on the shell's runtime
 * (externalRuntime; the shell sets provideExternalRuntime), so remoteEntry.js does not carry a second one;
 * in a browser only (target 'web': no Node.js script loader); and with no remote of its own (disableRemote:
 * only the shell loads remotes, so the bundler runtime's remote loading is left out of remoteEntry.js).
 */
const REMOTE_EXPERIMENTS = { externalRuntime: true, optimization: { target: 'web', disableRemote: true } };

/** Module names (as registered by the shell) and their fixed ports. */
const modules = {
  shell: { name: 'shell', port: 3000 },
  'mfe-onboarding': { name: 'mfe_onboarding', port: 3001 },
  'mfe-restaurant-profile': { name: 'mfe_restaurant_profile', port: 3002 },
  'mfe-operations': { name: 'mfe_operations', port: 3003 },
  'mfe-public-links': { name: 'mfe_public_links', port: 3004 },
};

module.exports = { sharedDependencies, ANTD_IMPORTS, REMOTE_EXPERIMENTS, modules, kernelRange: (modulePackage) => range(modulePackage.dependencies['@tablee/shared']) };
