import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { withDb } from '../../../local-supabase/test/clients';
import { createMailer } from '../../src/email/mailer';
import { sendDueNotifications } from '../../src/notifications/sender';
import { db, ownerWithRestaurant, testConfig } from '../helpers';
import type { Config } from '../../src/config';

/**
 * A reply to a customer who writes on WhatsApp (the assistant's, through public.record_assistant_turn,
 * queued in the outbox in the same transaction): sent by the sender as a text message of the WhatsApp
 * Cloud API to the customer's number, from the restaurant's own number, once; a conversation's replies
 * in the order written, a failed one holding back those after it; without the API's settings, written
 * as a .json file.
 */
interface Call {
  url: string;
  authorization?: string;
  body: { messaging_product: string; to: string; type: string; text?: { body: string } };
}

/** A stand-in for graph.facebook.com on a free port: records each call; answers `failFor`'s text with 500. */
async function startWhatsAppApi() {
  const calls: Call[] = [];
  const api = { calls, failFor: '' as string, url: '', close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const call: Call = { url: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(body) };
      calls.push(call);
      const fail = api.failFor !== '' && call.body.text?.body === api.failFor;
      res.writeHead(fail ? 500 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(fail ? { error: { message: 'Service temporarily unavailable', code: 2 } } : { messaging_product: 'whatsapp', messages: [{ id: `wamid.${calls.length}` }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  return api;
}

let api: Awaited<ReturnType<typeof startWhatsAppApi>>;
let restaurantId: string;
/** The restaurant's WhatsApp Business number (Meta's phone_number_id), unique in the shared database. */
const restaurantNumber = `${Date.now()}${randomInt(1000, 9999)}`;
const outboxes: string[] = [];
const log = Fastify().log;

beforeAll(async () => {
  api = await startWhatsAppApi();
  const owner = await ownerWithRestaurant('wa-replies');
  restaurantId = owner.restaurantId;
  const set = await owner.client.rpc('set_whatsapp_number', { p_restaurant_id: restaurantId, p_phone_number_id: restaurantNumber });
  if (set.error) throw new Error(set.error.message);
});
afterAll(async () => {
  await api.close();
  for (const dir of outboxes) fs.rmSync(dir, { recursive: true, force: true });
});

function config(whatsapp: Partial<Config['whatsapp']>): Config {
  const base = testConfig();
  outboxes.push(base.outboxDir);
  return { ...base, whatsapp: { ...base.whatsapp, ...whatsapp } };
}
const withApi = () => config({ apiUrl: api.url, token: 'jeton-de-test', phoneNumberId: '1234567890' });

async function roundsUntilDone(c: Config) {
  const mailer = createMailer(c);
  try {
    while ((await sendDueNotifications(db(), mailer, c, log, restaurantId)).claimed > 0);
  } finally {
    mailer.close();
  }
}

/** A WhatsApp conversation with a customer's message, answered by the assistant with `replies` (as the assistant service records a turn). */
async function answeredConversation(customer: string, replies: string[]) {
  const conversationId = await withDb(async (pg) => {
    const { rows } = await pg.query<{ id: string }>(`insert into public.conversations (restaurant_id, channel, customer_contact) values ($1, 'whatsapp', $2) returning id`, [
      restaurantId,
      customer,
    ]);
    await pg.query(`insert into public.messages (conversation_id, role, content, channel_message_id) values ($1, 'user', 'Bonjour', $2)`, [rows[0].id, `wamid.${customer}`]);
    return rows[0].id;
  });
  const { error } = await db().rpc('record_assistant_turn', { p_conversation_id: conversationId, p_version: 0, p_state: {}, p_replies: replies });
  if (error) throw new Error(error.message);
  return conversationId;
}

const rowsOf = (conversationId: string) =>
  withDb(
    async (pg) =>
      (
        await pg.query<{ kind: string; channel: string; recipient: string; status: string; attempts: number; payload: { text: string } }>(
          'select kind, channel, recipient, status, attempts, payload from public.notification_outbox where conversation_id = $1 order by created_at',
          [conversationId],
        )
      ).rows,
  );
const callsTo = (customer: string) => api.calls.filter((c) => c.body.to === customer);

test('each reply is sent once, as a text message to the customer’s number, from the restaurant’s number, in order', async () => {
  const customer = '33611111111';
  const conversationId = await answeredConversation(customer, ['Bonjour et bienvenue !', 'Pour quelle date et combien de personnes ?']);
  expect(await rowsOf(conversationId)).toEqual([
    expect.objectContaining({
      kind: 'conversation_reply',
      channel: 'whatsapp',
      recipient: customer,
      status: 'pending',
      payload: { text: 'Bonjour et bienvenue !', phone_number_id: restaurantNumber },
    }),
    expect.objectContaining({ kind: 'conversation_reply', payload: { text: 'Pour quelle date et combien de personnes ?', phone_number_id: restaurantNumber } }),
  ]);

  const c = withApi();
  await roundsUntilDone(c);
  expect(callsTo(customer)).toEqual([
    {
      url: `/v21.0/${restaurantNumber}/messages`,
      authorization: 'Bearer jeton-de-test',
      body: { messaging_product: 'whatsapp', to: customer, type: 'text', text: { body: 'Bonjour et bienvenue !' } },
    },
    {
      url: `/v21.0/${restaurantNumber}/messages`,
      authorization: 'Bearer jeton-de-test',
      body: { messaging_product: 'whatsapp', to: customer, type: 'text', text: { body: 'Pour quelle date et combien de personnes ?' } },
    },
  ]);
  expect((await rowsOf(conversationId)).map((r) => [r.status, r.attempts])).toEqual([
    ['sent', 1],
    ['sent', 1],
  ]);
  // Sent is sent: another round calls nothing.
  await roundsUntilDone(c);
  expect(callsTo(customer)).toHaveLength(2);
});

test('a reply refused by the API holds back those after it: retried later, the conversation’s replies still go out in order', async () => {
  const customer = '33622222222';
  const conversationId = await answeredConversation(customer, ['Première réponse', 'Deuxième réponse']);
  const c = withApi();
  api.failFor = 'Première réponse';
  try {
    await roundsUntilDone(c);
  } finally {
    api.failFor = '';
  }
  expect(callsTo(customer).map((call) => call.body.text?.body)).toEqual(['Première réponse']);
  const [first, second] = await rowsOf(conversationId);
  expect(first).toMatchObject({ status: 'pending', attempts: 1 });
  // Given back without an attempt, and not claimed while the first waits for its retry.
  expect(second).toMatchObject({ status: 'pending', attempts: 0 });
  await roundsUntilDone(c);
  expect(callsTo(customer)).toHaveLength(1);

  await withDb((pg) => pg.query(`update public.notification_outbox set next_attempt_at = now() where conversation_id = $1 and status = 'pending'`, [conversationId]));
  await roundsUntilDone(c);
  expect(callsTo(customer).map((call) => call.body.text?.body)).toEqual(['Première réponse', 'Première réponse', 'Deuxième réponse']);
  expect((await rowsOf(conversationId)).map((r) => r.status)).toEqual(['sent', 'sent']);
});

test('queued while the restaurant had no number of its own: sent from WHATSAPP_PHONE_NUMBER_ID', async () => {
  const customer = '33633333333';
  const conversationId = await answeredConversation(customer, ['Bonjour !']);
  await withDb((pg) => pg.query(`update public.notification_outbox set payload = payload - 'phone_number_id' where conversation_id = $1`, [conversationId]));
  await roundsUntilDone(withApi());
  expect(callsTo(customer).map((call) => call.url)).toEqual(['/v21.0/1234567890/messages']);
});

test('without WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID: the same text message as a .json file in the outbox, no call', async () => {
  const customer = '33644444444';
  const conversationId = await answeredConversation(customer, ['Je ne peux lire que les messages écrits : pouvez-vous m’écrire votre demande ?']);
  const c = config({ apiUrl: api.url, token: undefined, phoneNumberId: undefined });
  await roundsUntilDone(c);
  expect(callsTo(customer)).toEqual([]);
  const files = fs.readdirSync(c.outboxDir).filter((f) => f.endsWith('.json') && f.includes('reponse-'));
  expect(files).toHaveLength(1);
  expect(JSON.parse(fs.readFileSync(path.join(c.outboxDir, files[0]), 'utf8'))).toEqual({
    messaging_product: 'whatsapp',
    to: customer,
    type: 'text',
    text: { body: 'Je ne peux lire que les messages écrits : pouvez-vous m’écrire votre demande ?' },
  });
  expect((await rowsOf(conversationId)).map((r) => r.status)).toEqual(['sent']);
});

test('a customer number that is not one: a failed attempt with a clear error (not given back at once), nothing called', async () => {
  const customer = '33655555555';
  const conversationId = await answeredConversation(customer, ['Bonjour !']);
  await withDb((pg) => pg.query(`update public.notification_outbox set recipient = 'pas-un-numéro' where conversation_id = $1`, [conversationId]));
  await roundsUntilDone(withApi());
  expect(api.calls.filter((c) => c.body.to === 'pas-un-numéro')).toEqual([]);
  expect(await rowsOf(conversationId)).toEqual([expect.objectContaining({ status: 'pending', attempts: 1 })]);
  const [row] = await withDb(async (pg) => (await pg.query<{ last_error: string }>('select last_error from public.notification_outbox where conversation_id = $1', [conversationId])).rows);
  expect(row.last_error).toBe('Numéro WhatsApp du client invalide : « pas-un-numéro »');
});
