import type { ReservationEvent, ReservationNotification } from '@tablee/operations-data';
import { formatDateTime } from '@tablee/shared';
import { CANCELLATION_REASONS, REFUSAL_REASONS, RESERVATION_STATUS_BADGES } from '@tablee/domain';
import { ADVANCE_WORDS } from '@tablee/domain/deposit';
import { ADVANCE_NATURES, DEFAULT_ADVANCE_NATURE, formatCents, paymentEventText, type AdvanceNature } from '@tablee/domain/payments';
import { Card, theme, Timeline } from 'antd';
import type { ReactNode } from 'react';

/** antd's gold-9: the warning hue, dark enough for text on white (6.8:1); the dot takes the theme's warning colour. */
const WARNING_TEXT = '#874d00';

const reasonText = (e: ReservationEvent) => {
  const labels: Record<string, string> = e.to === 'cancelled' ? CANCELLATION_REASONS : REFUSAL_REASONS;
  // The customer cancelling from their page: 'À la demande du client' goes without saying beside 'par le client'; their own words stay.
  const said = e.reason === 'autre' || (e.actor === 'customer' && e.reason === 'demande_du_client');
  const label = e.reason && !said ? (labels[e.reason] ?? e.reason) : null;
  return [label, e.reasonDetail].filter(Boolean).join(' — ');
};

/** A cancelled paid reservation's sum paid in advance, in the CGV's word: 'arrhes remboursées : 120,00 €', 'acompte conservé : 120,00 €'. */
function depositText(e: ReservationEvent, nature: AdvanceNature): string | null {
  if (!e.deposit) return null;
  const sum = ADVANCE_WORDS[nature];
  return `${sum.noun} ${sum.agree(e.deposit === 'refunded' ? 'remboursé' : 'conservé')}${e.amountCents !== null ? ` : ${formatCents(e.amountCents)}` : ''}`;
}

const CHANNELS = { email: 'par e-mail', whatsapp: 'par WhatsApp' } as const;

/** Each message said three ways: sent, failed (« l'envoi de … »), still to send. */
const NOTIFICATION_WORDS = {
  owner_new_request: { sent: 'Nouvelle demande envoyée au restaurant', failed: 'de la nouvelle demande au restaurant', pending: 'Nouvelle demande au restaurant' },
  customer_request_received: { sent: 'Accusé de réception envoyé au client', failed: 'de l’accusé de réception au client', pending: 'Accusé de réception au client' },
  customer_reservation_accepted: { sent: 'Confirmation envoyée au client', failed: 'de la confirmation au client', pending: 'Confirmation au client' },
  customer_reservation_rejected: { sent: 'Refus envoyé au client', failed: 'du refus au client', pending: 'Refus au client' },
  customer_reservation_paid: { sent: 'Réception de l’acompte envoyée au client', failed: 'de la réception de l’acompte au client', pending: 'Réception de l’acompte au client' },
  customer_reservation_cancelled: { sent: 'Annulation envoyée au client', failed: 'de l’annulation au client', pending: 'Annulation au client' },
  customer_reservation_modified: { sent: 'Nouvelles informations envoyées au client', failed: 'des nouvelles informations au client', pending: 'Nouvelles informations au client' },
  owner_customer_changed: { sent: 'Modification du client envoyée au restaurant', failed: 'de la modification du client au restaurant', pending: 'Modification du client au restaurant' },
  owner_customer_cancelled: { sent: 'Annulation du client envoyée au restaurant', failed: 'de l’annulation du client au restaurant', pending: 'Annulation du client au restaurant' },
  owner_customer_message: { sent: 'Message du client envoyé au restaurant', failed: 'du message du client au restaurant', pending: 'Message du client au restaurant' },
  customer_no_show_fee: {
    sent: 'Lien de règlement des frais de non-présentation envoyé au client',
    failed: 'du lien de règlement des frais de non-présentation au client',
    pending: 'Lien de règlement des frais de non-présentation au client',
  },
} as const;

/** « Nouvelle demande envoyée au restaurant par e-mail », « Échec de l'envoi de … par e-mail après 5 tentatives », « … : en cours d'envoi ». */
export function notificationText(n: Pick<ReservationNotification, 'kind' | 'channel' | 'status' | 'attempts'>): string {
  const words = NOTIFICATION_WORDS[n.kind];
  const channel = CHANNELS[n.channel];
  if (n.status === 'sent') return `${words.sent} ${channel}`;
  if (n.status === 'failed') return `Échec de l’envoi ${words.failed} ${channel} après ${n.attempts} tentative${n.attempts > 1 ? 's' : ''}`;
  return `${words.pending} ${channel} : en cours d’envoi`;
}

/** How the history names who did it, beside the member's address: the customer on their own page ('Annulée par le client'). */
const ACTOR_LABELS = { customer: 'le client' } as const;

interface Entry {
  key: string;
  at: string;
  color?: string;
  content: ReactNode;
}

/**
 * The reservation's history, oldest first: each decision (the new status, when, by whom, why) and each
 * message its request made due (sent, failed in the warning colour, or still being sent).
 */
/**
 * Who decided: 'Acceptée par marie@…', 'Arrhes reçues — noté par …' (the CGV's word); 'Annulée par le client' (from their
 * page); the link of the e-mail; or, when the member is not known (an event from before, an address
 * not given), 'dans l'application'.
 */
function decisionTitle(e: ReservationEvent, people: ReadonlyMap<string, string>, nature: AdvanceNature): { title: string; by: string | null } {
  const who = e.actor === 'customer' ? ACTOR_LABELS.customer : e.actor === 'owner' && e.actorUserId ? (people.get(e.actorUserId) ?? null) : null;
  if (e.to === 'paid' && e.paymentId) return { title: paymentEventText(e) ?? 'Payée', by: null };
  if (e.to === 'paid') return { title: ADVANCE_NATURES[nature].received, by: who && `noté par ${who}` };
  return { title: RESERVATION_STATUS_BADGES[e.to].label, by: who && `par ${who}` };
}

export function ReservationHistory({
  history,
  notifications = [],
  people = new Map(),
  nature = DEFAULT_ADVANCE_NATURE,
}: {
  history: ReservationEvent[];
  notifications?: ReservationNotification[];
  /** The team's addresses by user id (restaurantPeopleQueryOptions). */
  people?: ReadonlyMap<string, string>;
  /** What the CGV call the sums paid in advance (arrhes unless they say acompte). */
  nature?: AdvanceNature;
}) {
  const { token } = theme.useToken();
  const decisions = history.map((e, i): Entry => {
    // Money or a card through Stripe: 'Payé en ligne — 158,40 € (Stripe)', 'Remboursé en ligne — …', 'Empreinte bancaire enregistrée (Visa •••• 4242)'.
    if (e.kind === 'payment' || e.kind === 'refund' || e.kind === 'imprint') {
      return {
        key: `event-${i}`,
        at: e.at,
        content: (
          <div data-testid="reservation-payment">
            <strong>{paymentEventText(e)}</strong> — {formatDateTime(e.at)}
            {e.paymentId && <div style={{ color: token.colorTextSecondary }}>{e.paymentId}</div>}
          </div>
        ),
      };
    }
    // A change of the details, or a reminder sent to the customer: its summary says who, what and how.
    if (e.kind === 'modified' || e.kind === 'reminder') {
      return {
        key: `event-${i}`,
        at: e.at,
        content: (
          <div data-testid={e.kind === 'reminder' ? 'reservation-reminder' : 'reservation-change'}>
            {e.summary} — {formatDateTime(e.at)}
          </div>
        ),
      };
    }
    if (e.kind === 'undone') {
      return {
        key: `event-${i}`,
        at: e.at,
        content: (
          <div data-testid="reservation-undo">
            <strong>Décision annulée depuis le lien</strong> — {formatDateTime(e.at)}, la réservation est de nouveau « {RESERVATION_STATUS_BADGES.pending.label} »
          </div>
        ),
      };
    }
    const why = reasonText(e);
    const deposit = depositText(e, nature);
    const { title, by } = decisionTitle(e, people, nature);
    return {
      key: `event-${i}`,
      at: e.at,
      content: (
        <div data-testid="reservation-decision">
          <strong>
            {title}
            {by && (e.to === 'paid' ? ` — ${by}` : ` ${by}`)}
            {deposit && ` — ${deposit}`}
          </strong>{' '}
          — {formatDateTime(e.at)}
          {!by && !e.paymentId && `, ${e.actor === 'link' ? 'par le lien de l’email' : 'dans l’application'}`}
          {e.paymentId && <div style={{ color: token.colorTextSecondary }}>{e.paymentId}</div>}
          {why && <div>Raison : {why}</div>}
          {e.proposal && <div>Proposition : {e.proposal}</div>}
          {e.to === 'paid' && e.amountCents !== null && !e.paymentId && <div>Montant reçu : {formatCents(e.amountCents)}</div>}
        </div>
      ),
    };
  });
  const messages = notifications.map((n, i): Entry => ({
    key: `notification-${n.kind}-${n.channel}-${i}`,
    at: n.at,
    color: n.status === 'failed' ? token.colorWarning : n.status === 'pending' ? 'gray' : undefined,
    content: (
      <div data-testid="reservation-notification" data-notification-status={n.status} style={n.status === 'failed' ? { color: WARNING_TEXT } : undefined}>
        {notificationText(n)}
        {n.status !== 'pending' && ` — ${formatDateTime(n.at)}`}
      </div>
    ),
  }));
  const entries = [...decisions, ...messages].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>Historique</h2>}>
      {entries.length === 0 ? <p style={{ margin: 0 }}>Aucune décision pour le moment.</p> : <Timeline items={entries.map(({ key, color, content }) => ({ key, color, content }))} />}
    </Card>
  );
}
