/**
 * Light start of the one-click link pages (/reservations/*), second step (after link.ts): the page,
 * with React and the public-links remote and nothing else — no antd, no supabase-js, no router
 * (budget: ≤ 120 KB of gzip JavaScript).
 */
import { useState } from 'react';
import { LoadedRoutes } from '../app/LoadedRoutes';
import { REMOTE_UNAVAILABLE } from '../app/remote-unavailable-text';
import { ConfigError, LightError, LightErrorBoundary, LightLoading } from './LightStates';
import { linkRemoteRegistered } from './link-remote';
import { root } from './root';

/** The remote's page in an error boundary with 'Réessayer', as RemoteArea does in the full application. */
export function LinkArea() {
  const [attempt, setAttempt] = useState(0);
  const retry = () => setAttempt((n) => n + 1);
  return (
    <LightErrorBoundary title={REMOTE_UNAVAILABLE.title} message={REMOTE_UNAVAILABLE.message} onRetry={retry}>
      <LoadedRoutes
        name="mfe_public_links"
        attempt={attempt}
        loading={<LightLoading />}
        failed={<LightError title={REMOTE_UNAVAILABLE.title} message={REMOTE_UNAVAILABLE.message} onRetry={retry} />}
      />
    </LightErrorBoundary>
  );
}

linkRemoteRegistered.then(
  () => root.render(<LinkArea />),
  (error: unknown) => {
    console.error(error);
    root.render(<ConfigError />);
  },
);
