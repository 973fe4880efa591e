import type { SupabaseClient } from '@supabase/supabase-js';
import { randomInt } from 'node:crypto';
import { anon, client, env, newOwner, service, uniqueEmail, withDb } from '../../local-supabase/test/clients';
import { must } from '../../local-supabase/test/fixtures';
import { demoCopy, type DemoCopy } from '../../local-supabase/test/seeded';

/**
 * WhatsApp: the restaurant's WhatsApp Business number (Meta's phone_number_id), set by its owners only
 * (set_whatsapp_number), read by its members, and found by the assistant service alone
 * (whatsapp_restaurant); and the replies to a customer on WhatsApp, the assistant's
 * (record_assistant_turn) and a member's (reply_to_conversation), queued in the outbox in the same
 * transaction (conversation_reply), claimed in the order written.
 */
let copy: DemoCopy;
let owner: SupabaseClient;
let manager: SupabaseClient;
let lyon: string;
/** Unique in the shared database. */
const number = (n = 0) => `${Date.now() + n}${randomInt(1000, 9999)}`;

const stored = (restaurantId: string) =>
  withDb(async (db) => (await db.query('select phone_number_id, updated_by from public.restaurant_whatsapp_numbers where restaurant_id = $1', [restaurantId])).rows);

beforeAll(async () => {
  copy = await demoCopy({ url: env.url, anonKey: env.anonKey, serviceRoleKey: env.serviceRoleKey, dbUrl: env.databaseUrl }, 'whatsapp');
  lyon = copy.restaurants.lyon;
  owner = client();
  const signedIn = await owner.auth.signInWithPassword({ email: copy.email, password: copy.password });
  if (signedIn.error) throw signedIn.error;
  await must(owner.rpc('set_request_page', { p_restaurant_id: lyon, p_enabled: true }));
  const email = uniqueEmail('whatsapp-manager');
  manager = client();
  const signedUp = await manager.auth.signUp({ email, password: 'motdepasse-solide', options: { data: { full_name: 'Léa Martin' } } });
  if (signedUp.error || !signedUp.data.user) throw signedUp.error ?? new Error('no user');
  await manager.auth.signInWithPassword({ email, password: 'motdepasse-solide' });
  await withDb((db) => db.query("insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, 'manager', $3)", [signedUp.data.user!.id, lyon, copy.userId]));
});

describe('the restaurant’s WhatsApp number', () => {
  it('is set by its owner (digits, spaces around trimmed), read by its members, found by the service role; cleared by an empty value', async () => {
    const id = number();
    const set = await must(owner.rpc('set_whatsapp_number', { p_restaurant_id: lyon, p_phone_number_id: ` ${id} ` }));
    expect(set).toEqual({ restaurant_id: lyon, phone_number_id: id, updated_at: expect.any(String) });
    expect(await stored(lyon)).toEqual([{ phone_number_id: id, updated_by: copy.userId }]);
    for (const member of [owner, manager]) {
      expect(await must(member.from('restaurant_whatsapp_numbers').select('restaurant_id, phone_number_id').eq('restaurant_id', lyon))).toEqual([{ restaurant_id: lyon, phone_number_id: id }]);
    }
    expect(await must(service().rpc('whatsapp_restaurant', { p_phone_number_id: id }))).toBe(lyon);
    expect((await service().rpc('whatsapp_restaurant', { p_phone_number_id: '1' })).data).toBeNull();

    // Changed: the old number no longer leads anywhere.
    const next = number(1);
    await must(owner.rpc('set_whatsapp_number', { p_restaurant_id: lyon, p_phone_number_id: next }));
    expect((await service().rpc('whatsapp_restaurant', { p_phone_number_id: id })).data).toBeNull();
    expect(await must(service().rpc('whatsapp_restaurant', { p_phone_number_id: next }))).toBe(lyon);

    for (const cleared of ['', '   ', null]) {
      expect(await must(owner.rpc('set_whatsapp_number', { p_restaurant_id: lyon, p_phone_number_id: cleared }))).toEqual({ restaurant_id: lyon, phone_number_id: null, updated_at: null });
      expect(await stored(lyon)).toEqual([]);
      expect((await service().rpc('whatsapp_restaurant', { p_phone_number_id: next })).data).toBeNull();
    }
  });

  it('refuses what is not a phone_number_id, in French, on its field; nothing changed', async () => {
    const id = number(2);
    await must(owner.rpc('set_whatsapp_number', { p_restaurant_id: lyon, p_phone_number_id: id }));
    for (const bad of ['+33 6 12 34 56 78', 'abc', '12-34', '1'.repeat(33)]) {
      const { error } = await owner.rpc('set_whatsapp_number', { p_restaurant_id: lyon, p_phone_number_id: bad });
      expect({ bad, error }).toEqual({
        bad,
        error: expect.objectContaining({ code: '23514', hint: 'restaurant_whatsapp_numbers.phone_number_id', message: expect.stringContaining('ne contient que des chiffres, 32 au plus') }),
      });
    }
    expect(await stored(lyon)).toEqual([{ phone_number_id: id, updated_by: copy.userId }]);
  });

  it('is refused to anonymous callers, another owner and a manager; another restaurant may not take it', async () => {
    const id = number(3);
    await must(owner.rpc('set_whatsapp_number', { p_restaurant_id: lyon, p_phone_number_id: id }));
    const stranger = await newOwner('whatsapp-stranger');
    const { id: theirs } = await must(stranger.client.from('restaurants').insert({ name: 'Concurrent' }).select('id').single());

    // Anonymous: neither the function nor the table.
    expect((await anon().rpc('set_whatsapp_number', { p_restaurant_id: lyon, p_phone_number_id: number(4) })).error?.code).toBe('42501');
    expect((await anon().from('restaurant_whatsapp_numbers').select('*')).data ?? []).toEqual([]);
    // Another owner: not Lyon's, and not Lyon's number for their own restaurant (messages would go to them).
    expect((await stranger.client.rpc('set_whatsapp_number', { p_restaurant_id: lyon, p_phone_number_id: number(5) })).error).toMatchObject({
      code: '42501',
      message: 'Accès non autorisé à ce restaurant',
    });
    expect((await stranger.client.rpc('set_whatsapp_number', { p_restaurant_id: lyon, p_phone_number_id: null })).error?.code).toBe('42501');
    expect((await stranger.client.rpc('set_whatsapp_number', { p_restaurant_id: theirs, p_phone_number_id: id })).error).toMatchObject({
      code: '23505',
      message: 'Ce numéro WhatsApp est déjà relié à un autre restaurant.',
    });
    expect(await must(stranger.client.from('restaurant_whatsapp_numbers').select('*').eq('restaurant_id', lyon))).toEqual([]);
    // A manager reads it but may not set nor clear it.
    for (const value of [number(6), null]) {
      expect((await manager.rpc('set_whatsapp_number', { p_restaurant_id: lyon, p_phone_number_id: value })).error).toMatchObject({
        code: '42501',
        message: 'Accès non autorisé à ce restaurant',
      });
    }
    // Writes go through the function only.
    for (const c of [owner, manager, stranger.client]) {
      expect(
        (
          await c
            .from('restaurant_whatsapp_numbers')
            .update({ phone_number_id: number(7) })
            .eq('restaurant_id', lyon)
            .select()
        ).data ?? [],
      ).toEqual([]);
      expect(
        (
          await c
            .from('restaurant_whatsapp_numbers')
            .insert({ restaurant_id: theirs, phone_number_id: number(8) })
            .select()
        ).error,
      ).not.toBeNull();
      expect((await c.from('restaurant_whatsapp_numbers').delete().eq('restaurant_id', lyon).select()).data ?? []).toEqual([]);
    }
    // Finding a restaurant by its number is the assistant service's alone.
    for (const c of [anon(), owner, manager, stranger.client]) {
      expect((await c.rpc('whatsapp_restaurant', { p_phone_number_id: id })).error?.code).toBe('42501');
    }
    expect(await stored(lyon)).toEqual([{ phone_number_id: id, updated_by: copy.userId }]);
    expect(await stored(theirs)).toEqual([]);
  });
});

describe('the replies to a customer on WhatsApp, through the outbox', () => {
  const outboxOf = (conversationId: string) =>
    withDb(
      async (db) =>
        (
          await db.query<{ id: string; kind: string; channel: string; recipient: string; message_id: string; payload: { text: string }; restaurant_id: string }>(
            'select id, kind, channel, recipient, message_id, payload, restaurant_id from public.notification_outbox where conversation_id = $1 order by created_at, id',
            [conversationId],
          )
        ).rows,
    );
  const receive = (text: string, contact: string | null, channel = 'whatsapp') =>
    must(
      service().rpc('receive_customer_message', {
        p_restaurant_id: lyon,
        p_channel: channel,
        p_conversation: null as never,
        p_text: text,
        ...(contact ? { p_contact: contact, p_channel_message_id: `wamid.${contact}.${randomInt(1e9)}` } : {}),
      }),
    );

  it('the assistant’s replies: one row per reply, in order, to the customer’s number, from the restaurant’s; none on the web chat', async () => {
    const id = number(10);
    await must(owner.rpc('set_whatsapp_number', { p_restaurant_id: lyon, p_phone_number_id: id }));
    const customer = `3361${randomInt(1e7, 1e8 - 1)}`;
    const first = await receive('Bonjour', customer);
    const turn = await must(service().rpc('record_assistant_turn', { p_conversation_id: first.conversation.id, p_version: 0, p_state: {}, p_replies: ['Bonjour !', 'Pour quelle date ?'] }));
    expect(await outboxOf(first.conversation.id)).toEqual(
      ['Bonjour !', 'Pour quelle date ?'].map((text, index) => ({
        id: expect.any(String),
        kind: 'conversation_reply',
        channel: 'whatsapp',
        recipient: customer,
        message_id: turn.message_ids[index],
        payload: { text, phone_number_id: id },
        restaurant_id: lyon,
      })),
    );
    // Members read them as they read their restaurant's other messages.
    expect(await must(manager.from('notification_outbox').select('kind').eq('conversation_id', first.conversation.id))).toHaveLength(2);

    const web = await receive('Bonjour', null, 'web');
    await must(service().rpc('record_assistant_turn', { p_conversation_id: web.conversation.id, p_version: 0, p_state: {}, p_replies: ['Bonjour !'] }));
    expect(await outboxOf(web.conversation.id)).toEqual([]);
    const staff = await must(manager.rpc('reply_to_conversation', { p_conversation_id: web.conversation.id, p_text: 'Le restaurant vous répond.' }));
    expect(staff).toMatchObject({ channel: 'web' });
    expect(await outboxOf(web.conversation.id)).toEqual([]);
  });

  it('a member’s reply: one row, with its text; a refused reply queues nothing', async () => {
    const customer = `3362${randomInt(1e7, 1e8 - 1)}`;
    const first = await receive('Acceptez-vous les chiens ?', customer);
    const reply = await must(manager.rpc('reply_to_conversation', { p_conversation_id: first.conversation.id, p_text: ' Oui, bien sûr. ' }));
    expect(await outboxOf(first.conversation.id)).toEqual([
      expect.objectContaining({ kind: 'conversation_reply', recipient: customer, message_id: reply.id, payload: expect.objectContaining({ text: 'Oui, bien sûr.' }) }),
    ]);
    const stranger = await newOwner('whatsapp-reply-stranger');
    expect((await stranger.client.rpc('reply_to_conversation', { p_conversation_id: first.conversation.id, p_text: 'Pirate' })).error).not.toBeNull();
    expect((await manager.rpc('reply_to_conversation', { p_conversation_id: first.conversation.id, p_text: '  ' })).error).not.toBeNull();
    expect(await outboxOf(first.conversation.id)).toHaveLength(1);
  });

  it('a conversation’s replies are claimed in the order written: a later one waits while an earlier one waits for its retry', async () => {
    const customer = `3363${randomInt(1e7, 1e8 - 1)}`;
    const first = await receive('Bonjour', customer);
    await must(service().rpc('record_assistant_turn', { p_conversation_id: first.conversation.id, p_version: 0, p_state: {}, p_replies: ['Un', 'Deux'] }));
    const [one, two] = await outboxOf(first.conversation.id);
    const claim = async () =>
      ((await must(service().rpc('claim_notifications', { p_limit: 50, p_lease: '1 minute', p_restaurant_id: lyon }))) as { id: string }[])
        .map((n) => n.id)
        .filter((n) => n === one.id || n === two.id)
        .sort();
    expect(await claim()).toEqual([one.id, two.id].sort());
    // The first refused by WhatsApp (retried in 30 s), the second given back without being sent.
    await must(
      service().rpc('finish_notifications', {
        p_outcomes: [
          { id: one.id, error: 'WhatsApp a répondu 500' },
          { id: two.id, error: 'la réponse d’avant n’est pas partie', released: true },
        ],
      }),
    );
    expect(await claim()).toEqual([]);
    await withDb((db) => db.query('update public.notification_outbox set next_attempt_at = now() where id = $1', [one.id]));
    expect(await claim()).toEqual([one.id, two.id].sort());
  });

  it('a conversation_reply carries its conversation and message, and nothing else', async () => {
    const customer = `3364${randomInt(1e7, 1e8 - 1)}`;
    const first = await receive('Bonjour', customer);
    const [reservation] = (await withDb((db) => db.query<{ id: string }>('select id from public.restaurant_reservations where restaurant_id = $1 limit 1', [lyon]))).rows;
    for (const [label, columns] of [
      ['without its message', { conversation_id: first.conversation.id, message_id: null, reservation_id: null }],
      ['with a reservation', { conversation_id: first.conversation.id, message_id: first.message_id, reservation_id: reservation.id }],
      ['by e-mail', { conversation_id: first.conversation.id, message_id: first.message_id, reservation_id: null, channel: 'email' }],
    ] as const) {
      const refused = await withDb((db) =>
        db
          .query(
            `insert into public.notification_outbox (restaurant_id, kind, channel, recipient, conversation_id, message_id, reservation_id)
             values ($1, 'conversation_reply', $2, $3, $4, $5, $6)`,
            [lyon, 'channel' in columns ? columns.channel : 'whatsapp', customer, columns.conversation_id, columns.message_id, columns.reservation_id],
          )
          .then(
            () => null,
            (err: { code: string }) => err.code,
          ),
      );
      expect({ label, refused }).toEqual({ label, refused: '23514' });
    }
  });
});
