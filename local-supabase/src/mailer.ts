import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { StackConfig } from './config';

/** `tag` names the kind of e-mail in the outbox file's name; never the address or the link. */
export interface AuthMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  tag: string;
}
export interface AuthMailer {
  send(mail: AuthMail): Promise<void>;
  close(): void;
}

/**
 * The e-mails of Auth (recovery, e-mail change) as the reservation service sends its own: through
 * SMTP when SMTP_URL is set, otherwise each one is an .eml file in OUTBOX_DIR (development, tests).
 */
export function createAuthMailer(mail: StackConfig['mail']): AuthMailer {
  if (mail.smtpUrl) {
    const transport = nodemailer.createTransport(mail.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: mail.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: mail.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      await fs.mkdir(mail.outboxDir, { recursive: true });
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${m.tag}-${randomBytes(3).toString('hex')}.eml`;
      await fs.writeFile(path.join(mail.outboxDir, file), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
