/**
 * Run-time composition: the remotes come from /config.json (name → mf-manifest.json URL) and are
 * registered with the federation runtime the build plugin created, so moving or redeploying a remote
 * needs no rebuild of the shell. The runtime plugins (federation-plugins.ts) retry what fails to
 * download, check each remote's kernel range, and turn a remote that cannot be loaded into a module
 * that shows the French error.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { AppConfig } from '@tablee/shared/core';
import type { ComponentType } from 'react';
import { remoteGuardPlugin, retryPlugin } from './federation-plugins';

export const REMOTE_NAMES = ['mfe_onboarding', 'mfe_restaurant_profile', 'mfe_operations', 'mfe_public_links'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

let entries: Partial<Record<RemoteName, string>> = {};

export function registerConfiguredRemotes(config: AppConfig): void {
  // Registered once per page (the runtime ignores a plugin name it already has).
  registerPlugins([retryPlugin(), remoteGuardPlugin()]);
  entries = {};
  for (const name of REMOTE_NAMES) {
    const entry = config.remotes[name]?.entry;
    if (entry) entries[name] = entry;
  }
  registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
}

/**
 * Loads '<remote>/routes' (what failed to download was already retried by the runtime; a remote that
 * still cannot be loaded gives the fallback module). `again` ('Réessayer', after the retries failed)
 * registers the remote again with force, which drops the runtime's cached manifest and entry, so a
 * remote that came back up, or was redeployed, is fetched anew.
 */
export async function loadRemoteRoutes(name: RemoteName, again = false): Promise<{ default: ComponentType }> {
  const entry = entries[name];
  if (!entry) throw new Error(`Module ${name} absent de la configuration`);
  if (again) registerRemotes([{ name, entry }], { force: true });
  const module = await loadRemote<{ default: ComponentType }>(`${name}/routes`);
  if (!module?.default) throw new Error(`Module ${name} indisponible`);
  return module;
}
