/**
 * The data layer of the operational screens against local-supabase with the large dataset, through
 * the unmodified supabase-js signed in as the bench owner. Expected rows and counts are read from
 * PostgreSQL directly, never written here.
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
    expect(page.reservations.map((r) => r.id)).toEqual(await expectedNumbers('', [], 1));
  });

  it('page boundaries: the last full page, the partial last page, and beyond it', async () => {
    const pending = statusToCode('pending');
    const total = await expectedCount('and status = $2', [pending]);
    const lastPage = Math.ceil(total / RESERVATIONS_PAGE_SIZE);
    const last = await listReservations({ ...base, status: 'pending', page: lastPage });
    expect(last.total).toBe(total);
    expect(last.reservations.map((r) => r.id)).toEqual(await expectedNumbers('and status = $2', [pending], lastPage));
    expect(last.reservations.length).toBe(total - (lastPage - 1) * RESERVATIONS_PAGE_SIZE);
    const before = await listReservations({ ...base, status: 'pending', page: lastPage - 1 });
    expect(before.reservations.map((r) => r.id)).toEqual(await expectedNumbers('and status = $2', [pending], lastPage - 1));
    // No row is on two pages.
    expect(before.reservations.filter((r) => last.reservations.some((l) => l.id === r.id))).toEqual([]);
    await expect(listReservations({ ...base, status: 'pending', page: lastPage + 1 })).rejects.toBeInstanceOf(PageOutOfRangeError);
  });

  it.each(['pending', 'accepted', 'rejected', 'paid', 'cancelled'] as const)('filter %s: rows of that status only, exact count', async (status) => {
    const code = statusToCode(status);
    const page = await listReservations({ ...base, status, page: 2 });
    expect(page.total).toBe(await expectedCount('and status = $2', [code]));
    expect(page.reservations.every((r) => r.status === status)).toBe(true);
    expect(page.reservations.map((r) => r.id)).toEqual(await expectedNumbers('and status = $2', [code], 2));
  });

  // The oracle: the words the search covers, unaccented and in lower case, written out here rather
  // than read from search_text or search_reservations (which are what is tested).
  const WORDS = `extensions.unaccent(lower(customer_name || ' ' || numero_reservation || ' ' || numero_reservation_restaurateur || ' ' || coalesce(email, '')))`;

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
    expect(combined.reservations.map((r) => r.id)).toEqual(await expectedNumbers(where, values, 1));
  });

  it('search: a reservation number finds that reservation', async () => {
    const [{ n }] = await sql<{ n: string }>(`select numero_reservation_restaurateur as n from restaurant_reservations where restaurant_id = $1 order by created_at limit 1 offset 500`, [R]);
    const page = await listReservations({ ...base, search: n.toLowerCase() });
    expect(page.total).toBe(await expectedCount(`and ${WORDS} like $2`, [`%${n.toLowerCase()}%`]));
    expect(page.reservations.map((r) => r.id)).toContain(n);
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

  it('deleting a conversation removes its messages and nothing else', async () => {
    const id = 'b6000000-0000-4000-8000-000000001999';
    const before = await sql<{ c: string }>('select count(*) as c from messages');
    await deleteConversation(id);
    expect(await sql('select 1 from conversations where id = $1', [id])).toHaveLength(0);
    expect(await sql('select 1 from messages where conversation_id = $1', [id])).toHaveLength(0);
    const after = await sql<{ c: string }>('select count(*) as c from messages');
    expect(Number(before[0].c) - Number(after[0].c)).toBe(30);
    // Its reservation stays, without conversation (on delete set null).
    expect(await sql('select conversation_id from restaurant_reservations where numero_reservation = $1', ['BEN-001999'])).toEqual([{ conversation_id: null }]);
    // Deleting it again is refused: nothing was deleted.
    await expect(deleteConversation(id)).rejects.toThrow('Conversation introuvable');
  });
});

describe('a second owner', () => {
  beforeAll(() => signInNewOwner());

  it('sees none of the bench owner’s reservations, counts or conversations, and deletes nothing', async () => {
    expect(await listReservations(base)).toEqual({ reservations: [], total: 0 });
    expect(await listReservations({ ...base, status: 'pending', search: 'a' })).toEqual({ reservations: [], total: 0 });
    expect(await fetchReservationCounts(R)).toEqual({ all: 0, late: 0, pending: 0, accepted: 0, rejected: 0, paid: 0, cancelled: 0 });
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
