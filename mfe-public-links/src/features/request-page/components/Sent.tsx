import { answerBy } from '@tablee/domain/french';
import { formatLongDate } from '@tablee/shared/core';
import { useEffect, useRef } from 'react';
import type { SendOutcome } from '../api/sendRequest';
import { depositNext, responsePromise, SERVICE_LABELS, type RequestForm, type RequestValues } from '../lib/form-rules';

/**
 * After sending: the customer's one reference (their code de réservation, the same on every e-mail),
 * when the restaurant promised to answer (respond_by, counted within its opening hours), what comes next.
 */
export function Sent({
  form,
  outcome,
  values,
  onAnother,
  now = new Date(),
}: {
  form: RequestForm;
  outcome: Extract<SendOutcome, { kind: 'sent' }>;
  values: RequestValues;
  onAnother: () => void;
  now?: Date;
}) {
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
        Votre code de réservation : <strong>{outcome.codeReservation}</strong>
      </p>
      <p>
        {values.date && formatLongDate(values.date)}
        {values.service && `, ${SERVICE_LABELS[values.service].toLowerCase()}`}
        {values.arrivalTime && ` à ${values.arrivalTime}`} — {Number(values.adults) + Number(values.children || 0)} personnes.
      </p>
      <p className="rq-promise">
        {outcome.respondBy ? `Le restaurant s’engage à vous répondre ${answerBy(outcome.respondBy, now)}.` : `Le restaurant vous répond ${responsePromise(form.response_time.code)}.`}
      </p>
      {outcome.pageUrl && (
        <p>
          <a className="rq-page-link" href={outcome.pageUrl}>
            Suivre ma demande
          </a>{' '}
          — votre page de réservation, dont le lien est aussi dans chaque e-mail : vous y suivez la réponse, modifiez le nombre de convives et écrivez au restaurant.
        </p>
      )}
      <h3>Et ensuite ?</h3>
      <ul>
        <li>Un e-mail récapitulant votre demande vous a été envoyé à {values.email.trim()}. Gardez votre code : il vous sera demandé à votre arrivée.</li>
        <li>Le restaurant accepte ou refuse votre demande : vous recevez sa réponse par e-mail.</li>
        {deposit && <li>{depositNext(deposit)}</li>}
      </ul>
      <button type="button" className="rq-link-button" onClick={onAnother}>
        Faire une autre demande
      </button>
    </section>
  );
}
