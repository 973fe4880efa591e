/**
 * The one shared-dependency list of every Tablée module (ARCHITECTURE.md, Module Federation):
 * each entry is a singleton, so exactly one copy of it runs in the browser, whichever module
 * loaded first provides it ('loaded-first'). A key ending in '/' shares the package's subpaths
 * (react/jsx-runtime, react-dom/client).
 */
const { version: sharedVersion } = require('./package.json');
const peers = require('./package.json').peerDependencies;

const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });

/** @type {Record<string, { singleton: true, requiredVersion: string }>} */
const sharedDependencies = {
  react: singleton(peers.react),
  'react/': singleton(peers.react),
  'react-dom': singleton(peers['react-dom']),
  'react-dom/': singleton(peers['react-dom']),
  'react-router': singleton(peers['react-router']),
  jotai: singleton(peers.jotai),
  antd: singleton(peers.antd),
  dayjs: singleton(peers.dayjs),
  '@supabase/supabase-js': singleton(peers['@supabase/supabase-js']),
  // One QueryClient and one cache for every module (the client lives in @tablee/shared).
  '@tanstack/react-query': singleton(peers['@tanstack/react-query']),
  '@tablee/shared': singleton(sharedVersion),
  // Subpaths (@tablee/shared/sections) are singletons too: one copy of the section forms' state.
  '@tablee/shared/': singleton(sharedVersion),
};

/** Module names (as registered by the shell) and their fixed ports. */
const modules = {
  shell: { name: 'shell', port: 3000 },
  'mfe-onboarding': { name: 'mfe_onboarding', port: 3001 },
  'mfe-restaurant-profile': { name: 'mfe_restaurant_profile', port: 3002 },
  'mfe-operations': { name: 'mfe_operations', port: 3003 },
  'mfe-public-links': { name: 'mfe_public_links', port: 3004 },
};

module.exports = { sharedDependencies, modules };
