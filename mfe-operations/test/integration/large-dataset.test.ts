/**
 * The data layer of the operational screens against local-supabase with the large dataset, through
 * the unmodified supabase-js signed in as the bench owner. Expected rows and counts are read from
 * PostgreSQL directly. The large dataset is read-only for tests (local-supabase/test/seeded.ts): the
 * deletion is tried on a restaurant of this file's own, given as many conversations and messages.
 */
import {
  fetchReservationCounts,
  getConversation,
  getReservation,
  listConversations,
  listReservations,
  PageOutOfRangeError,
  RESERVATIONS_PAGE_SIZE,
  CONVERSATIONS_PAGE_SIZE,
} from '@tablee/operations-data';
import { getSupabase, statusToCode } from '@tablee/domain';
import { deleteConversation } from '../../src/features/conversations/api/deleteConversation';
import { insertReservationsAsSuperuser } from '../../../local-supabase/test/reservations';
import { BENCH, signInAs, signInNewOwner, sql } from '../stack';

const R = BENCH.restaurantId;
const base = { restaurantId: R, status: 'all' as const, search: '', page: 1 };

/** Restaurant-facing numbers of the expected page, newest first (same order as the screen). */
async function expectedNumbers(where: string, values: unknown[], page: number) {
  const rows = await sql<{ n: string }>(
    `select numero_reservation_restaurateur as n from restaurant_reservations where restaurant_id = $1 ${where}
      order by created_at desc, id desc offset ${(page - 1) * RESERVATIONS_PAGE_SIZE} limit ${RESERVATIONS_PAGE_SIZE}`,
    [R, ...values],
  );
  return rows.map((r) => r.n);
}
async function expectedCount(where: string, values: unknown[]) {
  return Number((await sql<{ c: string }>(`select count(*) as c from restaurant_reservations where restaurant_id = $1 ${where}`, [R, ...values]))[0].c);
}

describe('reservations at 10,000 rows', () => {
  beforeAll(() => signInAs());

  it('first page: the 20 newest, with the exact total', async () => {
    const page = await listReservations(base);
    expect(page.total).toBe(await expectedCount('', []));
    expect(page.total).toBe(10000);
    expect(page.reservations.map((r) => r.numero)).toEqual(await expectedNumbers('', [], 1));
  });

  it('page boundaries: the last full page, the partial last page, and beyond it', async () => {
    const pending = statusToCode('pending');
    const total = await expectedCount('and status = $2', [pending]);
    const lastPage = Math.ceil(total / RESERVATIONS_PAGE_SIZE);
    const last = await listReservations({ ...base, status: 'pending', page: lastPage });
    expect(last.total).toBe(total);
    expect(last.reservations.map((r) => r.numero)).toEqual(await expectedNumbers('and status = $2', [pending], lastPage));
    expect(last.reservations.length).toBe(total - (lastPage - 1) * RESERVATIONS_PAGE_SIZE);
    const before = await listReservations({ ...base, status: 'pending', page: lastPage - 1 });
    expect(before.reservations.map((r) => r.numero)).toEqual(await expectedNumbers('and status = $2', [pending], lastPage - 1));
    // No row is on two pages.
    expect(before.reservations.filter((r) => last.reservations.some((l) => l.numero === r.numero))).toEqual([]);
    await expect(listReservations({ ...base, status: 'pending', page: lastPage + 1 })).rejects.toBeInstanceOf(PageOutOfRangeError);
  });

  it.each(['pending', 'accepted', 'rejected', 'paid', 'cancelled'] as const)('filter %s: rows of that status only, exact count', async (status) => {
    const code = statusToCode(status);
    const page = await listReservations({ ...base, status, page: 2 });
    expect(page.total).toBe(await expectedCount('and status = $2', [code]));
    expect(page.reservations.every((r) => r.status === status)).toBe(true);
    expect(page.reservations.map((r) => r.numero)).toEqual(await expectedNumbers('and status = $2', [code], 2));
  });

  // The oracle: the words the search covers, unaccented and in lower case, written out here rather
  // than read from search_text or search_reservations (which are what is tested).
  const WORDS = `extensions.unaccent(lower(customer_name || ' ' || numero_reservation || ' ' || numero_reservation_restaurateur || ' ' || code_reservation || ' ' || coalesce(email, '')))`;

  it('search: any case, accents ignored both ways; combined with status and dates', async () => {
    const page = await listReservations({ ...base, search: 'gUÉr' });
    expect(page.total).toBe(await expectedCount(`and ${WORDS} like $2`, ['%guer%']));
    // Every name written with the accent is still found (and those written without it too).
    expect(page.total).toBeGreaterThanOrEqual(await expectedCount(`and customer_name ilike $2`, ['%guér%']));
    expect(page.total).toBeGreaterThan(0);
    expect((await listReservations({ ...base, search: 'guer' })).total).toBe(page.total);

    const query = { ...base, status: 'paid' as const, search: 'camille', dateFrom: '2000-01-01', dateTo: new Date().toISOString().slice(0, 10) };
    const combined = await listReservations(query);
    const where = `and status = $2 and ${WORDS} like $3 and reservation_date between $4 and $5`;
    const values = [statusToCode('paid'), '%camille%', query.dateFrom, query.dateTo];
    expect(combined.total).toBe(await expectedCount(where, values));
    expect(combined.reservations.map((r) => r.numero)).toEqual(await expectedNumbers(where, values, 1));
  });

  it('search: a reservation number finds that reservation', async () => {
    const [{ n }] = await sql<{ n: string }>(`select numero_reservation_restaurateur as n from restaurant_reservations where restaurant_id = $1 order by created_at limit 1 offset 500`, [R]);
    const page = await listReservations({ ...base, search: n.toLowerCase() });
    expect(page.total).toBe(await expectedCount(`and ${WORDS} like $2`, [`%${n.toLowerCase()}%`]));
    expect(page.reservations.map((r) => r.numero)).toContain(n);
  });

  it('search: LIKE wildcards are searched literally, so they match nothing here', async () => {
    expect(await expectedCount(`and ${WORDS} ~ '[%_]'`, [])).toBe(0);
    expect((await listReservations({ ...base, search: '%' })).total).toBe(0);
    expect((await listReservations({ ...base, search: '_' })).total).toBe(0);
  });

  it('date range: both ends included', async () => {
    const [{ d }] = await sql<{ d: string }>(`select to_char(min(reservation_date) + 30, 'YYYY-MM-DD') as d from restaurant_reservations where restaurant_id = $1`, [R]);
    const page = await listReservations({ ...base, dateFrom: d, dateTo: d });
    expect(page.total).toBe(await expectedCount('and reservation_date = $2', [d]));
    expect(page.total).toBeGreaterThan(0);
    expect(page.reservations.every((r) => r.reservationDate === d)).toBe(true);
  });

  it('counts per status (the filter and the sidebar badge) match the table', async () => {
    const counts = await fetchReservationCounts(R);
    for (const status of ['pending', 'accepted', 'rejected', 'paid', 'cancelled'] as const) {
      expect(counts[status]).toBe(await expectedCount('and status = $2', [statusToCode(status)]));
    }
    expect(counts.all).toBe(10000);
  });

  it('detail: one reservation with its conversation, messages oldest first', async () => {
    const reservation = await getReservation(R, 'R-00001');
    expect(reservation).not.toBeNull();
    expect(reservation!.numeroReservation).toBe('BEN-000001');
    expect(reservation!.conversation).toHaveLength(30);
    const times = reservation!.conversation!.map((m) => m.timestamp);
    expect([...times].sort()).toEqual(times);
    expect(await getReservation(R, 'R-99999')).toBeNull();
    expect(await getReservation('pas-un-uuid', 'R-00001')).toBeNull();
  });
});

describe('conversations at 2,000 × 30 messages', () => {
  beforeAll(() => signInAs());

  it('pages of 10 from the summary view: most recent first, count and last message per card', async () => {
    const total = Number((await sql<{ c: string }>('select count(*) as c from conversations where restaurant_id = $1', [R]))[0].c);
    const lastPage = Math.ceil(total / CONVERSATIONS_PAGE_SIZE);
    for (const p of [1, 2, lastPage]) {
      const page = await listConversations(R, p);
      expect(page.total).toBe(total);
      const expected = await sql<{ id: string; n: string; content: string; role: string }>(
        `select c.id, (select count(*) from messages m where m.conversation_id = c.id) as n,
                (select content from messages m where m.conversation_id = c.id order by created_at desc, id desc limit 1) as content,
                (select role from messages m where m.conversation_id = c.id order by created_at desc, id desc limit 1) as role
           from conversations c where restaurant_id = $1 order by updated_at desc, id desc offset ${(p - 1) * 10} limit 10`,
        [R],
      );
      expect(page.conversations.map((c) => c.id)).toEqual(expected.map((e) => e.id));
      expect(page.conversations.map((c) => [c.messageCount, c.lastMessage?.content, c.lastMessage?.role])).toEqual(expected.map((e) => [Number(e.n), e.content, e.role]));
    }
    await expect(listConversations(R, lastPage + 1)).rejects.toBeInstanceOf(PageOutOfRangeError);
  });

  it('one conversation with its 30 messages oldest first; unknown or malformed ids give null', async () => {
    const id = 'b6000000-0000-4000-8000-000000000007';
    const conversation = await getConversation(R, id);
    expect(conversation?.messageCount).toBe(30);
    const times = conversation!.messages!.map((m) => m.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(conversation!.messages![0].role).toBe('user');
    expect(await getConversation(R, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await getConversation(R, 'abc')).toBeNull();
    // The right conversation under another restaurant's URL is not shown either.
    expect(await getConversation('20000000-0000-4000-8000-000000000001', id)).toBeNull();
  });
});

describe('deleting at 2,000 × 30 messages, in a restaurant of its own', () => {
  /** The new owner's restaurant, and its numbers (global ones unique to it). */
  let own: string;
  const numero = (i: number) => `DEL-${own.slice(0, 8)}-${String(i).padStart(6, '0')}`;
  /** Conversation i of the restaurant, as the bench's conversation i mapped to it. */
  const conversationId = async (i: number) =>
    (await sql<{ id: string }>(`select test_fixtures.mapped(('b6000000-0000-4000-8000-' || lpad($1::text, 12, '0'))::uuid, $2)::text as id`, [i, own]))[0].id;
  /** Messages per conversation of the restaurant. */
  const messageCounts = () =>
    sql<{ id: string; n: string }>(`select c.id, (select count(*) from messages m where m.conversation_id = c.id) as n from conversations c where c.restaurant_id = $1 order by c.id`, [own]);
  const total = (counts: { n: string }[]) => counts.reduce((sum, c) => sum + Number(c.n), 0);

  beforeAll(async () => {
    const client = await signInNewOwner();
    const created = await client.from('restaurants').insert({ name: 'Brasserie des Suppressions' }).select('id').single();
    if (created.error) throw created.error;
    own = created.data.id as string;
    // As the large dataset has them (local-supabase/sql/large-dataset.sql), one statement per table,
    // as superuser: 2,000 conversations × 30 messages, conversation i linked to reservation i.
    await sql(
      `insert into conversations (id, restaurant_id, created_at, updated_at)
       select test_fixtures.mapped(('b6000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, $1), $1,
              now() - i * interval '4 hours 17 minutes', now() - i * interval '4 hours 17 minutes' + 29 * interval '2 minutes'
         from generate_series(1, 2000) i`,
      [own],
    );
    // The 60,000 messages without row triggers (session_replication_role, for this transaction only):
    // with them (the seal's check of each row, local-supabase/test/sql/seal-seeded-data.sql, and
    // messages_bump_conversation) they took up to 30 s on a busy 2-core machine. Neither has anything to
    // do here: the restaurant is this file's own, each conversation's updated_at is already its last
    // message's, and every conversation_id is one inserted just above. In one statement of the simple
    // protocol (no parameters), so the restaurant's id is written in, once checked to be a uuid.
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(own)) throw new Error(`identifiant de restaurant inattendu : ${own}`);
    await sql(
      `begin;
       set local session_replication_role = replica;
       insert into messages (conversation_id, role, content, created_at)
       select test_fixtures.mapped(('b6000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, '${own}'),
              case when m % 2 = 1 then 'user' else 'assistant' end, 'Message ' || m || ' de la conversation ' || i,
              now() - i * interval '4 hours 17 minutes' + (m - 1) * interval '2 minutes'
         from generate_series(1, 2000) i, generate_series(1, 30) m;
       commit;`,
    );
    // 2,000 rows with hand-picked numbers, conversation i linked to reservation i, at a restaurant without a profile: submit_group_request refuses these.
    const conversations = await sql<{ id: string }>(
      `select test_fixtures.mapped(('b6000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, $1)::text as id from generate_series(1, 2000) i order by i`,
      [own],
    );
    await insertReservationsAsSuperuser(
      conversations.map(({ id }, index) => {
        const i = index + 1;
        return {
          restaurant_id: own,
          conversation_id: id,
          numero_reservation_restaurateur: `R-${String(i).padStart(5, '0')}`,
          numero_reservation: numero(i),
          code_reservation: `DEL${String(i).padStart(3, '0')}`,
          customer_name: `Client ${i}`,
          number_people: 8,
          reservation_date: new Date(Date.now() + (i % 365) * 86_400_000).toISOString().slice(0, 10),
        };
      }),
    );
  });

  it('deleting a conversation removes its messages and nothing else', async () => {
    const id = await conversationId(1999);
    const before = await messageCounts();
    expect(before).toHaveLength(2000);
    expect(before.every((c) => Number(c.n) === 30)).toBe(true);
    await deleteConversation(id);
    expect(await sql('select 1 from conversations where id = $1', [id])).toHaveLength(0);
    expect(await sql('select 1 from messages where conversation_id = $1', [id])).toHaveLength(0);
    // Every other conversation of the restaurant keeps its 30 messages: 30 fewer in all.
    const after = await messageCounts();
    expect(after).toEqual(before.filter((c) => c.id !== id));
    expect(total(before) - total(after)).toBe(30);
    // Its reservation stays, without conversation (on delete set null); the others keep theirs.
    expect(await sql('select conversation_id from restaurant_reservations where numero_reservation = $1', [numero(1999)])).toEqual([{ conversation_id: null }]);
    expect(await sql('select conversation_id::text as id from restaurant_reservations where numero_reservation = $1', [numero(1998)])).toEqual([{ id: await conversationId(1998) }]);
    // Deleting it again is refused: nothing was deleted.
    await expect(deleteConversation(id)).rejects.toThrow('Conversation introuvable');
    expect(await messageCounts()).toEqual(before.filter((c) => c.id !== id));
  });
});

describe('a second owner', () => {
  beforeAll(() => signInNewOwner());

  it('sees none of the bench owner’s reservations, counts or conversations, and deletes nothing', async () => {
    expect(await listReservations(base)).toEqual({ reservations: [], total: 0 });
    expect(await listReservations({ ...base, status: 'pending', search: 'a' })).toEqual({ reservations: [], total: 0 });
    expect(await fetchReservationCounts(R)).toEqual({ all: 0, late: 0, pending: 0, accepted: 0, rejected: 0, paid: 0, cancelled: 0, no_show: 0 });
    expect(await getReservation(R, 'R-00002')).toBeNull();
    expect(await listConversations(R, 1)).toEqual({ conversations: [], total: 0 });
    const id = 'b6000000-0000-4000-8000-000000000002';
    expect(await getConversation(R, id)).toBeNull();
    await expect(deleteConversation(id)).rejects.toThrow('Conversation introuvable');
    expect(await sql('select 1 from messages where conversation_id = $1', [id])).toHaveLength(30);
    // Messages of the bench restaurant cannot be read or deleted directly either.
    const direct = await getSupabase().from('messages').delete().eq('conversation_id', id).select('id');
    expect(direct.data).toEqual([]);
    expect(await sql('select 1 from messages where conversation_id = $1', [id])).toHaveLength(30);
  });
});
