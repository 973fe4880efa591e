import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { loadRemoteRoutes, type RemoteName } from './remotes';

type Loaded = { key: string; Routes: ComponentType } | { key: string; error: unknown };

/**
 * A remote's routes, loaded into state rather than through React.lazy and Suspense on purpose: React
 * holds back content that replaces a committed Suspense fallback until 300 ms after that fallback
 * showed (FALLBACK_THROTTLE_MS, a retry-lane rule), so a remote that arrived 100 ms after its
 * 'Chargement...' still waited 200 ms more on every full load. A state update commits at once.
 * Returns undefined while loading; throws what failed to its error boundary, as lazy did.
 * `attempt` > 0 ('Réessayer') loads the remote anew.
 */
function useRemoteRoutes(name: RemoteName, attempt: number): ComponentType | undefined {
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
  if (loaded?.key !== key) return undefined;
  if ('error' in loaded) throw loaded.error;
  return loaded.Routes;
}

/**
 * A remote's routes once loaded, `loading` until then. Placed inside an error boundary, which receives
 * what fails to load. Plain React and the federation runtime only: the light link page uses it too.
 */
export function LoadedRoutes({ name, attempt, loading }: { name: RemoteName; attempt: number; loading: ReactNode }) {
  const Routes = useRemoteRoutes(name, attempt);
  return Routes ? <Routes /> : loading;
}
