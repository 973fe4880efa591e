import { RESERVATION_STATUS_BADGES } from '@tablee/domain/reservation-status';
import { useEffect, useState } from 'react';
import { undoReservationLink, type UndoOutcome } from '../api/callReservationLink';

/**
 * 'Annuler' under a decision of the link, while it can be undone (until `undoUntil`, the service's
 * deadline): the customer's e-mail is held until then. Undone: the reservation is pending again and the
 * page says so (`onUndone`); refused (too late): the service's French reason. Gone once the window closes.
 */
export function UndoDecision({ numero, codeManage, undoUntil, onUndone }: { numero: string; codeManage: string; undoUntil: string; onUndone: (outcome: UndoOutcome) => void }) {
  const [open, setOpen] = useState(() => Date.parse(undoUntil) > Date.now());
  const [working, setWorking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  // Closed when the window does (the initial state already says whether it is open now).
  useEffect(() => {
    const timer = setTimeout(() => setOpen(false), Math.max(Date.parse(undoUntil) - Date.now(), 0));
    return () => clearTimeout(timer);
  }, [undoUntil]);

  const undo = async () => {
    setWorking(true);
    const outcome = await undoReservationLink({ numero, codeManage });
    setWorking(false);
    if (outcome.undone) onUndone(outcome);
    else {
      setRefusal(outcome.message);
      setOpen(false);
    }
  };

  if (refusal) return <p role="alert">{refusal}</p>;
  if (!open) return null;
  const until = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' }).format(new Date(undoUntil));
  return (
    <div className="tl-undo">
      <p>
        Une erreur ? Vous pouvez annuler cette décision jusqu’à {until} : le client ne sera pas prévenu et la réservation repassera{' '}
        <span style={{ whiteSpace: 'nowrap' }}>« {RESERVATION_STATUS_BADGES.pending.label} »</span>.
      </p>
      <p>
        <button type="button" className="tl-button" onClick={() => void undo()} disabled={working}>
          {working ? 'Annulation…' : 'Annuler'}
        </button>
      </p>
    </div>
  );
}
