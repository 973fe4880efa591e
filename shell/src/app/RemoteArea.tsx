import { ErrorBoundary, PageError, PageLoading } from '@tablee/shared';
import { useCallback, useState } from 'react';
import type { RemoteName } from './remotes';
import { REMOTE_UNAVAILABLE } from './remote-unavailable-text';
import { RemoteRetryContext } from './RemoteUnavailable';
import { LoadedRoutes } from './LoadedRoutes';

/**
 * One remote's routes. A remote that cannot be loaded gives the runtime's fallback module (French
 * error, 'Réessayer'; federation-plugins.ts); the error boundary catches what a remote throws while
 * rendering. Either way the rest of the application keeps working.
 */
export function RemoteArea({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return (
    <RemoteRetryContext.Provider value={retry}>
      <ErrorBoundary title={REMOTE_UNAVAILABLE.title} message={REMOTE_UNAVAILABLE.message} onRetry={retry}>
        <LoadedRoutes
          name={name}
          attempt={attempt}
          loading={<PageLoading label="Chargement..." />}
          failed={<PageError title={REMOTE_UNAVAILABLE.title} message={REMOTE_UNAVAILABLE.message} onRetry={retry} />}
        />
      </ErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}
