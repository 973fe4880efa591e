/** Standalone: the same providers as the shell, a sign-in, and this module's routes under their prefix. */
import { OPERATIONS_MOUNT } from '@tablee/operations-data';
import { renderStandalone } from '@tablee/tooling/standalone';
import { OPERATIONAL_TABS, restaurantPath } from '@tablee/domain';
import OperationsRoutes from './routes';

void renderStandalone({
  title: 'mfe-operations',
  mountPath: OPERATIONS_MOUNT,
  routes: OperationsRoutes,
  requiresAuth: true,
  restaurantLinks: (id) => OPERATIONAL_TABS.map((tab) => ({ to: restaurantPath(id, tab.path), label: tab.label })),
});
