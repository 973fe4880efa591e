import { ErrorBoundary, PageLoading } from '@tablee/shared';
import { lazy, Suspense, useMemo, useState } from 'react';
import { loadRemoteRoutes, type RemoteName } from './remotes';

/**
 * One remote's routes, inside an error boundary: a remote that is down or throws leaves the rest of
 * the application working and shows a French message with 'Réessayer'.
 */
export function RemoteArea({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const RemoteRoutes = useMemo(() => lazy(() => loadRemoteRoutes(name, attempt > 0)), [name, attempt]);
  return (
    <ErrorBoundary
      title="Cette section est momentanément indisponible."
      message="Le module n'a pas pu être chargé. Vérifiez votre connexion puis réessayez."
      onRetry={() => setAttempt((n) => n + 1)}
    >
      <Suspense fallback={<PageLoading label="Chargement..." />}>
        <RemoteRoutes />
      </Suspense>
    </ErrorBoundary>
  );
}
