/**
 * The restaurant layout (sidebar, phone drawer), a chunk of its own: asked when a restaurant is opened,
 * or ahead (from the dashboard once its cards show, and at start on a restaurant's address: area-ahead.ts).
 * One download for all; a failed one is asked again next time.
 */
import { PageLoading } from '@tablee/shared';
import { useEffect, useState } from 'react';

type LayoutModule = typeof import('../features/restaurant/components/RestaurantLayout');
let layout: Promise<LayoutModule> | undefined;
let loaded: LayoutModule | undefined;

export function loadRestaurantLayout(): Promise<LayoutModule> {
  layout ??= import('../features/restaurant/components/RestaurantLayout').then(
    (module) => (loaded = module),
    (error: unknown) => {
      layout = undefined;
      throw error;
    },
  );
  return layout;
}

/**
 * The layout once its chunk is there, 'Chargement...' until then. Rendered from state, not through
 * React.lazy and Suspense: React holds content that replaces a committed Suspense fallback until 300 ms
 * after that fallback showed (see LoadedRoutes.tsx), which every full load of a restaurant's screen paid.
 * Already loaded (asked ahead), it renders at once. A chunk that cannot be loaded goes to the error boundary.
 */
export function LazyRestaurantLayout() {
  const [module, setModule] = useState<LayoutModule | undefined>(loaded);
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    if (module) return;
    let current = true;
    loadRestaurantLayout().then(
      (m) => current && setModule(m),
      (e: unknown) => current && setError(e ?? new Error('Mise en page indisponible')),
    );
    return () => {
      current = false;
    };
  }, [module]);
  if (error) throw error;
  if (!module) return <PageLoading />;
  const { RestaurantLayout } = module;
  return <RestaurantLayout />;
}
