import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { loadRemoteRoutes, type RemoteName } from './remotes';

type Loaded = { key: string; Routes: ComponentType } | { key: string; error: unknown };

/**
 * A remote's routes once loaded, `loading` until then, `failed` when it cannot be loaded (the French
 * error with 'Réessayer'). A failure is rendered, not thrown: an error thrown while React renders
 * concurrently is rendered again at once, and when that second render no longer throws (the page left
 * meanwhile) React reports it as an uncaught error. The error boundary around it catches what a loaded
 * remote throws. Plain React and the federation runtime only: the light link page uses it too.
 * `attempt` > 0 ('Réessayer') loads the remote anew.
 *
 * Loaded into state rather than through React.lazy and Suspense on purpose: React holds back content
 * that replaces a committed Suspense fallback until 300 ms after that fallback showed
 * (FALLBACK_THROTTLE_MS, a retry-lane rule), so a remote that arrived 100 ms after its 'Chargement...'
 * still waited 200 ms more on every full load. A state update commits at once. The component is read
 * straight from that state, where React sees it is the same one on every render.
 */
export function LoadedRoutes({ name, attempt, loading, failed }: { name: RemoteName; attempt: number; loading: ReactNode; failed: ReactNode }) {
  const key = `${name}#${attempt}`;
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    let current = true;
    loadRemoteRoutes(name, attempt > 0).then(
      (module) => current && setLoaded({ key, Routes: module.default }),
      (error: unknown) => current && setLoaded({ key, error }),
    );
    return () => {
      current = false;
    };
  }, [key, name, attempt]);
  if (loaded?.key !== key) return loading;
  if ('error' in loaded) return failed;
  const { Routes } = loaded;
  return <Routes />;
}
