import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { FastifyInstance } from 'fastify';
import { client, env, uniqueEmail, withDb } from '../../../local-supabase/test/clients';
import { nextOpenSlot, type Slot } from '../../../local-supabase/test/reservations';
import { demoCopy, type DemoCopy } from '../../../local-supabase/test/seeded';
import type { AssistantKnowledge } from '@tablee/domain/assistant-knowledge';
import { buildApp } from '../../src/app';
import { greeting } from '../../src/engine/dialogue';
import { loadConfig, type Config } from '../../src/config';

/**
 * The web chat through its HTTP API, against the run's local-supabase: a whole conversation that ends in
 * a request stored as the customer said it, the conversation's token, the restaurant's switch, the
 * limits, a question the profile does not answer (passed to the restaurant), the restaurant taking
 * over, and two messages at once.
 */
let copy: DemoCopy;
let owner: SupabaseClient;
let lyon: string;
let app: FastifyInstance;
let url: string;

/** The application's origin the assistant is given (with a trailing slash, dropped by its config). */
const APP_URL = 'https://app.tablee.test';

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
/** '5 décembre', as a customer writes a date. */
const spoken = (date: string) => `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;

async function start(overrides: Partial<Config> = {}) {
  const config = {
    ...loadConfig({
      SUPABASE_URL: env.url,
      SUPABASE_SERVICE_ROLE_KEY: env.serviceRoleKey,
      LOG_LEVEL: 'warn',
      CHAT_RATE_LIMIT_MAX: '1000',
      CHAT_CONVERSATION_LIMIT_MAX: '1000',
      APP_URL: `${APP_URL}/`,
    }),
    ...overrides,
  };
  const started = await buildApp(config, { logStream: new Writable({ write: (_chunk, _encoding, done) => done() }) });
  await started.listen({ port: 0, host: '127.0.0.1' });
  return { app: started, url: `http://127.0.0.1:${(started.server.address() as AddressInfo).port}` };
}

interface Answer {
  conversation: { id: string; token?: string };
  replies: { text: string }[];
  suggestions: string[];
  answered_by: string;
  request?: { numero: string; status: string; respond_by: string };
}

async function say(text: string, conversation?: { id: string; token: string }, restaurantId = lyon, base = url) {
  const response = await fetch(`${base}/api/chat/${restaurantId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...(conversation ? { conversation } : {}), text }),
  });
  return { status: response.status, body: (await response.json()) as Answer & { code?: string; message?: string; error_code?: string } };
}

/** The replies of one message, as one text. */
const spokenReplies = (answer: Answer) => answer.replies.map((r) => r.text).join('\n');

beforeAll(async () => {
  copy = await demoCopy({ url: env.url, anonKey: env.anonKey, serviceRoleKey: env.serviceRoleKey, dbUrl: env.databaseUrl }, 'chat-api');
  lyon = copy.restaurants.lyon;
  owner = client();
  const signedIn = await owner.auth.signInWithPassword({ email: copy.email, password: copy.password });
  if (signedIn.error) throw signedIn.error;
  const switched = await owner.rpc('set_request_page', { p_restaurant_id: lyon, p_enabled: true });
  if (switched.error) throw new Error(switched.error.message);
  ({ app, url } = await start());
});
afterAll(() => app?.close());

describe('a conversation that ends in a request', () => {
  let slot: Slot;
  let menu: { id: string; name: string };
  beforeAll(async () => {
    menu = await withDb(
      async (db) => (await db.query<{ id: string; name: string }>(`select id, name from public.restaurant_menus where restaurant_id = $1 and name = 'Menu Canut'`, [lyon])).rows[0],
    );
    slot = await nextOpenSlot(lyon, { people: 12, service: 'dinner', menuId: menu.id });
  });

  it('opens with the owner’s first message, gathers the request step by step, recaps, and sends it once confirmed', async () => {
    const hello = await say('Bonjour');
    expect(hello.status).toBe(200);
    const { id, token } = hello.body.conversation;
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    const knowledge = (await owner.rpc('assistant_knowledge', { p_restaurant_id: lyon })).data as { first_message: string };
    // Then the privacy notice's sentence (issue 47): the controller, and where to ask.
    expect(hello.body.replies[0].text).toBe(greeting(knowledge as AssistantKnowledge));
    expect(hello.body.replies[0].text).toMatch(
      /^[\s\S]+\n\nVos données \(coordonnées, demande et besoins alimentaires, cette conversation\) sont conservées par le restaurant .+ pour y accéder, les rectifier ou les effacer : /,
    );
    const conversation = { id, token: token! };

    const booking = await say(`nous voudrions reserver pour 12 personnes le ${spoken(slot.date)} a ${slot.arrival_time.replace(':', 'h')}`, conversation);
    expect(booking.status).toBe(200);
    expect(booking.body.conversation).toEqual({ id });
    expect(spokenReplies(booking.body)).toContain('Quel menu');
    expect(booking.body.suggestions).toContain('Menu Canut');

    const chosen = await say('le menu canut svp', conversation);
    expect(spokenReplies(chosen.body)).toContain('allergies');
    const dietary = await say('Une personne est allergique aux noix', conversation);
    expect(spokenReplies(dietary.body)).toContain('À quel nom');
    const named = await say('Marie Dupont', conversation);
    expect(spokenReplies(named.body)).toContain('e-mail ou un numéro');
    const contact = await say('marie.dupont@exemple.fr', conversation);
    const recap = spokenReplies(contact.body);
    expect(recap).toContain('Je récapitule');
    expect(recap).toContain('Menu Canut');
    expect(recap).toContain('12 personnes');
    expect(await reservationsOf(id)).toEqual([]);

    const confirmed = await say('oui', conversation);
    expect(confirmed.body.request).toEqual({ numero: expect.stringMatching(/^R-\d{4,}$/), status: 'pending', respond_by: expect.any(String) });
    expect(spokenReplies(confirmed.body)).toContain(`Votre demande ${confirmed.body.request!.numero}`);
    // The last reply links to the customer's own page, whose token opens this request.
    const link = confirmed.body.replies.at(-1)!.text.match(/Suivez votre demande, modifiez le nombre de convives ou écrivez au restaurant ici : (\S+)$/);
    expect(link?.[1]).toMatch(new RegExp(`^${APP_URL.replace(/\./g, '\\.')}/ma-reservation/[0-9a-f]{48}$`));
    const page = await client().rpc('customer_reservation', { p_token: link![1].split('/').at(-1)! });
    expect(page.error).toBeNull();
    expect(page.data).toMatchObject({ status: 'pending', adults: 12, customer: { name: 'Marie Dupont' } });
    expect(await reservationsOf(id)).toEqual([
      {
        numero_reservation_restaurateur: confirmed.body.request!.numero,
        reservation_date: slot.date,
        arrival_time: `${slot.arrival_time}:00`,
        number_people: 12,
        children: 0,
        selected_menu_id: menu.id,
        dietary_notes: 'Une personne est allergique aux noix',
        customer_name: 'Marie Dupont',
        email: 'marie.dupont@exemple.fr',
        source: 'assistant',
      },
    ]);
    // The same confirmation again sends nothing more.
    await say('oui', conversation);
    expect(await reservationsOf(id)).toHaveLength(1);
    const [summary] = (await owner.from('conversation_summaries').select('channel, customer_contact').eq('id', id)).data ?? [];
    expect(summary).toEqual({ channel: 'web', customer_contact: 'marie.dupont@exemple.fr' });
  });

  it('two messages at once in one conversation: both answered, in order, and one request', async () => {
    const conversation = await readyToConfirm(slot, menu.name);
    const [a, b] = await Promise.all([say('oui', conversation), say('oui je confirme', conversation)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await reservationsOf(conversation.id)).toHaveLength(1);
    const roles = await withDb(async (db) =>
      (await db.query<{ role: string }>('select role from public.messages where conversation_id = $1 order by created_at, id', [conversation.id])).rows.map((r) => r.role),
    );
    // Each customer message is followed by the assistant's answer to it before the next is answered.
    expect(roles.slice(-4).filter((r) => r === 'user')).toHaveLength(2);
    expect(roles[roles.length - 1]).toBe('assistant');
  });
});

/** A conversation brought to its recap, in as few messages as a customer may write. */
async function readyToConfirm(slot: Slot, menuName: string) {
  const first = await say(`Bonjour, une table pour 12 le ${spoken(slot.date)} à ${slot.arrival_time.replace(':', 'h')}, ${menuName}, pas d'allergie`);
  const conversation = { id: first.body.conversation.id, token: first.body.conversation.token! };
  let answer = first.body;
  for (const text of ['Paul Martin', 'paul.martin@exemple.fr']) {
    if (spokenReplies(answer).includes('Je récapitule')) break;
    answer = (await say(text, conversation)).body;
  }
  expect(spokenReplies(answer)).toContain('Je récapitule');
  return conversation;
}

const reservationsOf = (conversationId: string) =>
  withDb(
    async (db) =>
      (
        await db.query(
          `select numero_reservation_restaurateur, to_char(reservation_date, 'YYYY-MM-DD') as reservation_date, arrival_time::text, number_people, children,
                  selected_menu_id, dietary_notes, customer_name, email, source
             from public.restaurant_reservations where conversation_id = $1`,
          [conversationId],
        )
      ).rows,
  );

describe('questions', () => {
  it('answers from the owner’s FAQ; what the profile does not say goes to the restaurant (À vous)', async () => {
    const faq = await say('Peut-on privatiser la mezzanine ?');
    expect(spokenReplies(faq.body)).toContain('La mezzanine (30 places) se privatise le soir');
    const unknown = await say('Acceptez-vous les chiens ?');
    expect(spokenReplies(unknown.body)).toContain('je transmets au restaurant');
    const [summary] = (await owner.from('conversation_summaries').select('handed_over_at').eq('id', unknown.body.conversation.id)).data ?? [];
    expect(summary?.handed_over_at).toEqual(expect.any(String));
  });
});

describe('the service', () => {
  it('documents both routes of the web chat in its OpenAPI file, and says it is alive and ready', async () => {
    const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    expect(Object.keys(document.paths)).toContain('/api/chat/{restaurantId}/messages');
    const chat = document.paths['/api/chat/{restaurantId}/messages'];
    expect([chat.post.operationId, chat.get.operationId]).toEqual(['sendChatMessage', 'readStaffMessages']);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const ready = await fetch(`${url}/api/ready`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok' } } });
  });
});

describe('who may write, and how much', () => {
  it('continues a conversation only with its token, at its restaurant', async () => {
    const first = await say('Bonjour');
    const { id, token } = first.body.conversation;
    const other = await say('Bonjour');
    for (const [conversation, restaurantId] of [
      [{ id, token: other.body.conversation.token! }, lyon],
      [{ id, token: token! }, copy.restaurants.bordeaux],
    ] as const) {
      const refused = await say('Bonjour', conversation, restaurantId);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ code: expect.stringMatching(/^(unknown_conversation|requests_closed)$/), message: expect.any(String) });
    }
    const read = await fetch(`${url}/api/chat/${lyon}/messages?conversation=${id}&token=${other.body.conversation.token}`);
    expect(read.status).toBe(404);
  });

  it('refuses a restaurant whose online requests are off, an empty message and one over 4 KB', async () => {
    const off = await say('Bonjour', undefined, copy.restaurants.bordeaux);
    expect(off).toMatchObject({ status: 404, body: { code: 'requests_closed', message: 'Ce restaurant ne prend pas de demandes en ligne pour le moment.' } });
    expect(await say('   ')).toMatchObject({ status: 422, body: { field: 'text', message: 'Écrivez votre message.' } });
    expect(await say('é'.repeat(2100))).toMatchObject({ status: 422, body: { field: 'text', message: 'Le message dépasse 4 Ko.' } });
  });

  it('limits the messages of one address (429, as the other limits answer)', async () => {
    const limited = await start({ addressLimit: { max: 2, timeWindowMs: 60_000 } });
    try {
      const answers = [];
      for (let n = 0; n < 3; n += 1) answers.push(await say('Bonjour', undefined, lyon, limited.url));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers[2].body).toMatchObject({ code: 429, error_code: 'over_request_rate_limit', msg: expect.stringContaining('Trop de messages') });
    } finally {
      await limited.app.close();
    }
  });
});

describe('the restaurant takes over', () => {
  it('the assistant is silent while a member answers; the customer reads the member’s reply; handed back, it answers again', async () => {
    const first = await say('Bonjour, avez-vous un menu végétarien pour un anniversaire ?');
    const conversation = { id: first.body.conversation.id, token: first.body.conversation.token! };
    const manager = client();
    const email = uniqueEmail('chat-takeover');
    const signedUp = await manager.auth.signUp({ email, password: 'motdepasse-solide', options: { data: { full_name: 'Léa Martin' } } });
    await manager.auth.signInWithPassword({ email, password: 'motdepasse-solide' });
    await withDb((db) => db.query("insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, 'manager', $3)", [signedUp.data.user!.id, lyon, copy.userId]));

    const taken = await manager.rpc('set_conversation_answerer', { p_conversation_id: conversation.id, p_answered_by: 'staff' });
    expect(taken.error).toBeNull();
    const silent = await say('Alors ?', conversation);
    expect(silent.body).toMatchObject({ replies: [], answered_by: 'staff' });
    const reply = await manager.rpc('reply_to_conversation', { p_conversation_id: conversation.id, p_text: '<b>Oui</b>, le chef prépare un menu végétarien.' });
    expect(reply.error).toBeNull();
    const read = await fetch(`${url}/api/chat/${lyon}/messages?conversation=${conversation.id}&token=${conversation.token}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({
      answered_by: 'staff',
      messages: [{ id: expect.any(String), text: '<b>Oui</b>, le chef prépare un menu végétarien.', created_at: expect.any(String), author: 'Restaurant' }],
    });

    await manager.rpc('set_conversation_answerer', { p_conversation_id: conversation.id, p_answered_by: 'assistant' });
    const back = await say('Merci, et pour 12 personnes samedi prochain ?', conversation);
    expect(back.body.answered_by).toBe('assistant');
    expect(back.body.replies.length).toBeGreaterThan(0);
  });
});
