/**
 * A full load of an address inside an area starts that area's code at once, beside the shell's own
 * chunks and the screen's data, rather than once the restaurant layout's chunk has arrived and mounted
 * the remote (the layout is a chunk of its own, and a remote's first render waits for the
 * antd components it takes from the shell).
 */
import { loadRestaurantLayout } from './restaurant-layout';
import { loadRemoteRoutes, type RemoteName } from './remotes';

/** The remote and whether the restaurant layout holds it, for an address of the signed-in application. */
export function areaOf(pathname: string): { remote: RemoteName; layout: boolean } | undefined {
  if (pathname === '/onboarding' || pathname.startsWith('/onboarding/')) return { remote: 'mfe_onboarding', layout: false };
  const restaurant = /^\/restaurants\/[^/]+\/(.+)$/.exec(pathname);
  if (!restaurant) return undefined;
  return { remote: restaurant[1] === 'operational' || restaurant[1].startsWith('operational/') ? 'mfe_operations' : 'mfe_restaurant_profile', layout: true };
}

/** The area's code for this address: the restaurant layout if it holds it, and the remote's routes. */
export async function loadArea(pathname: string): Promise<void> {
  const area = areaOf(pathname);
  if (!area) return;
  await Promise.all([area.layout ? loadRestaurantLayout() : undefined, loadRemoteRoutes(area.remote)]);
}

/** Starts the area's code for this address (errors are the screen's to show, when it asks again). */
export function loadAreaAhead(pathname: string): void {
  loadArea(pathname).catch(() => undefined);
}

/**
 * From the dashboard, once its cards show, the owner most likely opens a restaurant's requests: its
 * layout and the operations remote's routes (its manifest, entry and chunks, and the antd components
 * they take from the shell) are loaded ahead, after the cards are on screen, never before (they would slow them down).
 * Loaded, not only preloaded: the shared components are known only once the remote's code asks for them.
 */
export const loadRestaurantAreaAhead = () => {
  setTimeout(() => {
    loadRestaurantLayout().catch(() => undefined);
    loadRemoteRoutes('mfe_operations').catch(() => undefined);
  }, 0);
};
