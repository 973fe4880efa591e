/**
 * The shell's Module Federation runtime plugins, registered at start (remotes.ts) before any remote
 * is loaded:
 * - `RetryPlugin` (@module-federation/retry-plugin): a manifest that fails to download is fetched
 *   again, a remote entry or an exposed module whose script fails is loaded again, a few times, before
 *   an error is raised. Checked against runtime-core 2.9.2: its `fetch`, `loadEntryError` and
 *   `getModuleFactory` hooks are called with the arguments the plugin expects. In 0.17.1 the delay
 *   between manifest fetches is its fixed 1 s (the `fetch` option's retryDelay is not passed on).
 * - `remoteGuardPlugin`: the kernel range check on each manifest, and the fallback module that stands
 *   for a remote that cannot be loaded, so that a remote that is down never breaks the shell.
 * Nothing here imports antd or the kernel's main entry (the light entry pages load this file): the
 * fallback's component is imported only when a remote fails.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { KERNEL_VERSION } from '@tablee/shared/core';
import type { ComponentType } from 'react';
import { takeWarmManifest } from '../start/warm-manifests';
import { kernelMismatch, KernelMismatchError } from './kernel-mismatch';

/**
 * Retries before an error: manifests 2 more times (1 s apart), remote entries and exposed modules 2
 * more times, 300 ms apart. A manifest the page already asked early (early.ts, the link pages) is
 * that answer when it came back well; otherwise it is fetched, with the retries.
 */
export function retryPlugin(warmManifest: (url: string) => Promise<Response> | undefined = takeWarmManifest): ModuleFederationRuntimePlugin {
  const retry = RetryPlugin({ fetch: { retryTimes: 2 }, script: { retryTimes: 2, retryDelay: 300 } }) as ModuleFederationRuntimePlugin;
  return {
    ...retry,
    fetch: (url, options) => {
      const retried = () => retry.fetch!(url, options) as Promise<Response>;
      const early = warmManifest(url);
      return early ? early.then((response) => (response.ok ? response : retried()), retried) : retried();
    },
  };
}

export function remoteGuardPlugin(kernelVersion: string = KERNEL_VERSION): ModuleFederationRuntimePlugin {
  return {
    name: 'tablee-remote-guard',
    // A manifest just downloaded: a remote built for another kernel is not loaded (the runtime would
    // only warn and run it against the page's kernel). The error reaches errorLoadRemote below.
    loadRemoteSnapshot(args) {
      const mismatch = args.manifestJson && kernelMismatch({ ...args.manifestJson, name: args.manifestJson.name || args.moduleInfo.name }, kernelVersion);
      if (mismatch) {
        console.error(mismatch.message);
        throw mismatch;
      }
      return args;
    },
    // loadRemote failed (after the retries): its caller gets a module whose default export shows the
    // French error with 'Réessayer' instead of an exception. Other lifecycles keep the runtime's way.
    async errorLoadRemote({ lifecycle, error }) {
      if (lifecycle !== 'onLoad') return undefined;
      if (!(error instanceof KernelMismatchError)) console.error('Tablée : un module n’a pas pu être chargé', error);
      const { remoteFallback } = await import('./RemoteUnavailable');
      return remoteFallback(error instanceof KernelMismatchError ? error : null) satisfies { default: ComponentType };
    },
  };
}
