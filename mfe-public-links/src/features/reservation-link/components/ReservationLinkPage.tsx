import { RESERVATION_STATUS_BADGES } from '@tablee/domain/reservation-status';
import { useState } from 'react';
import { useReservationLink, type LinkAction, type UndoOutcome } from '../api/callReservationLink';
import { Result } from './Result';
import { UndoDecision } from './UndoDecision';

const TEXT = {
  accept: { success: 'Réservation acceptée !', failure: "Échec de l'acceptation" },
  reject: { success: 'Réservation refusée', failure: 'Échec du refus' },
} as const;

const EMAIL_QUEUED = 'Un email de confirmation va être envoyé au client.';

const CHECK_LINK = 'Vérifiez le lien reçu par email ou contactez le support Tablée.';

/** The reservation in the app (sign-in first if needed: the guard brings the owner back here). */
const OpenInApp = ({ path }: { path?: string }) =>
  path ? (
    <p>
      <a className="tl-button" href={path}>
        Ouvrir la réservation dans Tablée
      </a>
    </p>
  ) : null;

const Warnings = ({ warnings }: { warnings: string[] }) => (
  <div role="alert" className="tl-warnings">
    <p>
      <strong>À vérifier :</strong>
    </p>
    {warnings.map((warning) => (
      <p key={warning}>{warning}</p>
    ))}
  </div>
);

/** One-click link page (no sign-in): calls the reservation service once on load (spec §2). */
export function ReservationLinkPage({ action, numero, codeManage }: { action: LinkAction; numero?: string; codeManage?: string }) {
  const state = useReservationLink(action, numero, codeManage);
  const [undone, setUndone] = useState<UndoOutcome | null>(null);
  const text = TEXT[action];

  if (undone) {
    return (
      <Result status="info" title="Décision annulée">
        {state.kind === 'done' && state.numero && <p>Réservation n° {state.numero}</p>}
        <p>
          Statut : <strong>{RESERVATION_STATUS_BADGES.pending.label}</strong>
        </p>
        <p>{undone.message}</p>
        <p>Vous pouvez fermer cette page.</p>
      </Result>
    );
  }

  switch (state.kind) {
    case 'loading':
      return <Result status="info" title="Traitement en cours..." />;
    case 'done':
      return (
        <Result status="success" title={text.success}>
          {state.numero && <p>Réservation n° {state.numero}</p>}
          <p>{state.emailQueued ? EMAIL_QUEUED : state.message}</p>
          {state.warnings.length > 0 && <Warnings warnings={state.warnings} />}
          {state.undoUntil && numero && codeManage && <UndoDecision numero={numero} codeManage={codeManage} undoUntil={state.undoUntil} onUndone={setUndone} />}
          <p>Vous pouvez fermer cette page.</p>
        </Result>
      );
    case 'already-handled':
      return (
        <Result status="warning" title="Réservation déjà traitée">
          {state.numero && <p>Réservation n° {state.numero}</p>}
          <p>{state.message}</p>
          <OpenInApp path={state.appPath} />
          <p>Vous pouvez fermer cette page.</p>
        </Result>
      );
    case 'to-confirm':
      return (
        <Result status="warning" title="Acceptation à confirmer dans Tablée">
          {state.numero && <p>Réservation n° {state.numero}</p>}
          <p>{state.message}</p>
          <Warnings warnings={state.warnings} />
          <OpenInApp path={state.appPath} />
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
          {state.message && <p>{state.message}</p>}
          {state.refused && <p>{CHECK_LINK}</p>}
          <OpenInApp path={state.appPath} />
        </Result>
      );
  }
}
