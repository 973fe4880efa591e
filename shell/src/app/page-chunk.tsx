/**
 * A screen of the shell in a chunk of its own: asked when first shown, or ahead (`load`).
 * Rendered from state, not through React.lazy and Suspense: React holds content that replaces a
 * committed Suspense fallback until 300 ms after that fallback showed (see LoadedRoutes.tsx), which every
 * full load of such a screen would pay. Already loaded, it renders at once. A chunk that cannot be
 * loaded goes to the error boundary, and is asked again next time.
 */
import { PageLoading } from '@tablee/shared';
import { useEffect, useState, type ComponentType } from 'react';

export function pageChunk<M extends Record<K, ComponentType>, K extends keyof M>(importer: () => Promise<M>, name: K) {
  let pending: Promise<M> | undefined;
  let loaded: M | undefined;

  const load = (): Promise<M> => {
    pending ??= importer().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  function Page() {
    const [module, setModule] = useState<M | undefined>(loaded);
    const [error, setError] = useState<unknown>();
    useEffect(() => {
      if (module) return;
      let current = true;
      load().then(
        (m) => current && setModule(m),
        (e: unknown) => current && setError(e ?? new Error('Page indisponible')),
      );
      return () => {
        current = false;
      };
    }, [module]);
    if (error) throw error;
    if (!module) return <PageLoading />;
    const Screen = module[name] as ComponentType;
    return <Screen />;
  }

  return { Page, load };
}
