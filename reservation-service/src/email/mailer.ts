import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { Config } from '../config';

/**
 * replyTo: the restaurant's contact address, so that a customer who answers writes to the restaurant.
 * fromName: the sender's name as the reader sees it (the restaurant's), at Tablée's address (MAIL_FROM).
 */
export interface Mail {
  to: string;
  fromName?: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  tag: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Whether a message could leave now: the SMTP server answers (connection and greeting, within `timeoutMs`); 'outbox' for .eml files. */
  check(timeoutMs: number): Promise<'ok' | 'down' | 'outbox'>;
  close(): void;
}

/**
 * A value as one line of a header: each run of line breaks and other control characters (CR, LF, tab,
 * Unicode line and paragraph separators) becomes one space. Every header we write goes through it, so
 * that no text of the database (a restaurant's or a customer's name) can start a header of its own.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
export const headerLine = (value: string) => value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();

/**
 * The sender: MAIL_FROM's address, under `name` when given (else MAIL_FROM's own name). nodemailer
 * quotes and encodes the name; it is one line (headerLine).
 */
export function sender(mailFrom: string, name?: string): { name: string; address: string } {
  const [parsed] = addressparser(mailFrom, { flatten: true });
  const address = parsed?.address || mailFrom.trim();
  const shown = headerLine(name ?? parsed?.name ?? '');
  return { name: shown || 'Tablée', address };
}

/** What nodemailer is given: the headers one line each (headerLine), the bodies as they are. */
function message(mailFrom: string, mail: Mail) {
  return {
    from: sender(mailFrom, mail.fromName),
    to: headerLine(mail.to),
    replyTo: mail.replyTo === undefined ? undefined : headerLine(mail.replyTo),
    subject: headerLine(mail.subject),
    text: mail.text,
    html: mail.html,
  };
}

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file, for development and demos. */
export function createMailer(config: Config): Mailer {
  if (config.smtpUrl) {
    // Pooled: the sender's messages side by side reuse a few connections instead of opening one each
    // (nodemailer reads the transport's options from the address alone when given one).
    const pooled = new URL(config.smtpUrl);
    pooled.searchParams.set('pool', 'true');
    const transport = nodemailer.createTransport(pooled.toString());
    return {
      async send(mail) {
        await transport.sendMail(message(config.mailFrom, mail));
      },
      async check(timeoutMs) {
        // nodemailer's verify() connects, greets and authenticates; its own timeouts are minutes long.
        const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
        const answered = transport.verify().then(
          () => true,
          () => false,
        );
        return (await Promise.race([answered, timeout])) ? 'ok' : 'down';
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(config.mailFrom, mail));
      await fs.mkdir(config.outboxDir, { recursive: true });
      // The tag names the reservation and the decision; never the code_manage.
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.tag}-${randomBytes(3).toString('hex')}.eml`;
      await fs.writeFile(path.join(config.outboxDir, file), info.message as Buffer);
    },
    check: async () => 'outbox',
    close: () => transport.close(),
  };
}
