import { createHmac, randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { FastifyInstance } from 'fastify';
import { client, env, withDb } from '../../../local-supabase/test/clients';
import { nextOpenSlot } from '../../../local-supabase/test/reservations';
import { demoCopy, type DemoCopy } from '../../../local-supabase/test/seeded';
import type { AssistantKnowledge } from '@tablee/domain/assistant-knowledge';
import { buildApp } from '../../src/app';
import { greeting } from '../../src/engine/dialogue';
import { loadConfig } from '../../src/config';
import { TEXT_ONLY_REPLY } from '../../src/whatsapp/routes';

/**
 * The WhatsApp webhook through its HTTP API, driven as Meta drives it (its verification, its signed
 * deliveries in its own format), against the run's local-supabase: a customer's message answered by
 * the assistant, whose replies are queued in the outbox (the reservation service sends them); a
 * delivery not signed with the app's secret, a message delivered twice, a voice note, a number no
 * restaurant has; a member's reply on WhatsApp, queued the same way.
 */
const VERIFY_TOKEN = 'jeton-de-verification';
const APP_SECRET = 'secret-de-l-application';

let copy: DemoCopy;
let owner: SupabaseClient;
let lyon: string;
let app: FastifyInstance;
let url: string;
/** Lyon's WhatsApp Business number (Meta's phone_number_id), unique in the shared database. */
const lyonNumber = `${Date.now()}${randomInt(1000, 9999)}`;
let sequence = 0;

beforeAll(async () => {
  copy = await demoCopy({ url: env.url, anonKey: env.anonKey, serviceRoleKey: env.serviceRoleKey, dbUrl: env.databaseUrl }, 'whatsapp-api');
  lyon = copy.restaurants.lyon;
  owner = client();
  const signedIn = await owner.auth.signInWithPassword({ email: copy.email, password: copy.password });
  if (signedIn.error) throw signedIn.error;
  for (const [fn, args] of [
    ['set_request_page', { p_restaurant_id: lyon, p_enabled: true }],
    ['set_whatsapp_number', { p_restaurant_id: lyon, p_phone_number_id: lyonNumber }],
  ] as const) {
    const { error } = await owner.rpc(fn, args);
    if (error) throw new Error(error.message);
  }
  app = await buildApp(
    loadConfig({ SUPABASE_URL: env.url, SUPABASE_SERVICE_ROLE_KEY: env.serviceRoleKey, LOG_LEVEL: 'warn', WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN, WHATSAPP_APP_SECRET: APP_SECRET }),
    { logStream: new Writable({ write: (_chunk, _encoding, done) => done() }) },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app?.close());

/** A customer's number, new for each test. */
const newCustomer = () => `336${String(Date.now()).slice(-6)}${String((sequence += 1)).padStart(2, '0')}`;
const newMessageId = () => `wamid.HBgLMzM2${Date.now()}${(sequence += 1)}`;

/** One message as Meta delivers it: one entry, one change, its metadata and the customer's profile. */
function delivery(message: Record<string, unknown> & { from: string }, phoneNumberId = lyonNumber) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '33478000000', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: 'Marie Dupont' }, wa_id: message.from }],
              messages: [{ timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
            },
          },
        ],
      },
    ],
  };
}
const textMessage = (from: string, body: string, id = newMessageId()) => ({ from, id, type: 'text', text: { body } });

/** POSTs a body as Meta does: the JSON as sent, signed with `secret` (or the signature given). */
async function deliver(payload: unknown, { secret = APP_SECRET, signature }: { secret?: string; signature?: string | null } = {}) {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signed = signature === undefined ? `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` : signature;
  if (signed !== null) headers['x-hub-signature-256'] = signed;
  const response = await fetch(`${url}/api/whatsapp/webhook`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The customer's conversation at Lyon and its messages, oldest first; and the outbox's rows for it. */
async function conversationOf(customer: string) {
  return withDb(async (db) => {
    const conversations = (
      await db.query<{ id: string; channel: string; customer_contact: string; restaurant_id: string }>(
        'select id, channel, customer_contact, restaurant_id from public.conversations where customer_contact = $1',
        [customer],
      )
    ).rows;
    if (conversations.length === 0) return { conversations, messages: [], outbox: [] };
    const ids = conversations.map((c) => c.id);
    const messages = (
      await db.query<{ id: string; role: string; content: string }>('select id, role, content from public.messages where conversation_id = any($1) order by created_at, id', [ids])
    ).rows;
    const outbox = (
      await db.query<{ kind: string; channel: string; recipient: string; status: string; message_id: string; payload: { text: string } }>(
        'select kind, channel, recipient, status, message_id, payload from public.notification_outbox where conversation_id = any($1) order by created_at, id',
        [ids],
      )
    ).rows;
    return { conversations, messages, outbox };
  });
}

describe('Meta’s verification of the webhook', () => {
  const verify = (query: string, base = url) => fetch(`${base}/api/whatsapp/webhook?${query}`);

  it('echoes hub.challenge as text for the verification token; refuses another token (403)', async () => {
    const good = await verify(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(good.status).toBe(200);
    expect(good.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await good.text()).toBe('1158201444');
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=autre&hub.challenge=1`,
      `hub.mode=subscribe&hub.challenge=1`,
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
    ]) {
      const bad = await verify(query);
      expect({ query, status: bad.status }).toEqual({ query, status: 403 });
    }
  });

  it('answers 404 when WhatsApp is not configured', async () => {
    const bare = await buildApp(loadConfig({ SUPABASE_URL: env.url, SUPABASE_SERVICE_ROLE_KEY: env.serviceRoleKey, LOG_LEVEL: 'warn' }), {
      logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
    });
    try {
      await bare.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
      expect((await verify(`hub.mode=subscribe&hub.verify_token=&hub.challenge=1`, base)).status).toBe(404);
      const body = JSON.stringify(delivery(textMessage(newCustomer(), 'Bonjour')));
      const post = await fetch(`${base}/api/whatsapp/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', '').update(body).digest('hex')}` },
        body,
      });
      expect(post.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('a customer writes on WhatsApp', () => {
  it('a text message: the conversation is the customer number’s, the assistant’s replies are queued in the outbox for that number', async () => {
    const customer = newCustomer();
    const answered = await deliver(delivery(textMessage(customer, 'Bonjour')));
    expect(answered).toEqual({ status: 200, body: { received: true } });
    const { conversations, messages, outbox } = await conversationOf(customer);
    expect(conversations).toEqual([{ id: expect.any(String), channel: 'whatsapp', customer_contact: customer, restaurant_id: lyon }]);
    expect(messages[0]).toMatchObject({ role: 'user', content: 'Bonjour' });
    const replies = messages.filter((m) => m.role === 'assistant');
    const knowledge = (await owner.rpc('assistant_knowledge', { p_restaurant_id: lyon })).data as { first_message: string };
    // Then the privacy notice's sentence (issue 47): the controller, and where to ask.
    expect(replies[0].content).toBe(greeting(knowledge as AssistantKnowledge));
    expect(replies[0].content).toMatch(
      /^[\s\S]+\n\nVos données \(coordonnées, demande et besoins alimentaires, cette conversation\) sont conservées par le restaurant .+ pour y accéder, les rectifier ou les effacer : /,
    );
    // One row per reply, in order, each carrying its text: the one way out.
    expect(outbox).toEqual(
      replies.map((reply) => ({
        kind: 'conversation_reply',
        channel: 'whatsapp',
        recipient: customer,
        status: 'pending',
        message_id: reply.id,
        payload: { text: reply.content, phone_number_id: lyonNumber },
      })),
    );

    // The customer's next message continues the same conversation.
    await deliver(delivery(textMessage(customer, 'Nous serons 12 personnes')));
    const next = await conversationOf(customer);
    expect(next.conversations).toHaveLength(1);
    expect(next.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['Bonjour', 'Nous serons 12 personnes']);
    expect(next.outbox.length).toBe(next.messages.filter((m) => m.role === 'assistant').length);
  });

  it('a booking on WhatsApp: the customer’s number is the request’s phone, never asked', async () => {
    const customer = newCustomer();
    const slot = await nextOpenSlot(lyon, { people: 12, service: 'dinner' });
    const [day, month] = [Number(slot.date.slice(8, 10)), Number(slot.date.slice(5, 7))];
    await deliver(delivery(textMessage(customer, `Bonjour, 12 personnes le ${day}/${month} à ${slot.arrival_time.replace(':', 'h')}, pas d'allergie, au nom de Paul Martin`)));
    for (let turn = 0; turn < 4; turn += 1) {
      const { messages } = await conversationOf(customer);
      const last = messages.filter((m) => m.role === 'assistant').at(-1)!.content;
      expect(last).not.toMatch(/e-mail ou un numéro/);
      if (last.includes('Je récapitule')) break;
      await deliver(delivery(textMessage(customer, /menu/i.test(last) ? 'le premier' : 'non')));
    }
    await deliver(delivery(textMessage(customer, 'oui')));
    const stored = await withDb(
      async (db) =>
        (
          await db.query(
            'select r.phone_number, r.customer_name, r.source from public.restaurant_reservations r join public.conversations c on c.id = r.conversation_id where c.customer_contact = $1',
            [customer],
          )
        ).rows,
    );
    expect(stored).toEqual([{ phone_number: `+${customer}`, customer_name: 'Paul Martin', source: 'assistant' }]);
  });

  it('the same message delivered again (Meta’s retry): 200, nothing new stored or queued', async () => {
    const customer = newCustomer();
    const message = textMessage(customer, 'Bonjour, une table pour 15 ?');
    expect((await deliver(delivery(message))).status).toBe(200);
    const before = await conversationOf(customer);
    expect(before.outbox.length).toBeGreaterThan(0);
    expect((await deliver(delivery(message))).status).toBe(200);
    expect(await conversationOf(customer)).toEqual(before);
  });

  it('a voice note: stored as such, and answered that only written messages are read', async () => {
    const customer = newCustomer();
    const voice = { from: customer, id: newMessageId(), type: 'audio', audio: { mime_type: 'audio/ogg; codecs=opus', sha256: 'x', id: '1234567890', voice: true } };
    expect((await deliver(delivery(voice))).status).toBe(200);
    const image = { from: customer, id: newMessageId(), type: 'image', image: { mime_type: 'image/jpeg', sha256: 'y', id: '987654321' } };
    expect((await deliver(delivery(image))).status).toBe(200);
    const { messages, outbox } = await conversationOf(customer);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', '[message vocal]'],
      ['assistant', TEXT_ONLY_REPLY],
      ['user', '[image]'],
      ['assistant', TEXT_ONLY_REPLY],
    ]);
    expect(outbox.map((row) => [row.kind, row.recipient, row.payload.text])).toEqual([
      ['conversation_reply', customer, TEXT_ONLY_REPLY],
      ['conversation_reply', customer, TEXT_ONLY_REPLY],
    ]);
  });

  it('a number no restaurant has: 200, nothing stored', async () => {
    const customer = newCustomer();
    expect(await deliver(delivery(textMessage(customer, 'Bonjour'), '999000111222'))).toEqual({ status: 200, body: { received: true } });
    // A delivery of statuses (sent, delivered, read) has no message: taken, nothing done.
    const statuses = delivery(textMessage(customer, 'x'));
    const value = statuses.entry[0].changes[0].value as Record<string, unknown>;
    delete value.messages;
    value.statuses = [{ id: 'wamid.x', status: 'delivered', timestamp: '1700000000', recipient_id: customer }];
    expect((await deliver(statuses)).status).toBe(200);
    expect((await conversationOf(customer)).conversations).toEqual([]);
  });

  it('a delivery not signed with the app’s secret: 401, nothing stored', async () => {
    const customer = newCustomer();
    const payload = delivery(textMessage(customer, 'Bonjour'));
    for (const options of [{ signature: null }, { secret: 'un-autre-secret' }, { signature: 'sha256=abc' }, { signature: `sha1=${'0'.repeat(40)}` }]) {
      const refused = await deliver(payload, options);
      expect({ options, status: refused.status, code: refused.body.code }).toEqual({ options, status: 401, code: 'invalid_signature' });
    }
    // Signed, then changed on its way: the signature is of the body as sent.
    const body = JSON.stringify(payload);
    const tampered = await fetch(`${url}/api/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}` },
      body: body.replace('Bonjour', 'Bonsoir'),
    });
    expect(tampered.status).toBe(401);
    expect((await conversationOf(customer)).conversations).toEqual([]);
  });

  it('a restaurant that takes no requests now: the message is refused by SQL, Meta still gets 200', async () => {
    const customer = newCustomer();
    const { error } = await owner.rpc('set_request_page', { p_restaurant_id: lyon, p_enabled: false });
    expect(error).toBeNull();
    try {
      expect(await deliver(delivery(textMessage(customer, 'Bonjour')))).toEqual({ status: 200, body: { received: true } });
    } finally {
      await owner.rpc('set_request_page', { p_restaurant_id: lyon, p_enabled: true });
    }
    expect((await conversationOf(customer)).conversations).toEqual([]);
  });

  it('the web chat still parses its JSON as before', async () => {
    const response = await fetch(`${url}/api/chat/${lyon}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'Bonjour' }) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { replies: unknown[] }).replies.length).toBeGreaterThan(0);
  });
});

describe('the restaurant answers on WhatsApp', () => {
  it('a member’s reply is queued in the outbox for the customer’s number, in the same transaction', async () => {
    const customer = newCustomer();
    await deliver(delivery(textMessage(customer, 'Acceptez-vous les chiens ?')));
    const [conversation] = (await conversationOf(customer)).conversations;
    const reply = await owner.rpc('reply_to_conversation', { p_conversation_id: conversation.id, p_text: 'Oui, les chiens sont les bienvenus.' });
    expect(reply.error).toBeNull();
    expect(reply.data).toMatchObject({ channel: 'whatsapp' });
    const { outbox } = await conversationOf(customer);
    expect(outbox.at(-1)).toEqual({
      kind: 'conversation_reply',
      channel: 'whatsapp',
      recipient: customer,
      status: 'pending',
      message_id: (reply.data as { id: string }).id,
      payload: { text: 'Oui, les chiens sont les bienvenus.', phone_number_id: lyonNumber },
    });
    // The staff answers now: the customer's next message is stored, the assistant silent, nothing more queued.
    const queued = outbox.length;
    await deliver(delivery(textMessage(customer, 'Merci !')));
    const after = await conversationOf(customer);
    expect(after.messages.at(-1)).toMatchObject({ role: 'user', content: 'Merci !' });
    expect(after.outbox).toHaveLength(queued);
  });

  it('is documented in the OpenAPI file', async () => {
    const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const webhook = document.paths['/api/whatsapp/webhook'];
    expect([webhook.get.operationId, webhook.post.operationId]).toEqual(['verifyWhatsAppWebhook', 'receiveWhatsAppDelivery']);
  });
});
