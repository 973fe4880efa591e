/**
 * The kernel range check of a remote's manifest, and its error: read by the runtime plugin that
 * refuses such a remote (federation-plugins.ts) and by the fallback that explains it (RemoteUnavailable.tsx).
 * Only the federation runtime here: the light entry pages load it.
 */
import { satisfy } from '@module-federation/enhanced/runtime';

/** The kernel's package name as the remotes share it (its subpaths, e.g. '@tablee/shared/core', carry the same range). */
const KERNEL = '@tablee/shared';

/** What a remote's mf-manifest.json says that matters here. */
export interface FederationManifest {
  name?: string;
  shared?: { name: string; requiredVersion?: string | false }[];
}

/** A remote built for a kernel outside the range the page has. */
export class KernelMismatchError extends Error {
  constructor(
    readonly remote: string,
    readonly range: string,
    readonly kernel: string,
  ) {
    super(`Tablée : le module ${remote} demande le noyau ${KERNEL} ${range}, mais la page a le noyau ${kernel} ; il n'est pas chargé.`);
    this.name = 'KernelMismatchError';
  }
}

/**
 * The kernel range a manifest declares that `kernelVersion` does not satisfy, or null. Ranges are
 * read with the runtime's own `satisfy`, the one it judges shared modules' requiredVersion with.
 */
export function kernelMismatch(manifest: FederationManifest, kernelVersion: string): KernelMismatchError | null {
  for (const shared of manifest.shared ?? []) {
    if (shared.name !== KERNEL && !shared.name.startsWith(`${KERNEL}/`)) continue;
    const range = shared.requiredVersion;
    if (typeof range === 'string' && range && !satisfy(kernelVersion, range)) return new KernelMismatchError(manifest.name ?? '?', range, kernelVersion);
  }
  return null;
}
