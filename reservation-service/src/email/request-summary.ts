import { formatLongDate } from '@tablee/shared/format';
import { depositFor, depositText } from '../lib/deposit';
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
  const deposit = depositFor(r.total_amount, r.restaurant.billing);
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
