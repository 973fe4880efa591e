/** Standalone: the same providers as the shell and this module's routes under /reservations (no sign-in). */
import { renderStandalone } from '@tablee/shared';
import PublicLinksRoutes from './routes';

void renderStandalone({
  title: 'mfe-public-links',
  mountPath: '/reservations',
  routes: PublicLinksRoutes,
  requiresAuth: false,
  links: [
    { to: '/reservations/EXEMPLE/accept/code', label: 'Lien d’acceptation (exemple)' },
    { to: '/reservations/EXEMPLE/reject/code', label: 'Lien de refus (exemple)' },
  ],
});
