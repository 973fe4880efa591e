/**
 * The config read and the public-links remote registered, once, for the link pages: started by
 * link.ts, awaited by link-page.tsx. The remote's page module is loaded at once: it needs React but
 * not react-dom, so it arrives before anything can render, and its `startLinkCall` begins the
 * reservation service's call there, in parallel with the rest of the code.
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
