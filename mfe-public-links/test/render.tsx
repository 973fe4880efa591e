import { setAppConfig } from '@tablee/shared/core';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
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
  unreachable: 'Le service de réservation est injoignable. Réessayez dans un instant.',
  checkLink: 'Vérifiez le lien reçu par email ou contactez le support Tablée.',
  emailQueued: 'Un email de confirmation va être envoyé au client.',
  canClose: 'Vous pouvez fermer cette page.',
  toConfirm: 'Acceptation à confirmer dans Tablée',
  openInApp: 'Ouvrir la réservation dans Tablée',
};

/** The app's run-time configuration, with the reservation service's API at `reservationApiUrl` (…/api). */
export function pointReservationApiAt(reservationApiUrl: string, supabaseUrl = 'http://127.0.0.1:9') {
  setAppConfig({ supabaseUrl, supabaseAnonKey: 'unused-by-the-link-page', reservationApiUrl, remotes: {} });
}

/**
 * The module's page at `path`, as the shell shows it: the address is the page's own (the module reads
 * it, no router around it) and no provider wraps it (the light link route of the shell has none).
 */
export function renderLink(path: string, { strict = false } = {}) {
  window.history.replaceState(null, '', path);
  return render(
    strict ? (
      <StrictMode>
        <PublicLinksRoutes />
      </StrictMode>
    ) : (
      <PublicLinksRoutes />
    ),
  );
}
