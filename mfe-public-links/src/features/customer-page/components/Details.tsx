import type { CustomerPage as Page } from '@tablee/domain/customer-page';
import { ADVANCE_NATURES, customerPayEndpoint, formatCents } from '@tablee/domain/payments';
import { privacyNotice } from '@tablee/domain/privacy-notice';
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

/** « Payer l’acompte » / « Payer les arrhes » / the card imprint, on the restaurant's own Stripe account (the service makes the Checkout Session). */
function PayOnline({ page, token }: { page: Page; token: string }) {
  const online = page.online_payment;
  if (!online) return null;
  const words = ADVANCE_NATURES[page.advance_nature];
  return (
    <p>
      <a className="cp-button" href={reservationApiEndpoint(customerPayEndpoint(token))}>
        {online.purpose === 'imprint'
          ? 'Enregistrer ma carte (empreinte bancaire)'
          : online.purpose === 'no_show_fee'
            ? `Régler les frais de non-présentation — ${formatCents(online.amount_cents)}`
            : `${words.pay} — ${formatCents(online.amount_cents)}`}
      </a>
    </p>
  );
}

/** The acompte or arrhes (or the card imprint): what is asked, and how to pay it; what was received. */
function Deposit({ page, token }: { page: Page; token: string }) {
  const { deposit, payment, status } = page;
  const words = ADVANCE_NATURES[page.advance_nature];
  if (page.online_payment?.purpose === 'no_show_fee') {
    return (
      <>
        <h3>Frais de non-présentation</h3>
        <p>
          Vous n’êtes pas venus au repas : les conditions générales de vente du restaurant prévoient des frais de non-présentation de {formatCents(page.online_payment.amount_cents)}. Votre banque
          demande votre confirmation pour les régler avec la carte enregistrée.
        </p>
        <PayOnline page={page} token={token} />
      </>
    );
  }
  if (status === 'paid') {
    return (
      <>
        <h3>{words.label}</h3>
        <p>
          {words.received} : {page.amount_received_cents !== null ? formatCents(page.amount_received_cents) : formatEuros(deposit?.amount ?? 0)}.
        </p>
        {page.online_payment && (
          <>
            <p>Le total a changé : il reste {formatCents(page.online_payment.amount_cents)} à verser.</p>
            <PayOnline page={page} token={token} />
          </>
        )}
        {payment && <p className="cp-muted">{payment.remainder === 'online' ? 'Le solde se règle en ligne.' : 'Le solde se règle sur place, le jour du repas.'}</p>}
        <p className="cp-muted">{words.consequence}</p>
      </>
    );
  }
  if (!deposit || deposit.amount <= 0 || (status !== 'pending' && status !== 'accepted')) return null;
  const share = deposit.percentage !== undefined ? ` (${deposit.percentage} % du total)` : '';
  if (deposit.method === 'empreinte') {
    const card = page.imprint;
    return (
      <>
        <h3>Empreinte bancaire</h3>
        {card ? (
          <p>Empreinte bancaire enregistrée{card.brand && card.last4 ? ` (${card.brand.toUpperCase()} •••• ${card.last4})` : ''} : rien n’est prélevé.</p>
        ) : (
          <p>
            {status === 'pending' ? 'Si le restaurant accepte, une empreinte bancaire' : 'Une empreinte bancaire'} de {formatEuros(deposit.amount)} vous{' '}
            {status === 'pending' ? 'sera demandée' : 'est demandée'} (rien n’est prélevé).
          </p>
        )}
        {status === 'accepted' &&
          !card &&
          (page.online_payment ? (
            <PayOnline page={page} token={token} />
          ) : (
            payment?.payment_link && (
              <p>
                <a className="cp-button" href={payment.payment_link} target="_blank" rel="noopener noreferrer">
                  Laisser l’empreinte bancaire
                </a>
              </p>
            )
          ))}
      </>
    );
  }
  if (status === 'pending') {
    return (
      <>
        <h3>{words.label}</h3>
        <p>
          Si le restaurant accepte, {page.advance_nature === 'arrhes' ? 'des arrhes' : 'un acompte'} de {formatEuros(deposit.amount)}
          {share} vous {page.advance_nature === 'arrhes' ? 'seront demandées' : 'sera demandé'} pour confirmer la réservation.
        </p>
        <p className="cp-muted">{words.consequence}</p>
      </>
    );
  }
  const bank = payment && (payment.iban || payment.bic || payment.holder);
  const online = Boolean(page.online_payment);
  return (
    <>
      <h3>{words.label}</h3>
      <p>
        {words.due} : <strong>{formatEuros(deposit.amount)}</strong>
        {share}.
      </p>
      <p className="cp-muted">{words.consequence}</p>
      <PayOnline page={page} token={token} />
      {!online && payment?.payment_link && (
        <p>
          <a className="cp-button" href={payment.payment_link} target="_blank" rel="noopener noreferrer">
            {words.pay} en ligne
          </a>
        </p>
      )}
      {bank && (
        <div className="cp-bank">
          <p>{online || payment.payment_link ? 'Ou par virement :' : 'Par virement :'}</p>
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
      <Deposit page={page} token={token} />
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

/** The privacy notice: the restaurant is the controller of what this page shows; how long it keeps it, how to ask. */
export function PrivacySection({ page }: { page: Page }) {
  const notice = privacyNotice({
    restaurantName: page.restaurant.name,
    contactEmail: page.restaurant.email,
    contactPhone: page.restaurant.phone,
    retentionMonths: page.restaurant.retention_months,
  });
  return (
    <section className="cp-section" aria-labelledby="cp-privacy-title">
      <h2 id="cp-privacy-title">{notice.title}</h2>
      <ul className="cp-list">
        {notice.items.map((item) => (
          <li key={item.label}>
            <strong>{item.label} :</strong> {item.text}
          </li>
        ))}
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
