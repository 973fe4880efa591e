/**
 * Run-time composition: the remotes come from /config.json (name → mf-manifest.json URL) and are
 * registered with the federation runtime the build plugin created, so moving or redeploying a remote
 * needs no rebuild of the shell.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { AppConfig } from '@tablee/shared';
import type { ComponentType } from 'react';

export const REMOTE_NAMES = ['mfe_onboarding', 'mfe_restaurant_profile', 'mfe_operations', 'mfe_public_links'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

let entries: Partial<Record<RemoteName, string>> = {};

export function registerConfiguredRemotes(config: AppConfig): void {
  entries = {};
  for (const name of REMOTE_NAMES) {
    const entry = config.remotes[name]?.entry;
    if (entry) entries[name] = entry;
  }
  registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
}

/**
 * Loads '<remote>/routes'. With `retry`, the remote is registered again with force, which drops the
 * runtime's cached (failed) entry so a remote that came back up is fetched anew.
 */
export async function loadRemoteRoutes(name: RemoteName, retry = false): Promise<{ default: ComponentType }> {
  const entry = entries[name];
  if (!entry) throw new Error(`Module ${name} absent de la configuration`);
  if (retry) registerRemotes([{ name, entry }], { force: true });
  const module = await loadRemote<{ default: ComponentType }>(`${name}/routes`);
  if (!module?.default) throw new Error(`Module ${name} indisponible`);
  return module;
}
