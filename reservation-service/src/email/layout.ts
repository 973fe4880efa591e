/**
 * The one page every e-mail is written in, and its few parts: tables and inline styles, which mail
 * clients render (Gmail, Outlook and Apple Mail drop <style> blocks or parts of them), one fluid column
 * of at most 600 px that narrows to a phone's width, system fonts. An e-mail's content is its own; this
 * file is how it looks.
 */
import { escapeHtml } from '../lib/html';

/**
 * The kernel's BRAND_COLOURS (shared/src/constants.ts), as the e-mails use them: the service runs its
 * TypeScript under Node, where the kernel's core entry re-exports them in a way Node's ES modules cannot
 * name; test/unit/unit.test.ts checks that these agree with the kernel's.
 */
export const BRAND_COLOURS = { primary: '#b5441b', link: '#a33d17', title: '#8a3414' } as const;

export const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;font-size:15px;line-height:1.5';
const MUTED = '#595959';
const LINE = '#ebe5df';

export interface Layout {
  /** The document's title (the subject). */
  title: string;
  /** Above the card: who writes (the restaurant's name, or 'Tablée' to an owner). */
  from: string;
  /** The line a mail client shows after the subject in the list; hidden in the message. */
  preheader?: string;
  /** Under the card, in small type. */
  footer?: string;
}

/** The e-mail's page around `body` (HTML of the parts below). */
export function emailLayout(body: string, { title, from, preheader, footer }: Layout): string {
  const table = 'role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"';
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f6f3f0;-webkit-text-size-adjust:100%">
${preheader ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(preheader)}</div>` : ''}
<table ${table} style="background:#f6f3f0"><tr><td align="center" style="padding:24px 12px">
<table ${table} style="max-width:600px;width:100%">
<tr><td style="padding:0 4px 12px;${FONT};font-size:18px;font-weight:bold;color:${BRAND_COLOURS.title}">${escapeHtml(from)}</td></tr>
<tr><td style="background:#ffffff;border:1px solid ${LINE};border-radius:8px;padding:24px;${FONT}">
${body}
</td></tr>
${footer ? `<tr><td style="padding:16px 4px 0;${FONT};font-size:12px;color:${MUTED}">${escapeHtml(footer)}</td></tr>` : ''}
</table>
</td></tr></table>
</body></html>`;
}

/** Text for HTML, with French typography's no-break space before : ; ! ? (a colon never starts a line), and a number like R-0042 kept on one line. */
export const prose = (text: string) =>
  escapeHtml(text)
    .replace(/ ([:;!?])/g, '&nbsp;$1')
    .replace(/\b([A-Z]{1,3}-\d+)\b/g, '<span style="white-space:nowrap">$1</span>');

export const heading = (text: string) => `<h1 style="font-size:20px;line-height:1.3;margin:0 0 12px">${prose(text)}</h1>`;
export const subheading = (text: string) => `<h2 style="font-size:16px;margin:20px 0 8px">${prose(text)}</h2>`;
export const paragraph = (html: string, style = '') => `<p style="margin:0 0 12px;${style}">${html}</p>`;

export type Fact = [label: string, value: string];

/** Label and value side by side, one row each. */
export function factsTable(facts: Fact[]): string {
  const rows = facts
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="width:35%;text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:${MUTED};font-weight:normal">${escapeHtml(label)}</th>` +
        `<td style="padding:6px 0;vertical-align:top">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return `<table role="presentation" style="border-collapse:collapse;width:100%;${FONT}">\n${rows}\n</table>`;
}

/** An http(s) address as a link, anything else as text (both escaped). */
export function linkify(value: string): string {
  return /^https?:\/\/\S+$/.test(value) ? `<a href="${escapeHtml(value)}" style="color:${BRAND_COLOURS.link};word-break:break-all">${escapeHtml(value)}</a>` : escapeHtml(value);
}

/**
 * 'Label : value' lines, as the plain-text part writes them, one row each with a rule between: long
 * values (an IBAN, a payment link) wrap on a phone instead of squeezing a second column. An empty
 * label: the value alone, a sentence (factText writes it the same way).
 */
export function factLines(facts: Fact[], value: (text: string) => string = escapeHtml): string {
  const rows = facts
    .map(
      ([label, text]) =>
        `<tr><td style="padding:7px 0;border-bottom:1px solid ${LINE};vertical-align:top">${label ? `<span style="color:${MUTED}">${escapeHtml(label)} :</span> ` : ''}${value(text)}</td></tr>`,
    )
    .join('\n');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;width:100%;margin:0 0 16px;${FONT}">\n${rows}\n</table>`;
}

/** A fact as the plain-text part writes it: 'Label : value', or the value alone under an empty label. */
export const factText = ([label, value]: Fact) => (label ? `${label} : ${value}` : value);

/** Something to act on, set apart (arrhes or an acompte to pay, a proposal to answer, warnings). */
export const notice = (html: string) => `<div style="margin:0 0 16px;padding:12px 16px;border:1px solid #ffd591;background:#fff7e6;border-radius:6px">${html}</div>`;

/** A link drawn as a button; `secondary`: outlined. */
export function button(
  href: string,
  label: string,
  colours: { background: string; text: string; border: string } = { background: BRAND_COLOURS.primary, text: '#ffffff', border: BRAND_COLOURS.primary },
): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;margin:0 8px 8px 0;border-radius:6px;font-weight:bold;text-decoration:none;background:${colours.background};color:${colours.text};border:1px solid ${colours.border}">${escapeHtml(label)}</a>`;
}
