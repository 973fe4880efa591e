/**
 * The restaurant layout (sidebar, phone drawer), a chunk of its own: asked when a restaurant is opened,
 * or ahead from the dashboard once its cards show (AppRoutes). One download for both; a failed one is
 * asked again next time.
 */
type LayoutModule = typeof import('../features/restaurant/components/RestaurantLayout');
let layout: Promise<LayoutModule> | undefined;

export function loadRestaurantLayout(): Promise<LayoutModule> {
  layout ??= import('../features/restaurant/components/RestaurantLayout').catch((error: unknown) => {
    layout = undefined;
    throw error;
  });
  return layout;
}
