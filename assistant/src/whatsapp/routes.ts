/**
 * The WhatsApp Cloud API's webhook: GET /api/whatsapp/webhook, Meta's verification of the subscription
 * (WHATSAPP_VERIFY_TOKEN), and POST, its deliveries, taken only when signed with the app's secret
 * (X-Hub-Signature-256: HMAC-SHA256 of the body as sent, WHATSAPP_APP_SECRET). Each customer's message
 * goes to its restaurant, found by the number written to (public.whatsapp_restaurant), through the
 * web chat's turn (receive_customer_message, the engine, record_assistant_turn): the replies are queued
 * in the outbox in the same transaction, and the reservation service's sender sends them. This service
 * never calls the Cloud API.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusal, whatsappChallenge, whatsappDelivery, whatsappReceived, whatsappVerification, type RefusalAnswer, type WhatsAppDelivery, type WhatsAppInboundMessage } from '@tablee/contract';
import { answers } from '@tablee/contract/fastify';
import type { Config } from '../config';
import type { Db } from '../lib/supabase';
import { ChatRefusal, DatabaseFailure, runTurn, type Brain } from '../chat/turn';

export const WHATSAPP_WEBHOOK_PATH = '/api/whatsapp/webhook';

/** What the assistant answers a message it cannot read (a voice note, an image…). */
export const TEXT_ONLY_REPLY = 'Je ne peux lire que les messages écrits : pouvez-vous m’écrire votre demande ?';

/** How a message the assistant cannot read is stored in its conversation, for the restaurant to see. */
const UNREADABLE: Record<string, string> = {
  image: '[image]',
  video: '[vidéo]',
  sticker: '[autocollant]',
  document: '[document]',
  location: '[position partagée]',
  contacts: '[contact partagé]',
};

/** Not a message to answer: a reaction to one, WhatsApp's own notices. */
const IGNORED = new Set(['reaction', 'system', 'request_welcome', 'ephemeral']);

/** The longest message receive_customer_message takes (its 4 000 characters). */
const MAX_CHARACTERS = 4000;

/** Meta batches deliveries: well above one message's 4 096 characters, escaped. */
const BODY_LIMIT = 1024 * 1024;

const NOT_CONFIGURED: RefusalAnswer = { code: 'not_configured', field: null, message: 'WhatsApp n’est pas configuré sur ce service.' };
const BAD_TOKEN: RefusalAnswer = { code: 'invalid_verify_token', field: null, message: 'Jeton de vérification invalide.' };
const BAD_SIGNATURE: RefusalAnswer = { code: 'invalid_signature', field: null, message: 'Signature X-Hub-Signature-256 absente ou invalide.' };

/** The body as sent, kept by this scope's JSON parser for the signature. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** Whether `header` is `sha256=` and the HMAC-SHA256 of `body` with `secret`, compared in constant time. */
export function validSignature(body: Buffer, header: unknown, secret: string): boolean {
  if (typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(Buffer.from(header.slice('sha256='.length), 'hex'), expected);
}

/** What the assistant reads of a message: its text, or how it is stored and answered when it cannot read it; null: not answered. */
export function readMessage(message: WhatsAppInboundMessage): { text: string; reply?: string } | null {
  const type = message.type ?? 'unsupported';
  if (IGNORED.has(type)) return null;
  const written =
    type === 'text'
      ? message.text?.body
      : type === 'button'
        ? message.button?.text
        : type === 'interactive'
          ? (message.interactive?.button_reply?.title ?? message.interactive?.list_reply?.title)
          : undefined;
  if (written !== undefined) return { text: Array.from(written).slice(0, MAX_CHARACTERS).join('') };
  const label = type === 'audio' ? (message.audio?.voice ? '[message vocal]' : '[audio]') : (UNREADABLE[type] ?? '[message non pris en charge]');
  return { text: label, reply: TEXT_ONLY_REPLY };
}

/** Each message of the delivery, with the number it was written to. */
function messagesOf(delivery: WhatsAppDelivery) {
  return (delivery.entry ?? []).flatMap((entry) =>
    (entry.changes ?? []).flatMap((change) => {
      const phoneNumberId = change.value?.metadata?.phone_number_id;
      return phoneNumberId ? (change.value?.messages ?? []).map((message) => ({ phoneNumberId, message })) : [];
    }),
  );
}

/**
 * Answers each message of a delivery, in order. A message SQL refuses (the restaurant takes no
 * requests now, an empty text) is logged and left; the database away is thrown (503: Meta delivers
 * again later, and what was answered is not answered twice).
 */
async function answerDelivery(db: Db, brain: Brain, delivery: WhatsAppDelivery, log: FastifyBaseLogger) {
  const restaurants = new Map<string, string | null>();
  for (const { phoneNumberId, message } of messagesOf(delivery)) {
    if (!restaurants.has(phoneNumberId)) {
      const { data, error, status } = await db.rpc('whatsapp_restaurant', { p_phone_number_id: phoneNumberId });
      if (error) throw new DatabaseFailure(`whatsapp_restaurant: ${status} ${error.message}`);
      restaurants.set(phoneNumberId, data);
    }
    const restaurantId = restaurants.get(phoneNumberId);
    const read = readMessage(message);
    if (!restaurantId || !read || !message.from || !message.id) {
      log.info({ phoneNumberId, messageId: message.id, type: message.type, known: Boolean(restaurantId) }, 'WhatsApp message ignored');
      continue;
    }
    try {
      const turn = await runTurn(
        db,
        { restaurantId, channel: 'whatsapp', text: read.text, contact: message.from, channelMessageId: message.id, ...(read.reply ? { reply: read.reply } : {}) },
        { ...brain, onModelFailure: (error) => log.warn({ err: error, restaurantId }, 'model failed: the engine answered') },
      );
      log.info({ restaurantId, conversationId: turn.conversation.id, messageId: message.id, duplicate: turn.duplicate, answeredBy: turn.answered_by }, 'WhatsApp message received');
    } catch (err) {
      if (!(err instanceof ChatRefusal)) throw err;
      log.warn({ restaurantId, messageId: message.id, code: err.refusal.code }, 'WhatsApp message refused');
    }
  }
}

export async function whatsappRoutes(instance: FastifyInstance, { config, db, brain }: { config: Config; db: Db; brain: Brain }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // This scope's JSON keeps the body as sent: the signature is computed on its bytes, not on a re-serialisation.
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (request, body, done) => {
    const raw = body as Buffer;
    rawBodies.set(request, raw);
    try {
      done(null, raw.length === 0 ? undefined : JSON.parse(raw.toString('utf8')));
    } catch {
      done(Object.assign(new Error('invalid JSON'), { statusCode: 400 }), undefined);
    }
  });

  const { verifyToken, appSecret } = config.whatsapp;

  app.get(
    WHATSAPP_WEBHOOK_PATH,
    {
      schema: {
        operationId: 'verifyWhatsAppWebhook',
        summary: 'Meta’s verification of the webhook’s subscription.',
        querystring: whatsappVerification,
        ...answers({
          200: [whatsappChallenge, 'hub.mode is subscribe and hub.verify_token is WHATSAPP_VERIFY_TOKEN: hub.challenge, as text/plain.'],
          403: [refusal, 'Not the verification token.'],
          404: [refusal, 'WhatsApp is not configured (no WHATSAPP_VERIFY_TOKEN).'],
        }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!verifyToken) return reply.code(404).send(NOT_CONFIGURED);
      const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = request.query;
      const matches = typeof token === 'string' && token.length === verifyToken.length && timingSafeEqual(Buffer.from(token), Buffer.from(verifyToken));
      if (mode !== 'subscribe' || !matches) return reply.code(403).send(BAD_TOKEN);
      return reply
        .code(200)
        .type('text/plain; charset=utf-8')
        .send(challenge ?? '');
    },
  );

  /** Refuses a delivery not signed with the app's secret, before its body is read any further (nothing stored). */
  const signed = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!appSecret) return reply.code(404).send(NOT_CONFIGURED);
    if (!validSignature(rawBodies.get(request) ?? Buffer.alloc(0), request.headers['x-hub-signature-256'], appSecret)) {
      request.log.warn('WhatsApp delivery with a missing or invalid signature refused');
      return reply.code(401).send(BAD_SIGNATURE);
    }
  };

  app.post(
    WHATSAPP_WEBHOOK_PATH,
    {
      bodyLimit: BODY_LIMIT,
      preValidation: signed,
      schema: {
        operationId: 'receiveWhatsAppDelivery',
        summary: 'A delivery of Meta’s WhatsApp Cloud API: the customers’ messages to the restaurants’ numbers.',
        description:
          'Signed with the app’s secret (`X-Hub-Signature-256: sha256=` and the HMAC-SHA256 of the body as sent). Each message goes to the restaurant whose WhatsApp number it was written to (`metadata.phone_number_id`), once per message id; the assistant’s replies are queued in the outbox and sent by the reservation service. A message it cannot read (a voice note, an image…) is answered with a request to write. An unknown number, a status, a message seen before: taken (200), nothing answered.',
        body: whatsappDelivery,
        ...answers({
          200: [whatsappReceived, 'Taken.'],
          401: [refusal, 'Not signed with the app’s secret: nothing stored.'],
          404: [refusal, 'WhatsApp is not configured (no WHATSAPP_APP_SECRET).'],
          422: [refusal, 'Signed, but not a delivery in Meta’s format.'],
          503: [refusal, 'The database is momentarily unavailable: Meta delivers again later.'],
        }),
      },
    },
    async (request, reply) => {
      await answerDelivery(db, brain, request.body, request.log);
      return reply.code(200).send({ received: true as const });
    },
  );
}
