/**
 * Light start of the one-click link pages (/reservations/*): the config, the public-links remote and
 * nothing else — no antd, no supabase-js, no router (issue 15: ≤ 120 KB of gzip JavaScript).
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { REMOTE_UNAVAILABLE } from '../app/remote-unavailable-text';
import { loadRemoteRoutes, registerConfiguredRemotes } from '../app/remotes';
import { appConfig } from './config';
import { ConfigError, LightErrorBoundary, LightLoading } from './LightStates';
import { root } from './root';

/** The remote's page in an error boundary with 'Réessayer', as RemoteArea does in the full application. */
export function LinkArea() {
  const [attempt, setAttempt] = useState(0);
  const LinkPage = useMemo(() => lazy(() => loadRemoteRoutes('mfe_public_links', attempt > 0)), [attempt]);
  return (
    <LightErrorBoundary
      title={REMOTE_UNAVAILABLE.title}
      message={REMOTE_UNAVAILABLE.message}
      onRetry={() => setAttempt((n) => n + 1)}
    >
      <Suspense fallback={<LightLoading />}>
        <LinkPage />
      </Suspense>
    </LightErrorBoundary>
  );
}

appConfig().then(
  (config) => {
    registerConfiguredRemotes(config);
    root.render(<LinkArea />);
  },
  (error: unknown) => {
    console.error(error);
    root.render(<ConfigError />);
  },
);
