import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

/** replyTo: the restaurant's contact address, so that a customer who answers writes to the restaurant. */
export interface Mail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  tag: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file, for development and demos. */
export function createMailer(config: Config): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text, html: mail.html });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text, html: mail.html });
      await fs.mkdir(config.outboxDir, { recursive: true });
      // The tag names the reservation and the decision; never the code_manage.
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.tag}-${randomBytes(3).toString('hex')}.eml`;
      await fs.writeFile(path.join(config.outboxDir, file), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
