import { formatLongDate } from '@tablee/shared/format';
import { depositFor, depositText } from '../lib/deposit';
import { escapeHtml } from '../lib/html';
import { SERVICE_LABELS, formatEuros, formatOption, formatParty, formatTime } from '../lib/format';
import type { ReservationDetails } from '../reservations/details';

export type Fact = [label: string, value: string];

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

// ---------------------------------------------------------------- the HTML both e-mails are written in

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;font-size:15px;line-height:1.5';

/** The e-mail's page: one readable column, whatever the mail client. */
export function htmlMail(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f5">
<div style="max-width:600px;margin:0 auto;padding:24px 16px;${FONT}">
<div style="background:#ffffff;border:1px solid #e5e5e5;border-radius:8px;padding:24px">
${body}
</div>
</div>
</body></html>`;
}

/** Label and value, one row each. */
export function factsTable(facts: Fact[]): string {
  const rows = facts
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="width:35%;text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:#595959;font-weight:normal">${escapeHtml(label)}</th>` +
        `<td style="padding:6px 0;vertical-align:top">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return `<table role="presentation" style="border-collapse:collapse;width:100%;${FONT}">\n${rows}\n</table>`;
}

/** The customer's own words, kept as written (line breaks included). */
export function quote(text: string): string {
  return `<blockquote style="margin:8px 0 16px;padding:8px 12px;border-left:3px solid #d9d9d9;background:#fafafa;white-space:pre-wrap">${escapeHtml(text)}</blockquote>`;
}

/** Text for HTML, with French typography's no-break space before : ; ! ? (a colon never starts a line), and a number like R-0042 kept on one line. */
export const prose = (text: string) =>
  escapeHtml(text)
    .replace(/ ([:;!?])/g, '&nbsp;$1')
    .replace(/\b([A-Z]{1,3}-\d+)\b/g, '<span style="white-space:nowrap">$1</span>');

export const heading = (text: string) => `<h1 style="font-size:20px;line-height:1.3;margin:0 0 12px">${prose(text)}</h1>`;
export const subheading = (text: string) => `<h2 style="font-size:16px;margin:20px 0 8px">${prose(text)}</h2>`;
export const paragraph = (html: string, style = '') => `<p style="margin:0 0 12px;${style}">${html}</p>`;
