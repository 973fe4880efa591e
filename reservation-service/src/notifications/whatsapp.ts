import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { acceptanceWarnings, type AcceptanceCheck } from '@tablee/domain/acceptance';
import { formatLongDate } from '@tablee/shared/format';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Config } from '../config';
import { formatDeadline, formatEuros, formatParty, formatTime } from '../lib/format';
import type { ReservationDetails } from '../reservations/details';
import { decisionLinkSuffix } from '../reservations/links';
import { REMINDER_TEMPLATES, reminderMessage, type ReminderKind } from '@tablee/domain/reminders';
import { reminderFacts, type ReminderPayload } from '../email/customer-reminder';

/** A template message of the WhatsApp Cloud API, as POSTed to /{phone-number-id}/messages. */
export interface WhatsAppTemplateMessage {
  messaging_product: 'whatsapp';
  to: string;
  type: 'template';
  template: {
    name: string;
    language: { code: 'fr' };
    components: ({ type: 'body'; parameters: { type: 'text'; text: string }[] } | { type: 'button'; sub_type: 'url'; index: '0' | '1'; parameters: { type: 'text'; text: string }[] })[];
  };
}

/** A free-form text message of the WhatsApp Cloud API (a reply within the 24 hours after the customer's last message). */
export interface WhatsAppTextMessage {
  messaging_product: 'whatsapp';
  to: string;
  type: 'text';
  text: { body: string };
}

export type WhatsAppMessage = WhatsAppTemplateMessage | WhatsAppTextMessage;

/** The stored number (French by default: '06 12 34 56 78', '+33 6…', '0033 6…') in E.164, '+33612345678'. */
export function e164(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone, 'FR');
  if (!parsed?.isValid()) throw new Error(`Numéro WhatsApp du restaurant invalide : « ${phone} »`);
  return parsed.number;
}

/**
 * A template parameter as WhatsApp takes it: one line (no line break, tab or run of spaces), not
 * empty, not too long.
 */
function param(text: string | null | undefined, fallback: string, max = 300): { type: 'text'; text: string } {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return { type: 'text', text: !line ? fallback : line.length > max ? `${line.slice(0, max - 1)}…` : line };
}

/**
 * The restaurant's WhatsApp message for a new request: the template registered with Meta (README,
 * 'The WhatsApp template'), its body parameters {{1}}…{{11}} in order (the group's
 * allergies {{5}}, right after the request itself), and its two URL buttons,
 * 'Accepter' and 'Refuser', whose registered base URL `${APP_URL}/reservations/{{1}}` takes the link's suffix.
 */
export function newRequestWhatsApp(r: ReservationDetails, recipient: string, template: string, check: AcceptanceCheck | null, now: Date = new Date()): WhatsAppTemplateMessage {
  const warnings = check ? acceptanceWarnings(check) : [];
  const body = [
    param(r.numero_reservation_restaurateur, '—'),
    param(formatLongDate(r.reservation_date), '—'),
    param(formatTime(r.arrival_time), '—'),
    param(formatParty(r.number_people, r.children), '—'),
    param(r.dietary_notes, 'aucune signalée'),
    param(r.menu?.name ?? r.selected_menu, 'aucun menu choisi'),
    param(formatEuros(r.total_amount), '—'),
    param([r.customer_name, r.phone_number || r.email].filter(Boolean).join(', '), 'non précisé'),
    param(r.customer_message, 'aucun'),
    param(r.respond_by ? formatDeadline(r.respond_by, now) : null, 'dès que possible'),
    param(warnings.join(' '), 'rien à signaler'),
  ];
  return {
    messaging_product: 'whatsapp',
    to: e164(recipient),
    type: 'template',
    template: {
      name: template,
      language: { code: 'fr' },
      components: [
        { type: 'body', parameters: body },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: decisionLinkSuffix(r, 'accept') }] },
        { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: decisionLinkSuffix(r, 'reject') }] },
      ],
    },
  };
}

/**
 * A reply to a customer who wrote on WhatsApp (a conversation_reply of the outbox): its text, to their
 * number as WhatsApp gave it (wa_id, digits), and the restaurant's number it goes out from, as queued.
 */
export function conversationReplyWhatsApp(recipient: string, payload: unknown): { message: WhatsAppTextMessage; from?: string } {
  const fields = payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {};
  const to = recipient.trim().replace(/^\+/, '');
  if (!/^\d{6,20}$/.test(to)) throw new Error(`Numéro WhatsApp du client invalide : « ${recipient} »`);
  if (typeof fields.text !== 'string' || !fields.text.trim()) throw new Error('Réponse sans texte');
  const from = typeof fields.phone_number_id === 'string' && /^\d{1,32}$/.test(fields.phone_number_id) ? fields.phone_number_id : undefined;
  return { message: { messaging_product: 'whatsapp', to, type: 'text', text: { body: fields.text } }, ...(from ? { from } : {}) };
}

/**
 * A customer's reminder on WhatsApp: the template registered for it (README, 'WhatsApp templates to
 * register'; outside the 24 hours of a conversation only a template may be sent), its body parameters
 * in order, to the customer's mobile, from the restaurant's number as queued (payload phone_number_id).
 */
export function customerReminderWhatsApp(kind: ReminderKind, r: ReservationDetails, recipient: string, payload: ReminderPayload & { phone_number_id?: string | null }) {
  const words = reminderMessage(kind, reminderFacts(r, payload));
  const message: WhatsAppTemplateMessage = {
    messaging_product: 'whatsapp',
    to: e164(recipient),
    type: 'template',
    template: { name: REMINDER_TEMPLATES[kind].name, language: { code: 'fr' }, components: [{ type: 'body', parameters: words.templateParameters.map((text) => param(text, '—')) }] },
  };
  const from = payload.phone_number_id && /^\d{1,32}$/.test(payload.phone_number_id) ? payload.phone_number_id : undefined;
  return { message, ...(from ? { from } : {}) };
}

export interface WhatsAppSender {
  /**
   * `tag` names the file in the outbox (never the code_manage). `from`: the phone_number_id of the
   * restaurant's own WhatsApp Business number (a reply goes out from the number the customer wrote to);
   * otherwise WHATSAPP_PHONE_NUMBER_ID.
   */
  send(message: WhatsAppMessage, tag: string, from?: string): Promise<void>;
}

/**
 * The WhatsApp Cloud API when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set (any answer but 2xx
 * is a failure, tried again later; a restaurant's replies to its customers go out from its own number,
 * with the same token); otherwise each message is written as a .json file (the body the
 * API would get) beside the .eml files of OUTBOX_DIR.
 */
export function createWhatsAppSender(config: Config): WhatsAppSender {
  const { apiUrl, token, phoneNumberId } = config.whatsapp;
  if (token && phoneNumberId) {
    return {
      async send(message, _tag, from) {
        const response = await fetch(`${apiUrl}/${encodeURIComponent(from ?? phoneNumberId)}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(message),
          // Well within the claim's lease: a message still on its way is never claimed again.
          signal: AbortSignal.timeout(30_000),
        });
        if (!response.ok) {
          const answer = await response.text().catch(() => '');
          throw new Error(`WhatsApp a répondu ${response.status} : ${answer.slice(0, 500)}`);
        }
      },
    };
  }
  return {
    async send(message, tag) {
      await fs.mkdir(config.outboxDir, { recursive: true });
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${tag}-${randomBytes(3).toString('hex')}.json`;
      await fs.writeFile(path.join(config.outboxDir, file), `${JSON.stringify(message, null, 2)}\n`);
    },
  };
}
