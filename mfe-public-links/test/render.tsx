import { AppProviders, setAppConfig } from '@tablee/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import PublicLinksRoutes from '../src/routes';

/** The texts the link page shows, as ReservationLinkPage.tsx writes them. */
export const TEXT = {
  loading: 'Traitement en cours...',
  accepted: 'Réservation acceptée !',
  rejected: 'Réservation refusée',
  acceptFailed: "Échec de l'acceptation",
  rejectFailed: 'Échec du refus',
  alreadyHandled: 'Réservation déjà traitée',
  someError: 'Une erreur est survenue',
  missingParameters: "Paramètres manquants dans l'URL",
  unreachable: 'Le service de réservation est injoignable. Réessayez dans quelques instants.',
  checkLink: 'Vérifiez le lien reçu par email ou contactez le support Tablée.',
  emailSent: 'Un email de confirmation a été envoyé au client.',
  canClose: 'Vous pouvez fermer cette page.',
};

/** The app's run-time configuration, with the reservation service's API at `reservationApiUrl` (…/api). */
export function pointReservationApiAt(reservationApiUrl: string, supabaseUrl = 'http://127.0.0.1:9') {
  setAppConfig({ supabaseUrl, supabaseAnonKey: 'unused-by-the-link-page', reservationApiUrl, remotes: {} });
}

/** The module's routes mounted under /reservations, as the shell mounts them, opened at `path`. */
export function renderLink(path: string) {
  return renderRoutes([{ path: '/reservations/*', element: <PublicLinksRoutes /> }], path);
}

/** Any routes in a memory router, inside the providers every module renders at its root. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { ...render(<AppProviders><RouterProvider router={router} /></AppProviders>), router };
}
