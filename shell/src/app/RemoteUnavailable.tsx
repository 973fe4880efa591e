/**
 * What a remote area shows when its module cannot be loaded: the French error with 'Réessayer', or,
 * for a remote built for another kernel, a message that says so. Its 'Réessayer' is the area's
 * (RemoteArea provides it), which registers the remote again and loads it anew.
 */
import { PageError } from '@tablee/shared';
import { createContext, useContext, type ComponentType } from 'react';
import type { KernelMismatchError } from './kernel-mismatch';
import { REMOTE_UNAVAILABLE } from './remote-unavailable-text';

/** The area's 'Réessayer'. */
export const RemoteRetryContext = createContext<() => void>(() => window.location.reload());

export function RemoteUnavailable({ mismatch }: { mismatch: KernelMismatchError | null }) {
  const retry = useContext(RemoteRetryContext);
  if (mismatch) {
    return (
      <PageError
        title="Ce module n'est pas compatible avec cette version de l'application."
        message={`Le module ${mismatch.remote} demande la version ${mismatch.range} du noyau de l'application, qui est en version ${mismatch.kernel}. Rechargez la page ; si le problème persiste, le module doit être redéployé.`}
        onRetry={retry}
      />
    );
  }
  return <PageError title={REMOTE_UNAVAILABLE.title} message={REMOTE_UNAVAILABLE.message} onRetry={retry} />;
}

/** The module errorLoadRemote hands to loadRemote's caller in place of the remote's. */
export function remoteFallback(mismatch: KernelMismatchError | null): { default: ComponentType } {
  return { default: () => <RemoteUnavailable mismatch={mismatch} /> };
}
