import { statusFromCode } from '@tablee/domain/reservation-status';
import { escapeHtml } from '../lib/html';
import type { ReservationDetails } from '../reservations/details';
import { BRAND_COLOURS, button, paragraph, prose } from './layout';

/** The button's words, the same in every message to the customer. */
export const PAGE_LINK_LABEL = 'Voir ma réservation';

type Linked = Pick<ReservationDetails, 'status' | 'customerPageUrl'>;

/** What the customer can do on their page now: follow it and act while it stands; read it once refused or cancelled. */
function pageUse(r: Linked): string {
  const status = statusFromCode(r.status);
  if (status === 'pending' || status === 'accepted' || status === 'paid') {
    return 'Sur votre page, suivez votre réservation, modifiez le nombre de convives, les allergies et les choix de chacun jusqu’au délai prévu, annulez-la ou écrivez au restaurant.';
  }
  return 'Votre page garde le détail de votre réservation et vos échanges avec le restaurant.';
}

/** The plain-text part's lines: where the page is and what it is for; none without a page. */
export function pageLinkText(r: Linked): string[] {
  if (!r.customerPageUrl) return [];
  return [`${PAGE_LINK_LABEL} : ${r.customerPageUrl}`, pageUse(r)];
}

/**
 * The HTML part's block: the 'Voir ma réservation' button, what the page is for, and the address
 * itself for a mail client that shows no button; nothing without a page.
 */
export function pageLinkHtml(r: Linked): string {
  if (!r.customerPageUrl) return '';
  const url = r.customerPageUrl;
  return [
    `<div style="margin:20px 0 8px">${button(url, PAGE_LINK_LABEL)}</div>`,
    paragraph(prose(pageUse(r)), 'color:#595959;font-size:13px'),
    paragraph(`<a href="${escapeHtml(url)}" style="color:${BRAND_COLOURS.link};word-break:break-all;font-size:13px">${escapeHtml(url)}</a>`),
  ].join('\n');
}
