/**
 * The restaurant layout (sidebar, phone drawer), a chunk of its own: asked when a restaurant is opened,
 * or ahead (from the dashboard once its cards show, and at start on a restaurant's address: area-ahead.ts).
 */
import { pageChunk } from './page-chunk';

export const { Page: LazyRestaurantLayout, load: loadRestaurantLayout } = pageChunk(() => import('../features/restaurant/components/RestaurantLayout'), 'RestaurantLayout');
