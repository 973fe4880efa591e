import { formatEuros, formatLongDate } from '@tablee/shared/core';
import { useEffect, useRef } from 'react';
import type { SendOutcome } from '../api/sendRequest';
import { responsePromise, SERVICE_LABELS, type RequestForm, type RequestValues } from '../lib/form-rules';

/** After sending: the request's number, the promised response time, what comes next. */
export function Sent({ form, outcome, values, onAnother }: { form: RequestForm; outcome: Extract<SendOutcome, { kind: 'sent' }>; values: RequestValues; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the customer: their screen reader starts again from the confirmation.
  useEffect(() => heading.current?.focus(), []);
  const { deposit } = outcome;
  return (
    <section className="rq-sent" aria-labelledby="rq-sent-title">
      <h2 id="rq-sent-title" ref={heading} tabIndex={-1}>
        Demande envoyée
      </h2>
      <p>
        Demande n° <strong>{outcome.numero}</strong>
        {outcome.codeReservation && (
          <>
            {' '}
            — code <strong>{outcome.codeReservation}</strong>
          </>
        )}
      </p>
      <p>
        {values.date && formatLongDate(values.date)}
        {values.service && `, ${SERVICE_LABELS[values.service].toLowerCase()}`}
        {values.arrivalTime && ` à ${values.arrivalTime}`} — {Number(values.adults) + Number(values.children || 0)} personnes.
      </p>
      <p className="rq-promise">Le restaurant vous répond {responsePromise(form.response_time.code)}.</p>
      <h3>Et ensuite ?</h3>
      <ul>
        <li>Un e-mail récapitulant votre demande vous a été envoyé à {values.email.trim()}.</li>
        <li>Le restaurant accepte ou refuse votre demande : vous recevez sa réponse par e-mail.</li>
        {deposit?.method === 'acompte' && (
          <li>
            S’il l’accepte, un acompte de {formatEuros(deposit.amount)}
            {deposit.percentage !== undefined && ` (${deposit.percentage} % du total)`} vous sera demandé pour confirmer la réservation.
          </li>
        )}
        {deposit?.method === 'empreinte' && <li>S’il l’accepte, une empreinte bancaire de {formatEuros(deposit.amount)} vous sera demandée (rien n’est prélevé).</li>}
      </ul>
      <button type="button" className="rq-link-button" onClick={onAnother}>
        Faire une autre demande
      </button>
    </section>
  );
}
