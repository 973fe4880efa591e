import type { CustomerPage as Page } from '@tablee/domain/customer-page';
import { formatEuros, formatLongDate, reservationApiEndpoint } from '@tablee/shared/core';
import type { ReactNode, RefObject } from 'react';
import { cancellationSentence, displayPhone, isActive, mapHref, modificationSentence, SERVICE_LABELS, statusWords, telHref } from '../lib/words';

const TONES: Record<Page['status'], 'ok' | 'wait' | 'off' | undefined> = {
  pending: 'wait',
  accepted: 'ok',
  paid: 'ok',
  rejected: 'off',
  cancelled: 'off',
  no_show: undefined,
};

/** The status in words, with the reason of a refusal or cancellation and the restaurant's proposal. */
export function StatusLine({ page, focusRef }: { page: Page; focusRef?: RefObject<HTMLElement | null> }) {
  const words = statusWords(page);
  return (
    <section ref={focusRef} tabIndex={-1} className="cp-status" data-tone={page.past ? undefined : TONES[page.status]} aria-label="Statut de la réservation">
      <p className="cp-status-title">{words.title}</p>
      {words.details.map((detail) => (
        <p key={detail}>{detail}</p>
      ))}
      {words.proposal && (
        <p>
          Le restaurant vous propose : <strong>{words.proposal}</strong>
        </p>
      )}
    </section>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li>
      <span>{label}</span>
      <span>{children}</span>
    </li>
  );
}

/** The acompte (or the card imprint): what is asked, and how to pay it; what was received. */
function Deposit({ page }: { page: Page }) {
  const { deposit, payment, status } = page;
  if (status === 'paid') {
    return (
      <>
        <h3>Acompte</h3>
        <p>Acompte reçu : {formatEuros(page.amount_received ?? deposit?.amount ?? 0)}.</p>
        {payment && <p className="cp-muted">{payment.remainder === 'online' ? 'Le solde se règle en ligne.' : 'Le solde se règle sur place, le jour du repas.'}</p>}
      </>
    );
  }
  if (!deposit || deposit.amount <= 0 || (status !== 'pending' && status !== 'accepted')) return null;
  const share = deposit.percentage !== undefined ? ` (${deposit.percentage} % du total)` : '';
  if (deposit.method === 'empreinte') {
    return (
      <>
        <h3>Empreinte bancaire</h3>
        <p>
          {status === 'pending' ? 'Si le restaurant accepte, une empreinte bancaire' : 'Une empreinte bancaire'} de {formatEuros(deposit.amount)} vous{' '}
          {status === 'pending' ? 'sera demandée' : 'est demandée'} (rien n’est prélevé).
        </p>
        {status === 'accepted' && payment?.payment_link && (
          <p>
            <a className="cp-button" href={payment.payment_link} target="_blank" rel="noopener noreferrer">
              Laisser l’empreinte bancaire
            </a>
          </p>
        )}
      </>
    );
  }
  if (status === 'pending') {
    return (
      <>
        <h3>Acompte</h3>
        <p>
          Si le restaurant accepte, un acompte de {formatEuros(deposit.amount)}
          {share} vous sera demandé pour confirmer la réservation.
        </p>
      </>
    );
  }
  const bank = payment && (payment.iban || payment.bic || payment.holder);
  return (
    <>
      <h3>Acompte</h3>
      <p>
        Acompte à verser pour confirmer la réservation : <strong>{formatEuros(deposit.amount)}</strong>
        {share}.
      </p>
      {payment?.payment_link && (
        <p>
          <a className="cp-button" href={payment.payment_link} target="_blank" rel="noopener noreferrer">
            Payer l’acompte en ligne
          </a>
        </p>
      )}
      {bank && (
        <div className="cp-bank">
          <p>{payment.payment_link ? 'Ou par virement :' : 'Par virement :'}</p>
          <dl>
            {payment.holder && (
              <>
                <dt>Titulaire</dt>
                <dd>{payment.holder}</dd>
              </>
            )}
            {payment.iban && (
              <>
                <dt>IBAN</dt>
                <dd>{payment.iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ')}</dd>
              </>
            )}
            {payment.bic && (
              <>
                <dt>BIC</dt>
                <dd>{payment.bic}</dd>
              </>
            )}
          </dl>
          <p className="cp-hint">Indiquez votre code de réservation {page.numero} dans le libellé du virement.</p>
        </div>
      )}
    </>
  );
}

/** The reservation itself: when, who, what, how much, the acompte, and the calendar file. */
export function Details({ page, token }: { page: Page; token: string }) {
  const menuName = page.menu?.name ?? page.menu_name;
  const options = page.options.filter((option) => option.title);
  return (
    <section className="cp-section" aria-labelledby="cp-details-title">
      <h2 id="cp-details-title">Détails</h2>
      <ul className="cp-list">
        <Line label="Date">{formatLongDate(page.reservation_date)}</Line>
        <Line label="Service">{SERVICE_LABELS[page.service] ?? page.service}</Line>
        <Line label="Heure d’arrivée">{page.arrival_time ?? 'à préciser'}</Line>
        <Line label="Adultes">{page.adults}</Line>
        <Line label="Enfants">{page.children}</Line>
        {menuName && (
          <Line label="Menu">
            {menuName}
            {page.menu && page.menu.price_per_person > 0 && ` — ${formatEuros(page.menu.price_per_person)} par personne`}
          </Line>
        )}
        {options.length > 0 && <Line label="Options">{options.map((option) => `${option.title}${option.quantity && option.quantity > 1 ? ` × ${option.quantity}` : ''}`).join(', ')}</Line>}
        {page.dietary_notes && (
          <Line label="Allergies et régimes">
            <span className="cp-allergies">{page.dietary_notes}</span>
          </Line>
        )}
        <Line label="Total">{formatEuros(page.total_amount)}</Line>
      </ul>
      <Deposit page={page} />
      {isActive(page) && (
        <p className="cp-actions">
          <a className="cp-secondary" href={reservationApiEndpoint(`customer/${encodeURIComponent(token)}/calendar.ics`)}>
            Ajouter à mon agenda
          </a>
        </p>
      )}
    </section>
  );
}

/** The restaurant: where, and how to reach it. */
export function RestaurantSection({ page }: { page: Page }) {
  const { restaurant } = page;
  return (
    <section className="cp-section" aria-labelledby="cp-restaurant-title">
      <h2 id="cp-restaurant-title">Le restaurant</h2>
      <p>
        <strong>{restaurant.name}</strong>
      </p>
      {restaurant.address && (
        <p>
          {restaurant.address}
          <br />
          <a href={mapHref(restaurant.address)} target="_blank" rel="noopener noreferrer">
            Voir sur le plan
          </a>
        </p>
      )}
      <ul className="cp-list">
        {restaurant.phone && (
          <Line label="Téléphone">
            <a href={telHref(restaurant.phone)}>{displayPhone(restaurant.phone)}</a>
          </Line>
        )}
        {restaurant.email && (
          <Line label="E-mail">
            <a href={`mailto:${restaurant.email}`}>{restaurant.email}</a>
          </Line>
        )}
      </ul>
    </section>
  );
}

/** The CGV in plain French: the two deadlines with their dates, and the restaurant's own text. */
export function TermsSection({ page }: { page: Page }) {
  return (
    <section className="cp-section" aria-labelledby="cp-terms-title">
      <h2 id="cp-terms-title">Conditions de modification et d’annulation</h2>
      <p>{modificationSentence(page)}</p>
      <p>{cancellationSentence(page)}</p>
      {page.cgv?.link && (
        <p>
          <a href={page.cgv.link} target="_blank" rel="noopener noreferrer">
            Conditions générales de vente du restaurant
          </a>
        </p>
      )}
    </section>
  );
}
