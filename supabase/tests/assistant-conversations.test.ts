import type { SupabaseClient } from '@supabase/supabase-js';
import { anon, client, env, newOwner, service, uniqueEmail, withDb } from '../../local-supabase/test/clients';
import { demoCopy, type DemoCopy } from '../../local-supabase/test/seeded';

/**
 * The conversation functions the assistant service writes with (receive_customer_message,
 * record_assistant_turn, staff_messages_since) and those a member answers with
 * (set_conversation_answerer, reply_to_conversation): the web chat's token, the switch of the
 * restaurant's online requests, idempotency on the channel's message id, a turn computed from an
 * older state, and who may call each (anonymous, another owner, a manager).
 */
let copy: DemoCopy;
let owner: SupabaseClient;
let lyon: string;
let bordeaux: string;

async function must<T>(query: PromiseLike<{ data: T | null; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  if (data === null) throw new Error('no data');
  return data;
}

const receive = (restaurantId: string, text: string, conversation: unknown = null, extra: Record<string, unknown> = {}) =>
  service().rpc('receive_customer_message', { p_restaurant_id: restaurantId, p_channel: 'web', p_conversation: conversation as never, p_text: text, ...extra });

beforeAll(async () => {
  copy = await demoCopy({ url: env.url, anonKey: env.anonKey, serviceRoleKey: env.serviceRoleKey, dbUrl: env.databaseUrl }, 'chat');
  ({ lyon, bordeaux } = copy.restaurants);
  owner = client();
  const signedIn = await owner.auth.signInWithPassword({ email: copy.email, password: copy.password });
  if (signedIn.error) throw signedIn.error;
  await must(owner.rpc('set_request_page', { p_restaurant_id: lyon, p_enabled: true }));
});

describe('a customer writes on the web chat', () => {
  it('opens a conversation with a token of 192 bits, stored only as its hash, on the web channel', async () => {
    const first = await must(receive(lyon, '  Bonjour, une table pour 12 ?  '));
    expect(first.opened).toBe(true);
    expect(first.duplicate).toBe(false);
    expect(first.answered_by).toBe('assistant');
    expect(first.version).toBe(0);
    expect(first.conversation.token).toMatch(/^[0-9a-f]{48}$/);
    const stored = await withDb((db) =>
      db.query<{ channel: string; token_hash: string; content: string; role: string }>(
        'select c.channel, c.token_hash, m.content, m.role from public.conversations c join public.messages m on m.conversation_id = c.id where c.id = $1',
        [first.conversation.id],
      ),
    );
    expect(stored.rows).toEqual([{ channel: 'web', token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), content: 'Bonjour, une table pour 12 ?', role: 'user' }]);
    expect(stored.rows[0].token_hash).not.toContain(first.conversation.token!);
  });

  it('continues it only with its own token, and only at its restaurant', async () => {
    const first = await must(receive(lyon, 'Bonjour'));
    const { id, token } = first.conversation;
    const next = await must(receive(lyon, 'Nous serons 14', { id, token }));
    expect(next.conversation).toEqual({ id });
    expect(next.opened).toBe(false);

    await must(owner.rpc('set_request_page', { p_restaurant_id: bordeaux, p_enabled: true }));
    const other = await must(receive(lyon, 'Bonjour'));
    for (const [restaurant, conversation] of [
      [lyon, { id, token: other.conversation.token }],
      [lyon, { id, token: `${token!.slice(0, -1)}0` === token ? `${token!.slice(0, -1)}1` : `${token!.slice(0, -1)}0` }],
      [lyon, { id }],
      [lyon, { id: 'pas-un-uuid', token }],
      [bordeaux, { id, token }],
    ] as const) {
      const { error } = await receive(restaurant, 'Je lis la conversation des autres ?', conversation);
      expect(error).toMatchObject({ code: 'unknown_conversation', message: 'Cette conversation est introuvable : commencez-en une nouvelle.' });
    }
    const count = await withDb((db) => db.query<{ n: number }>('select count(*)::int as n from public.messages where conversation_id = $1', [id]));
    expect(count.rows[0].n).toBe(2);
  });

  it('is refused while the restaurant does not take online requests, and for an empty or too long message; nothing stored', async () => {
    // Switched off by its owner (the profile's completeness is the same switch's: private.request_page_open), or unknown.
    await must(owner.rpc('set_request_page', { p_restaurant_id: bordeaux, p_enabled: false }));
    for (const restaurantId of [bordeaux, '00000000-0000-4000-8000-000000000000']) {
      const { error } = await receive(restaurantId, 'Bonjour');
      expect(error).toMatchObject({ code: 'requests_closed', message: 'Ce restaurant ne prend pas de demandes en ligne pour le moment.' });
    }
    expect((await receive(lyon, '   ')).error).toMatchObject({ code: 'required', details: 'text', message: 'Le message est obligatoire.' });
    expect((await receive(lyon, 'x'.repeat(4001))).error).toMatchObject({ code: 'too_long', message: 'Le message dépasse 4 000 caractères.' });
    expect((await receive(lyon, 'Bonjour', null, { p_channel: 'sms' })).error).toMatchObject({ code: 'invalid_field', details: 'channel' });
    const count = await withDb((db) => db.query<{ n: number }>("select count(*)::int as n from public.conversations where restaurant_id = any($1) and channel <> 'import'", [[bordeaux]]));
    expect(count.rows[0].n).toBe(0);
  });

  it('is refused for a restaurant whose page is on but whose profile is not complete', async () => {
    const newcomer = await newOwner('chat-incomplete');
    const restaurantId = await must(newcomer.client.rpc('start_restaurant_onboarding'));
    await must(newcomer.client.rpc('set_request_page', { p_restaurant_id: restaurantId, p_enabled: true }));
    expect((await receive(restaurantId, 'Bonjour')).error).toMatchObject({ code: 'requests_closed' });
    const count = await withDb((db) => db.query<{ n: number }>('select count(*)::int as n from public.conversations where restaurant_id = $1', [restaurantId]));
    expect(count.rows[0].n).toBe(0);
  });

  it('stores a message received twice (the same channel message id) once', async () => {
    const first = await must(receive(lyon, 'Bonjour', null, { p_channel_message_id: 'client-1' }));
    const again = await must(receive(lyon, 'Bonjour', first.conversation, { p_channel_message_id: 'client-1' }));
    expect(again).toMatchObject({ duplicate: true, message_id: first.message_id });
    const count = await withDb((db) => db.query<{ n: number }>('select count(*)::int as n from public.messages where conversation_id = $1', [first.conversation.id]));
    expect(count.rows[0].n).toBe(1);
  });

  it('may not be called by anonymous callers or owners: only the assistant service (service role)', async () => {
    for (const caller of [anon(), owner]) {
      const { error } = await caller.rpc('receive_customer_message', { p_restaurant_id: lyon, p_channel: 'web', p_conversation: null as never, p_text: 'Bonjour' });
      expect(error?.code).toBe('42501');
      for (const [fn, args] of [
        ['record_assistant_turn', { p_conversation_id: copy.restaurants.lyon, p_version: 0, p_state: {}, p_replies: ['Je suis le restaurant'] }],
        ['staff_messages_since', { p_restaurant_id: lyon, p_conversation: {} }],
      ] as const) {
        expect((await caller.rpc(fn, args as never)).error?.code).toBe('42501');
      }
    }
  });
});

describe("the assistant's turn", () => {
  it('records its replies in order and its state, once: a turn computed from an older state is refused (409) and writes nothing', async () => {
    const first = await must(receive(lyon, 'Bonjour'));
    const id = first.conversation.id;
    const recorded = await must(service().rpc('record_assistant_turn', { p_conversation_id: id, p_version: 0, p_state: { adults: 12 }, p_replies: ['Bonjour !', 'Pour quelle date ?'] }));
    expect(recorded).toEqual({ version: 1, message_ids: [expect.any(String), expect.any(String)] });
    const stale = await service().rpc('record_assistant_turn', { p_conversation_id: id, p_version: 0, p_state: { adults: 99 }, p_replies: ['Trop tard'] });
    expect(stale.error).toMatchObject({ code: 'conversation_moved' });
    const next = await must(receive(lyon, 'Le 12 décembre', first.conversation));
    expect(next).toMatchObject({ state: { adults: 12 }, version: 1 });
    const messages = await withDb((db) => db.query<{ role: string; content: string }>('select role, content from public.messages where conversation_id = $1 order by created_at, id', [id]));
    expect(messages.rows).toEqual([
      { role: 'user', content: 'Bonjour' },
      { role: 'assistant', content: 'Bonjour !' },
      { role: 'assistant', content: 'Pour quelle date ?' },
      { role: 'user', content: 'Le 12 décembre' },
    ]);
  });

  it("hands a question over ('À vous'), which the restaurant's list shows", async () => {
    const first = await must(receive(lyon, 'Acceptez-vous les chiens ?'));
    await must(
      service().rpc('record_assistant_turn', {
        p_conversation_id: first.conversation.id,
        p_version: 0,
        p_state: {},
        p_replies: ['Je transmets au restaurant.'],
        p_hand_over: 'Acceptez-vous les chiens ?',
      }),
    );
    const [summary] = await must(owner.from('conversation_summaries').select('channel, answered_by, handed_over_at, last_message_role').eq('id', first.conversation.id));
    expect(summary).toEqual({ channel: 'web', answered_by: 'assistant', handed_over_at: expect.any(String), last_message_role: 'assistant' });
  });
});

describe('the restaurant takes over and answers', () => {
  let manager: SupabaseClient;
  beforeAll(async () => {
    const email = uniqueEmail('chat-manager');
    manager = client();
    const signedUp = await manager.auth.signUp({ email, password: 'motdepasse-solide', options: { data: { full_name: 'Léa Martin' } } });
    if (signedUp.error || !signedUp.data.user) throw signedUp.error ?? new Error('no user');
    await manager.auth.signInWithPassword({ email, password: 'motdepasse-solide' });
    await withDb((db) => db.query("insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, 'manager', $3)", [signedUp.data.user!.id, lyon, copy.userId]));
  });

  it('a manager replies with their name; the assistant is then silent, the customer reads the reply; handed back, it answers again', async () => {
    const first = await must(receive(lyon, 'Acceptez-vous les chiens ?'));
    await must(service().rpc('record_assistant_turn', { p_conversation_id: first.conversation.id, p_version: 0, p_state: {}, p_replies: ['Je transmets au restaurant.'], p_hand_over: 'chiens' }));
    const before = new Date(Date.now() - 60_000).toISOString();

    const reply = await must(manager.rpc('reply_to_conversation', { p_conversation_id: first.conversation.id, p_text: ' Oui, les chiens sont les bienvenus. ' }));
    expect(reply).toMatchObject({ author_name: 'Léa Martin', channel: 'web' });
    const [summary] = await must(owner.from('conversation_summaries').select('answered_by, handed_over_at, last_message_role').eq('id', first.conversation.id));
    expect(summary).toEqual({ answered_by: 'staff', handed_over_at: null, last_message_role: 'staff' });

    // The assistant's next turn is refused: the staff answers now.
    const next = await must(receive(lyon, 'Merci !', first.conversation));
    expect(next.answered_by).toBe('staff');
    expect((await service().rpc('record_assistant_turn', { p_conversation_id: first.conversation.id, p_version: next.version, p_state: {}, p_replies: ['Autre chose ?'] })).error).toMatchObject({
      code: 'conversation_moved',
    });

    const seen = await must(service().rpc('staff_messages_since', { p_restaurant_id: lyon, p_conversation: first.conversation, p_after: before }));
    expect(seen).toEqual({ answered_by: 'staff', messages: [{ id: reply.id, text: 'Oui, les chiens sont les bienvenus.', created_at: expect.any(String) }] });
    expect((await must(service().rpc('staff_messages_since', { p_restaurant_id: lyon, p_conversation: first.conversation, p_after: reply.created_at }))).messages).toEqual([]);
    expect((await service().rpc('staff_messages_since', { p_restaurant_id: lyon, p_conversation: { id: first.conversation.id, token: 'faux' } })).error).toMatchObject({
      code: 'unknown_conversation',
    });

    expect(await must(manager.rpc('set_conversation_answerer', { p_conversation_id: first.conversation.id, p_answered_by: 'assistant' }))).toEqual({
      id: first.conversation.id,
      answered_by: 'assistant',
    });
    const after = await must(receive(lyon, 'Et le parking ?', first.conversation));
    expect(after.answered_by).toBe('assistant');
    await must(service().rpc('record_assistant_turn', { p_conversation_id: first.conversation.id, p_version: after.version, p_state: {}, p_replies: ['Le restaurant a un parking.'] }));
  });

  it('another owner, anonymous callers and a reply without a channel are refused; nothing written', async () => {
    const first = await must(receive(lyon, 'Bonjour'));
    const stranger = await newOwner('chat-stranger');
    for (const caller of [stranger.client, anon()]) {
      expect((await caller.rpc('reply_to_conversation', { p_conversation_id: first.conversation.id, p_text: 'Je me fais passer pour le restaurant' })).error?.code).toMatch(/^(42501|PGRST)/);
      expect((await caller.rpc('set_conversation_answerer', { p_conversation_id: first.conversation.id, p_answered_by: 'staff' })).error?.code).toMatch(/^(42501|PGRST)/);
    }
    expect((await owner.rpc('reply_to_conversation', { p_conversation_id: first.conversation.id, p_text: '   ' })).error?.message).toBe("Écrivez une réponse avant d'envoyer.");
    const [imported] = await must(owner.from('conversations').select('id').eq('restaurant_id', lyon).eq('channel', 'import').limit(1));
    expect((await owner.rpc('reply_to_conversation', { p_conversation_id: imported.id, p_text: 'Bonjour' })).error?.message).toBe("Cette conversation n'a pas de canal pour répondre au client.");
    const stored = await withDb((db) =>
      db.query<{ answered_by: string; staff: number }>(
        "select c.answered_by, (select count(*)::int from public.messages m where m.conversation_id = c.id and m.role = 'staff') as staff from public.conversations c where c.id = $1",
        [first.conversation.id],
      ),
    );
    expect(stored.rows).toEqual([{ answered_by: 'assistant', staff: 0 }]);
  });
});
