import fs from 'node:fs';
import path from 'node:path';

/** One .eml file of an outbox, decoded enough for a test: recipient, subject, plain text. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=), as nodemailer writes a non-ASCII subject. */
const decodeHeader = (value: string) =>
  value.replace(/\s*=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );

function parse(file: string): OutboxMail {
  const raw = fs.readFileSync(file, 'utf8');
  const [head] = raw.split(/\r?\n\r?\n/);
  const header = (name: string) => {
    const match = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(head);
    return match ? decodeHeader(match[1].replace(/\r?\n[ \t]/g, ' ')) : '';
  };
  // The text/plain part (alone, or the first part of multipart/alternative).
  const plain = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)(?:\r?\n--|$)/i.exec(raw);
  const partHead = /Content-Type: text\/plain[^]*?\r?\n\r?\n/i.exec(raw)?.[0] ?? '';
  const body = plain ? plain[1] : '';
  const text = /quoted-printable/i.test(partHead) ? decodeQuotedPrintable(body) : /base64/i.test(partHead) ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { file: path.basename(file), to: header('To'), subject: header('Subject'), text };
}

/** Every e-mail of the outbox, oldest first. */
export function outboxMails(dir: string): OutboxMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parse(path.join(dir, f)));
}

/** The first address of the text that starts with `prefix` (the link of an Auth e-mail). */
export function linkIn(mail: OutboxMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`pas de lien ${prefix} dans l’e-mail ${mail.file}:\n${mail.text}`);
  return link;
}
