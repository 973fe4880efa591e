/** Standalone: the same providers as the shell, a sign-in, and this module's routes under their prefix. */
import { renderStandalone } from '@tablee/tooling/standalone';
import { RESTAURANT_TABS, restaurantPath } from '@tablee/domain';
import RestaurantProfileRoutes from './routes';

void renderStandalone({
  title: 'mfe-restaurant-profile',
  mountPath: '/restaurants/:restaurantId',
  routes: RestaurantProfileRoutes,
  requiresAuth: true,
  restaurantLinks: (id) => RESTAURANT_TABS.map((tab) => ({ to: restaurantPath(id, tab.path), label: tab.label })),
});
