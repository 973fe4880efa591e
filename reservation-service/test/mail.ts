/**
 * Reading back the e-mails the service sends (RFC 822, as nodemailer writes them): a module of its own,
 * without the service, so that the browser tests read the outbox with it too.
 */
function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const at = normalized.indexOf('\n\n');
  const head = normalized.slice(0, at).replace(/\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\n')) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body: normalized.slice(at + 2) };
}

function decodeBody(body: string, encoding = ''): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h) => `%${h}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

export function parseMail(raw: string): { from: string; to: string; replyTo?: string; subject: string; text: string; html: string } {
  const { headers, body } = splitHead(raw);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  const chunks = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const chunk of chunks) {
    const part = splitHead(chunk.replace(/^\n/, ''));
    const type = (part.headers['content-type'] ?? '').split(';')[0];
    parts[type] = decodeBody(part.body.trimEnd(), part.headers['content-transfer-encoding']);
  }
  return {
    from: decodeWords(headers.from ?? ''),
    to: headers.to,
    replyTo: headers['reply-to'],
    subject: decodeWords(headers.subject ?? ''),
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
  };
}
