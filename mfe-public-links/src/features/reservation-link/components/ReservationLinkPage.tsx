import { useReservationLink, type LinkAction } from '../api/callReservationLink';
import { Result } from './Result';

const TEXT = {
  accept: { success: 'Réservation acceptée !', failure: "Échec de l'acceptation" },
  reject: { success: 'Réservation refusée', failure: 'Échec du refus' },
} as const;

const CHECK_LINK = 'Vérifiez le lien reçu par email ou contactez le support Tablée.';

/** One-click link page (no sign-in): calls the reservation service once on load (spec §2). */
export function ReservationLinkPage({ action, numero, codeManage }: { action: LinkAction; numero?: string; codeManage?: string }) {
  const state = useReservationLink(action, numero, codeManage);
  const text = TEXT[action];

  switch (state.kind) {
    case 'loading':
      return <Result status="info" title="Traitement en cours..." />;
    case 'done':
      return (
        <Result status="success" title={text.success}>
          {state.numero && <p>Réservation n° {state.numero}</p>}
          <p>{state.emailSent ? 'Un email de confirmation a été envoyé au client.' : state.message}</p>
          {state.warnings.length > 0 && (
            <div role="alert" className="tl-warnings">
              <p>
                <strong>À vérifier :</strong>
              </p>
              {state.warnings.map((warning) => (
                <p key={warning}>{warning}</p>
              ))}
            </div>
          )}
          <p>Vous pouvez fermer cette page.</p>
        </Result>
      );
    case 'already-handled':
      return (
        <Result status="warning" title="Réservation déjà traitée">
          {state.numero && <p>Réservation n° {state.numero}</p>}
          <p>{state.message}</p>
          <p>Vous pouvez fermer cette page.</p>
        </Result>
      );
    case 'missing-parameters':
      return (
        <Result status="error" title={text.failure}>
          <p>Une erreur est survenue</p>
          <p>Paramètres manquants dans l'URL</p>
        </Result>
      );
    case 'failed':
      return (
        <Result status="error" title={text.failure}>
          <p>Une erreur est survenue</p>
          {/* A refusal's message is in its 'Erreur API {status}: {message}' line: not twice. */}
          {state.message && !state.apiError && <p>{state.message}</p>}
          {state.apiError && <p className="tl-detail">{state.apiError}</p>}
          {state.refused && <p>{CHECK_LINK}</p>}
        </Result>
      );
  }
}
