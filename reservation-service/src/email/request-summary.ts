import { formatLongDate } from '@tablee/shared/format';
import { depositText } from '../lib/deposit';
import { escapeHtml } from '../lib/html';
import { SERVICE_LABELS, formatEuros, formatOption, formatParty, formatTime } from '../lib/format';
import type { ReservationDetails } from '../reservations/details';

import type { Fact } from './layout';

export type { Fact };

/** 'Menu Canut (45,00 € par adulte ; enfants : Menu Bouchon)', or that none was chosen. */
function menuText(r: ReservationDetails): string {
  const name = r.menu?.name ?? r.selected_menu;
  if (!name) return 'aucun menu choisi';
  const price = r.menu ? `${formatEuros(r.menu.price_per_person)} par adulte` : '';
  const children = r.children > 0 && r.restaurant.childrenMenu ? `enfants : ${r.restaurant.childrenMenu}` : '';
  const details = [price, children].filter(Boolean).join(' ; ');
  return details ? `${name} (${details})` : name;
}

/**
 * The request as the customer asked it: when, how many, what, how much (the owner's and the customer's
 * e-mails), and the guarantee the restaurant asks for (the owner's: the customer's e-mail says it in words).
 */
export function requestFacts(r: ReservationDetails, { guarantee }: { guarantee: boolean }): Fact[] {
  const deposit = r.deposit;
  return [
    ['Date', formatLongDate(r.reservation_date)],
    ['Service', SERVICE_LABELS[r.service] ?? r.service],
    ['Heure d’arrivée', formatTime(r.arrival_time)],
    ['Personnes', formatParty(r.number_people, r.children)],
    ['Menu', menuText(r)],
    ['Options', r.options.length ? r.options.map(formatOption).join(', ') : 'aucune'],
    ['Total', formatEuros(r.total_amount)],
    ...(guarantee ? ([['Garantie demandée', deposit ? depositText(deposit) : 'aucune']] as Fact[]) : []),
  ];
}

// The HTML parts the request e-mails use, from the one layout of every e-mail.

/** The customer's own words, kept as written (line breaks included). */
export function quote(text: string): string {
  return `<blockquote style="margin:8px 0 16px;padding:8px 12px;border-left:3px solid #d9d9d9;background:#fafafa;white-space:pre-wrap">${escapeHtml(text)}</blockquote>`;
}

/** The colour of what the kitchen must not miss, as the app's detail and the kitchen sheet print it. */
export const ALERT_RED = '#a8071a';

/** 'Allergies et régimes : …' in the customer's words, or that none were given. */
export function allergiesLine(r: Pick<ReservationDetails, 'dietary_notes'>): string {
  const notes = r.dietary_notes?.trim();
  return `Allergies et régimes : ${notes || 'aucune signalée'}`;
}

/**
 * The allergies where the owner decides (the new request's e-mail, the reminder): first, in red on a
 * red-edged block when there are some; a plain grey line when none were given.
 */
export function allergiesHtml(r: Pick<ReservationDetails, 'dietary_notes'>): string {
  const notes = r.dietary_notes?.trim();
  if (!notes) return `<p style="margin:0 0 12px;color:#595959">${escapeHtml(allergiesLine(r))}</p>`;
  return `<div style="margin:0 0 16px;padding:12px 16px;border:2px solid ${ALERT_RED};border-radius:6px;color:${ALERT_RED};font-weight:bold;white-space:pre-wrap">Allergies et régimes&nbsp;: ${escapeHtml(notes)}</div>`;
}
