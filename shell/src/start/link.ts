/**
 * Light start of the one-click link pages (/reservations/*), first step, with no React: the config,
 * the public-links remote registered, and its page module loaded at once. That module needs React
 * but not react-dom, so it arrives before anything can render, and its `startLinkCall` begins the
 * reservation service's call there, in parallel with the rest of the code (issue 15: data in parallel
 * with code). Then the page itself (link-page.tsx), imported from here so that no module of this
 * chunk is downloaded twice.
 */
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { AppConfig } from '@tablee/shared/core';
import { registerConfiguredRemotes } from '../app/remotes';
import { appConfig } from './config';

export const linkRemoteRegistered: Promise<AppConfig> = appConfig().then((config) => {
  registerConfiguredRemotes(config);
  // A head start only: if it fails, the page loads the remote (with its French error) and calls itself.
  loadRemote<{ startLinkCall?: () => void }>('mfe_public_links/routes')
    .then((module) => module?.startLinkCall?.())
    .catch(() => undefined);
  return config;
});

void import('./link-page');
