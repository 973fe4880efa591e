/** How the guest book writes its figures and builds the readable export (French, fr-FR). */
import { formatDate, formatDateTime, formatEuros, parisToday } from '@tablee/shared';
import { RESERVATION_STATUS_BADGES, type CustomerExport, type ReservationStatus } from '@tablee/domain';
import { formatPhone } from '@tablee/domain/phone';

/** 4 120,00 € from 412000 cents. */
export const formatCents = (cents: number | null | undefined) => (cents === null || cents === undefined ? '—' : formatEuros(Number(cents) / 100));

/** '12/03/2026', or 'à venir le 12/03/2027' for a visit to come; '—' without one. */
export function formatLastVisit(date: string | null, today: string = parisToday()): string {
  if (!date) return '—';
  return date > today ? `à venir le ${formatDate(date)}` : formatDate(date);
}

/** '06 12 34 56 78' (a French number), '+44 20 7946 0958' otherwise. */
export const formatCustomerPhone = (phone: string | null) => (phone ? formatPhone(phone) : '');

/** '2 visites', '1 couvert'. */
export const formatCount = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;
const plural = formatCount;
/** '3 visites · 24 couverts'. */
export const formatVisits = (visits: number, covers: number) => `${plural(visits, 'visite')} · ${plural(covers, 'couvert')}`;

/** A name safe for a file: 'client-marie-dupont'. */
export function exportFileBase(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `client-${slug || 'sans-nom'}`;
}

const escape = (value: unknown) =>
  String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const statusLabel = (status: unknown) => {
  const badge = RESERVATION_STATUS_BADGES[status as ReservationStatus];
  return badge ? badge.label : String(status ?? '');
};

/** The status of a row of the export: stored as its code (0…5) or its name. */
const STATUS_BY_CODE: ReservationStatus[] = ['pending', 'accepted', 'rejected', 'paid', 'cancelled', 'no_show'];
const statusOf = (value: unknown) => (typeof value === 'number' ? statusLabel(STATUS_BY_CODE[value]) : statusLabel(value));

function rows(pairs: [string, unknown][]): string {
  return pairs
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([label, value]) => `<tr><th scope="row">${escape(label)}</th><td>${escape(value)}</td></tr>`)
    .join('');
}

/**
 * The readable copy of everything the restaurant holds about the person (GDPR art. 15): a plain French
 * HTML document, printable to PDF from the browser.
 */
export function customerExportHtml(data: CustomerExport, customerName: string, restaurantName: string): string {
  const c = data.customer;
  const identity = rows([
    ['Nom', customerName],
    ['E-mail', c.email],
    ['Téléphone', c.phone_e164 ? formatPhone(c.phone_e164) : null],
    ['Entreprise', c.company],
    ['Étiquettes', c.tags?.join(', ')],
    ['Notes du restaurant', c.notes],
    ['Premier contact', c.first_seen_at ? formatDateTime(String(c.first_seen_at)) : null],
    ['Dernier contact', c.last_contact_at ? formatDateTime(String(c.last_contact_at)) : null],
  ]);
  const reservations = data.reservations.length
    ? data.reservations
        .map((r) => {
          const guests = (r.guests ?? [])
            .map((g) => `<li>Convive ${escape(g.guest_number)}${g.name ? ` — ${escape(g.name)}` : ''}${g.allergies ? ` — allergies : ${escape(g.allergies)}` : ''}</li>`)
            .join('');
          return `<section><h3>Réservation ${escape(r.numero_reservation_restaurateur ?? r.id)}</h3><table>${rows([
            ['Nom', r.customer_name],
            ['Date', r.reservation_date ? formatDate(String(r.reservation_date)) : null],
            ['Heure', r.arrival_time],
            ['Statut', statusOf(r.status)],
            ['Adultes', r.number_people],
            ['Enfants', r.children],
            ['E-mail', r.email],
            ['Téléphone', r.phone_number],
            ['Régime, allergies', r.dietary_notes],
            ['Message', r.customer_message],
            ['Montant', r.total_amount !== undefined && r.total_amount !== null ? formatEuros(Number(r.total_amount)) : null],
            ['Reçue le', r.created_at ? formatDateTime(String(r.created_at)) : null],
          ])}</table>${guests ? `<ul>${guests}</ul>` : ''}</section>`;
        })
        .join('')
    : '<p>Aucune réservation.</p>';
  const conversations = data.conversations.length
    ? data.conversations
        .map(
          (conversation) =>
            `<section><h3>Conversation du ${escape(formatDateTime(conversation.created_at))}</h3><ol>${conversation.messages
              .map(
                (m) =>
                  `<li><strong>${escape(m.role === 'user' ? 'Client' : m.role === 'assistant' ? 'Assistant' : 'Restaurant')}</strong> (${escape(formatDateTime(m.created_at))}) : ${escape(m.content)}</li>`,
              )
              .join('')}</ol></section>`,
        )
        .join('')
    : '<p>Aucune conversation.</p>';
  const messages = data.messages_sent.length
    ? `<table><thead><tr><th scope="col">Date</th><th scope="col">Canal</th><th scope="col">Destinataire</th><th scope="col">Type</th><th scope="col">État</th></tr></thead><tbody>${data.messages_sent
        .map((m) => `<tr><td>${escape(formatDateTime(m.created_at))}</td><td>${escape(m.channel)}</td><td>${escape(m.recipient)}</td><td>${escape(m.kind)}</td><td>${escape(m.status)}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p>Aucun message envoyé.</p>';
  const title = `Données personnelles de ${customerName} détenues par ${restaurantName}`;
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#222}table{border-collapse:collapse;margin:.5rem 0}th,td{text-align:left;padding:.25rem .75rem .25rem 0;vertical-align:top}h2{margin-top:2rem;border-bottom:1px solid #ccc}</style>
</head>
<body>
<h1>${escape(title)}</h1>
<p>Export du ${escape(formatDateTime(data.exportedAt))}, au titre du droit d’accès et à la portabilité (RGPD, articles 15 et 20).</p>
<h2>Identité</h2><table>${identity}</table>
<h2>Réservations</h2>${reservations}
<h2>Conversations</h2>${conversations}
<h2>Messages envoyés</h2>${messages}
</body>
</html>
`;
}

/** Tags drawn in colours that pass WCAG AA (antd's presets do not on every background). */
export const TAG_STYLE = { marginInlineEnd: 0, color: '#262626', background: '#f5f5f5', borderColor: '#bfbfbf' } as const;
export const ALLERGY_TAG_STYLE = { marginInlineEnd: 0, color: '#a8071a', background: '#fff1f0', borderColor: '#a8071a', whiteSpace: 'normal' } as const;
/** A card's title wraps on a phone rather than being cut. */
export const CARD_STYLES = { title: { whiteSpace: 'normal' } } as const;
