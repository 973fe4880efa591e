import { useAction } from '@tablee/action';
import type { CustomerPage as Page } from '@tablee/domain/customer-page';
import { useEffect, useRef, useState } from 'react';
import { cancelReservation, readCustomerPage } from '../api/customerPage';
import { cancelCostSentence } from '../lib/words';

const REASON_MAX = 500;

/**
 * 'Annuler la réservation': an inline confirmation that states what cancelling now costs first, asks
 * the reason, and sends the cost it stated; when the cost changed meanwhile (409 cost_not_accepted: the
 * deadline passed), SQL's message and the page read again, with the new cost, to confirm anew.
 */
export function CancelSection({ token, page, onPage }: { token: string; page: Page; onPage: (page: Page) => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field: 'reason' | null; message: string }>();
  const cancel = useAction(cancelReservation);
  const cost = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (open) cost.current?.focus();
  }, [open]);

  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    if (cancel.isPending) return;
    if (!reason.trim()) {
      setError({ field: 'reason', message: 'Indiquez la raison de l’annulation.' });
      return;
    }
    setError(undefined);
    cancel.mutate(
      { token, reason: reason.trim(), acceptedCostCents: page.cancellation_cost_cents },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'page') {
            onPage(outcome.page);
            return;
          }
          const field = outcome.kind === 'refused' && outcome.field === 'reason' ? 'reason' : null;
          setError({ field, message: outcome.message });
          // The cost (or the reservation) changed meanwhile: the page as it is now, its new cost stated.
          if (outcome.kind === 'refused' && outcome.status === 409) {
            void readCustomerPage(token).then((read) => read.kind === 'page' && onPage(read.page));
          }
        },
      },
    );
  };

  return (
    <section className="cp-section" aria-labelledby="cp-cancel-title">
      <h2 id="cp-cancel-title">Annuler la réservation</h2>
      {!open ? (
        <button type="button" className="cp-secondary" onClick={() => setOpen(true)}>
          Annuler la réservation…
        </button>
      ) : (
        <form className="cp-confirm" onSubmit={confirm} noValidate>
          <p className="cp-cost" ref={cost} tabIndex={-1}>
            {cancelCostSentence(page)}
          </p>
          <div className="cp-field">
            <label htmlFor="cp-cancel-reason">Raison de l’annulation</label>
            <textarea
              id="cp-cancel-reason"
              rows={3}
              required
              aria-required="true"
              maxLength={REASON_MAX}
              value={reason}
              aria-invalid={error?.field === 'reason' ? true : undefined}
              aria-describedby="cp-cancel-reason-error"
              onChange={(e) => {
                setReason(e.target.value);
                if (error?.field === 'reason') setError(undefined);
              }}
            />
            <p id="cp-cancel-reason-error" className="cp-error">
              {error?.field === 'reason' ? error.message : ''}
            </p>
          </div>
          <p className="cp-error" role="alert">
            {error && !error.field ? error.message : ''}
          </p>
          <div className="cp-actions">
            <button type="submit" className="cp-danger" disabled={cancel.isPending}>
              {cancel.isPending ? 'Annulation...' : page.cancellation_cost_cents > 0 ? 'Confirmer l’annulation et ses frais' : 'Confirmer l’annulation'}
            </button>
            <button
              type="button"
              className="cp-secondary"
              onClick={() => {
                setOpen(false);
                setError(undefined);
              }}
            >
              Ne pas annuler
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
