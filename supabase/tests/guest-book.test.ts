import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CustomerDetail, CustomerExport, CustomerHint, DailyRetentionRun, ErasedCustomer, RetentionRun } from '../../domain/src/guest-book';
import { anon, newOwner, service, withDb } from '../../local-supabase/test/clients';
import { must } from '../../local-supabase/test/fixtures';
import { insertReservationsAsSuperuser, type ReservationRow } from '../../local-supabase/test/reservations';

/**
 * The guest book (issue 47): matching a reservation to its person (e-mail in any case, phone in any French
 * writing, merged when both meet), merging and splitting by hand, the list and its search and sorts, the hint,
 * the customers' rights (export, erasure: nothing of the person left in any public table), retention on a test
 * clock, access (anonymous, another owner, a manager), and the audit. Rows are written as the superuser: past
 * dates and decided statuses that submit_group_request would refuse; the trigger matches them all the same.
 */

const STATUS = { pending: 0, accepted: 1, rejected: 2, paid: 3, cancelled: 4, no_show: 5 } as const;

/** A string no other test writes. */
const tag = () => randomBytes(4).toString('hex');
/** A French mobile number no other test uses, in its three writings. */
function mobile(): { spaced: string; e164: string; international00: string; digits: string } {
  const n = `6${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
  const spaced = `0${n[0]} ${n.slice(1, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7, 9)}`;
  return { spaced, e164: `+33${n}`, international00: `0033 ${n[0]} ${n.slice(1, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7, 9)}`, digits: `0${n}` };
}

async function newRestaurant(label: string): Promise<{ owner: Awaited<ReturnType<typeof newOwner>>; restaurantId: string }> {
  const owner = await newOwner(label);
  const { id } = await must(
    owner.client
      .from('restaurants')
      .insert({ name: `Carnet ${label}` })
      .select('id')
      .single(),
  );
  return { owner, restaurantId: id as string };
}

async function reservations(restaurantId: string, rows: Partial<ReservationRow>[]) {
  return insertReservationsAsSuperuser(rows.map((r) => ({ restaurant_id: restaurantId, number_people: 10, reservation_date: '2026-06-01', ...r })));
}

async function customerOf(reservationId: string): Promise<string | null> {
  return withDb(async (db) => (await db.query('select customer_id from public.restaurant_reservations where id = $1', [reservationId])).rows[0].customer_id as string | null);
}

async function customersOf(restaurantId: string): Promise<{ id: string; email: string | null; phone_e164: string | null; display_name: string }[]> {
  return withDb(
    async (db) => (await db.query('select id, email, phone_e164, display_name from public.restaurant_customers where restaurant_id = $1 order by first_seen_at, id', [restaurantId])).rows,
  );
}

async function audit(restaurantId: string): Promise<{ action: string; user_id: string | null; customer_id: string | null; counts: Record<string, unknown> }[]> {
  return withDb(
    async (db) => (await db.query('select action, user_id, customer_id, counts from public.restaurant_privacy_audit where restaurant_id = $1 order by created_at', [restaurantId])).rows,
  );
}

async function addMember(restaurantId: string, userId: string, role: 'owner' | 'manager', addedBy: string): Promise<void> {
  await withDb((db) => db.query('insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, $3, $4)', [userId, restaurantId, role, addedBy]));
}

/** Every text, varchar, jsonb and array column of every public table holding one of the strings (case ignored): `table.column` → rows. */
async function findEverywhere(needles: string[]): Promise<Record<string, number>> {
  return withDb(async (db) => {
    const { rows: columns } = await db.query<{ table_name: string; column_name: string }>(
      `select c.table_name, c.column_name
         from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = 'public' and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')
        order by 1, 2`,
    );
    expect(columns.length).toBeGreaterThan(50);
    const patterns = needles.map((n) => `%${n.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
    const found: Record<string, number> = {};
    for (const { table_name, column_name } of columns) {
      const { rows } = await db.query<{ n: number }>(`select count(*)::integer as n from public."${table_name}" where "${column_name}"::text ilike any ($1::text[])`, [patterns]);
      if (rows[0].n > 0) found[`${table_name}.${column_name}`] = rows[0].n;
    }
    return found;
  });
}

describe('the guest book', () => {
  it('matches by e-mail in any case, by phone in any writing, and merges two entries when a request meets both', async () => {
    const { restaurantId } = await newRestaurant('matching');
    const id = tag();
    const phone = mobile();
    const [byEmail1, byEmail2, noContact] = await reservations(restaurantId, [
      { customer_name: 'Claire Martin', email: `Claire.Martin.${id}@Exemple.FR`, created_at: '2026-01-05T10:00:00Z' },
      { customer_name: 'Claire Martin', email: ` claire.martin.${id}@exemple.fr `, created_at: '2026-02-05T10:00:00Z' },
      { customer_name: 'Sans contact', email: 'pas une adresse', created_at: '2026-02-06T10:00:00Z' },
    ]);
    expect(await customerOf(noContact.id)).toBeNull();
    const claire = await customerOf(byEmail1.id);
    expect(claire).not.toBeNull();
    expect(await customerOf(byEmail2.id)).toBe(claire);

    const [byPhone1, byPhone2, byPhone3] = await reservations(restaurantId, [
      { customer_name: 'C. Martin', phone_number: phone.spaced, created_at: '2026-03-01T10:00:00Z' },
      { customer_name: 'C. Martin', phone_number: phone.e164, created_at: '2026-03-02T10:00:00Z' },
      { customer_name: 'C. Martin', phone_number: phone.international00, created_at: '2026-03-03T10:00:00Z' },
    ]);
    const byPhone = await customerOf(byPhone1.id);
    expect(byPhone).not.toBe(claire);
    expect([await customerOf(byPhone2.id), await customerOf(byPhone3.id)]).toEqual([byPhone, byPhone]);
    expect((await customersOf(restaurantId)).map((c) => c.phone_e164)).toEqual([null, phone.e164]);

    // The e-mail meets one entry, the phone the other: one person; the older entry survives with both.
    const [both] = await reservations(restaurantId, [{ customer_name: 'Claire Martin', email: `CLAIRE.martin.${id}@exemple.fr`, phone_number: phone.spaced, created_at: '2026-04-01T10:00:00Z' }]);
    expect(await customerOf(both.id)).toBe(claire);
    for (const r of [byEmail1, byEmail2, byPhone1, byPhone2, byPhone3]) expect(await customerOf(r.id)).toBe(claire);
    expect(await customersOf(restaurantId)).toEqual([{ id: claire, email: `claire.martin.${id}@exemple.fr`, phone_e164: phone.e164, display_name: 'Claire Martin' }]);
    expect(await audit(restaurantId)).toEqual([
      { action: 'merge', user_id: null, customer_id: claire, counts: { automatic: true, kept: claire, merged: byPhone, reservations: 3, conversations: 0 } },
    ]);

    // A reservation's e-mail changed by the owner: matched again, in the same statement.
    await withDb((db) => db.query('update public.restaurant_reservations set email = $2, phone_number = null where id = $1', [noContact.id, `claire.martin.${id}@exemple.fr`]));
    expect(await customerOf(noContact.id)).toBe(claire);

    // Another restaurant's reservation with the same address is another entry.
    const other = await newRestaurant('matching-other');
    const [elsewhere] = await reservations(other.restaurantId, [{ customer_name: 'Claire Martin', email: `claire.martin.${id}@exemple.fr` }]);
    expect(await customerOf(elsewhere.id)).not.toBe(claire);
  });

  it('merges and splits by hand (members), each recorded', async () => {
    const { owner, restaurantId } = await newRestaurant('merge');
    const id = tag();
    const [a1, b1, b2] = await reservations(restaurantId, [
      { customer_name: 'Alice Dupont', email: `alice.${id}@exemple.fr`, created_at: '2026-01-01T10:00:00Z' },
      { customer_name: 'Alice D. (pro)', email: `a.dupont.${id}@societe.fr`, created_at: '2026-02-01T10:00:00Z' },
      { customer_name: 'Alice D. (pro)', email: `a.dupont.${id}@societe.fr`, created_at: '2026-03-01T10:00:00Z' },
    ]);
    const [alice, pro] = [await customerOf(a1.id), await customerOf(b1.id)];
    await must(owner.client.rpc('save_customer_notes', { p_restaurant_id: restaurantId, p_customer_id: pro, p_notes: 'Facture au nom de la société', p_tags: ['Entreprise'] }));
    const refused = await owner.client.rpc('merge_customers', { p_restaurant_id: restaurantId, p_keep: alice, p_merge: alice });
    expect(refused.error?.code).toBe('22023');

    const merged = await must(owner.client.rpc('merge_customers', { p_restaurant_id: restaurantId, p_keep: alice, p_merge: pro }));
    expect(merged).toMatchObject({ reservations: 2, kept: alice, merged: pro });
    for (const r of [a1, b1, b2]) expect(await customerOf(r.id)).toBe(alice);
    const kept = await must(owner.client.from('restaurant_customers').select('email, notes, tags').eq('id', alice!).single());
    expect(kept).toEqual({ email: `alice.${id}@exemple.fr`, notes: 'Facture au nom de la société', tags: ['Entreprise'] });

    // Split back: the company's two requests to a new entry, which takes their address.
    const split = (await must(owner.client.rpc('split_customer', { p_restaurant_id: restaurantId, p_customer_id: alice, p_reservation_ids: [b1.id, b2.id] }))) as { customerId: string };
    expect([await customerOf(a1.id), await customerOf(b1.id), await customerOf(b2.id)]).toEqual([alice, split.customerId, split.customerId]);
    const created = await must(owner.client.from('restaurant_customers').select('email, display_name').eq('id', split.customerId).single());
    expect(created).toEqual({ email: `a.dupont.${id}@societe.fr`, display_name: 'Alice D. (pro)' });
    // All of an entry's reservations is not a split.
    expect((await owner.client.rpc('split_customer', { p_restaurant_id: restaurantId, p_customer_id: alice, p_reservation_ids: [a1.id] })).error?.code).toBe('22023');

    expect((await audit(restaurantId)).map((a) => [a.action, a.user_id, a.customer_id])).toEqual([
      ['merge', owner.userId, alice],
      ['split', owner.userId, alice],
    ]);
    // Tags are bounded: 11, or one of 31 characters, are refused.
    const tooMany = await owner.client.rpc('save_customer_notes', { p_restaurant_id: restaurantId, p_customer_id: alice, p_notes: '', p_tags: Array.from({ length: 11 }, (_, i) => `t${i}`) });
    expect(tooMany.error?.code).toBe('23514');
    const tooLong = await owner.client.rpc('save_customer_notes', { p_restaurant_id: restaurantId, p_customer_id: alice, p_notes: '', p_tags: ['x'.repeat(31)] });
    expect(tooLong.error?.code).toBe('23514');
  });

  it('lists with figures, searches by name, e-mail, phone or company (accents and case ignored), sorts by last visit, visits or spend', async () => {
    const { owner, restaurantId } = await newRestaurant('list');
    const id = tag();
    const phone = mobile();
    const written = await reservations(restaurantId, [
      // Éloïse: two visits (accepted, paid), a no-show, a cancellation; 2 × 1 000 € spent.
      {
        customer_name: 'Éloïse Bérard',
        email: `eloise.${id}@exemple.fr`,
        status: STATUS.accepted,
        reservation_date: '2025-03-01',
        total_amount: 1000,
        number_people: 8,
        children: 2,
        source: 'web',
        created_at: '2025-01-01T10:00:00Z',
        dietary_notes: 'Sans gluten',
      },
      {
        customer_name: 'Éloïse Bérard',
        email: `eloise.${id}@exemple.fr`,
        status: STATUS.paid,
        reservation_date: '2025-09-01',
        total_amount: 1000,
        number_people: 12,
        source: 'phone',
        created_at: '2025-06-01T10:00:00Z',
      },
      { customer_name: 'Éloïse Bérard', email: `eloise.${id}@exemple.fr`, status: STATUS.no_show, reservation_date: '2026-03-12', total_amount: 500, created_at: '2026-01-01T10:00:00Z' },
      { customer_name: 'Éloïse Bérard', email: `eloise.${id}@exemple.fr`, status: STATUS.cancelled, reservation_date: '2026-04-01', total_amount: 400, created_at: '2026-02-01T10:00:00Z' },
      // Marc: one visit, 3 000 € spent; the latest visit.
      { customer_name: 'Marc Leroy', phone_number: phone.spaced, status: STATUS.paid, reservation_date: '2026-10-01', total_amount: 3000, number_people: 20, created_at: '2026-08-01T10:00:00Z' },
      // Zoé: a pending request only.
      { customer_name: 'Zoé Petit', email: `zoe.${id}@exemple.fr`, status: STATUS.pending, reservation_date: '2027-05-01', total_amount: 700, created_at: '2026-11-01T10:00:00Z' },
    ]);
    await withDb((db) =>
      db.query("insert into public.reservation_guests (reservation_id, restaurant_id, guest_number, name, allergies) values ($1, $2, 1, 'Léa', 'Arachides')", [written[1].id, restaurantId]),
    );
    const [eloise, marc, zoe] = [await customerOf(written[0].id), await customerOf(written[4].id), await customerOf(written[5].id)];
    await must(owner.client.rpc('save_customer_notes', { p_restaurant_id: restaurantId, p_customer_id: marc, p_notes: null, p_tags: ['Habitué'], p_company: 'Société Générale' }));
    const list = async (search: string, sort = 'last_visit', limit = 50, offset = 0) =>
      (await must(owner.client.rpc('restaurant_customers_list', { p_restaurant_id: restaurantId, p_search: search, p_sort: sort, p_limit: limit, p_offset: offset }))) as {
        id: string;
        visits: number;
        covers: number;
        spent_cents: number;
        no_shows: number;
        cancellations: number;
        reservations: number;
        last_visit: string | null;
        first_source: string;
        allergies: string[];
        total_count: number;
      }[];

    const all = await list('');
    expect(all.map((r) => r.id)).toEqual([marc, eloise, zoe]);
    expect(all.find((r) => r.id === eloise)).toMatchObject({
      reservations: 4,
      visits: 2,
      covers: 22,
      spent_cents: 200_000,
      no_shows: 1,
      cancellations: 1,
      last_visit: '2025-09-01',
      first_source: 'web',
      allergies: ['Arachides', 'Sans gluten'],
      total_count: 3,
    });
    expect(all.find((r) => r.id === zoe)).toMatchObject({ visits: 0, spent_cents: 0, last_visit: null });
    expect((await list('', 'visits')).map((r) => r.id)).toEqual([eloise, marc, zoe]);
    expect((await list('', 'spend')).map((r) => r.id)).toEqual([marc, eloise, zoe]);
    // A page: the count is of every entry found.
    expect((await list('', 'spend', 1, 1)).map((r) => [r.id, r.total_count])).toEqual([[eloise, 3]]);

    expect((await list('ELOISE berard')).map((r) => r.id)).toEqual([eloise]);
    expect((await list(`zoe.${id}`)).map((r) => r.id)).toEqual([zoe]);
    expect((await list(phone.digits.slice(0, 6).replace(/(..)/g, '$1 '))).map((r) => r.id)).toEqual([marc]);
    expect((await list(phone.e164)).map((r) => r.id)).toEqual([marc]);
    expect((await list('societe generale')).map((r) => r.id)).toEqual([marc]);
    expect(await list('personne ici')).toEqual([]);
    expect((await owner.client.rpc('restaurant_customers_list', { p_restaurant_id: restaurantId, p_sort: 'name' })).error?.code).toBe('22023');

    // The figures are stored and follow each write: Zoé's request accepted is a visit to come, the latest.
    await withDb((db) => db.query('update public.restaurant_reservations set status = $2 where id = $1', [written[5].id, STATUS.accepted]));
    expect((await list('')).map((r) => [r.id, r.visits, r.last_visit])).toEqual([
      [zoe, 1, '2027-05-01'],
      [marc, 1, '2026-10-01'],
      [eloise, 2, '2025-09-01'],
    ]);
    expect((await list('', 'spend')).find((r) => r.id === zoe)).toMatchObject({ spent_cents: 70_000, covers: 10 });

    const detail = (await must(owner.client.rpc('customer_detail', { p_restaurant_id: restaurantId, p_customer_id: marc }))) as CustomerDetail;
    expect(detail).toMatchObject({ id: marc, company: 'Société Générale', tags: ['Habitué'], notes: null, conversations: [] });
    expect(detail.reservations).toEqual([expect.objectContaining({ id: written[4].id, status: 'paid', reservationDate: '2026-10-01', covers: 20, totalCents: 300_000, source: 'assistant' })]);
    // The detail reads the list's stored figures and the same allergies, the guests' among them.
    const eloiseDetail = (await must(owner.client.rpc('customer_detail', { p_restaurant_id: restaurantId, p_customer_id: eloise }))) as CustomerDetail;
    const eloiseRow = (await list('eloise')).find((r) => r.id === eloise)!;
    expect(eloiseDetail.figures).toEqual({
      reservations: eloiseRow.reservations,
      visits: eloiseRow.visits,
      covers: eloiseRow.covers,
      spentCents: eloiseRow.spent_cents,
      noShows: eloiseRow.no_shows,
      cancellations: eloiseRow.cancellations,
      lastVisit: eloiseRow.last_visit,
      firstSource: eloiseRow.first_source,
    });
    expect(eloiseDetail.allergies).toEqual(['Arachides', 'Sans gluten']);
  });

  it('hints at the customer’s loyalty and last no-show, to members only', async () => {
    const { owner, restaurantId } = await newRestaurant('hint');
    const id = tag();
    const rows = await reservations(restaurantId, [
      { customer_name: 'Paul Roux', email: `paul.${id}@exemple.fr`, status: STATUS.paid, reservation_date: '2025-05-10', created_at: '2025-04-01T10:00:00Z' },
      { customer_name: 'Paul Roux', email: `paul.${id}@exemple.fr`, status: STATUS.no_show, reservation_date: '2026-03-12', created_at: '2026-02-01T10:00:00Z' },
      { customer_name: 'Paul Roux', email: `paul.${id}@exemple.fr`, status: STATUS.rejected, reservation_date: '2026-05-01', created_at: '2026-04-01T10:00:00Z' },
      { customer_name: 'Paul Roux', email: `paul.${id}@exemple.fr`, status: STATUS.accepted, reservation_date: '2026-06-01', created_at: '2026-05-01T10:00:00Z' },
      { customer_name: 'Paul Roux', email: `paul.${id}@exemple.fr`, status: STATUS.pending, reservation_date: '2027-01-10', created_at: '2026-11-01T10:00:00Z' },
      { customer_name: 'Nouveau', email: `nouveau.${id}@exemple.fr`, status: STATUS.pending, reservation_date: '2027-01-10', created_at: '2026-11-01T10:00:00Z' },
    ]);
    const hint = (await must(owner.client.rpc('reservation_customer_hint', { p_reservation_id: rows[4].id }))) as CustomerHint;
    expect(hint).toMatchObject({ rank: 4, visitsBefore: 2, lastNoShow: '2026-03-12', hints: ['Client fidèle — 4ᵉ réservation', 'Non présenté le 12/03'] });
    expect(await must(owner.client.rpc('reservation_customer_hint', { p_reservation_id: rows[5].id }))).toMatchObject({ rank: 1, hints: [] });
    expect(await must(owner.client.rpc('reservation_customer_hint', { p_reservation_id: rows[0].id }))).toMatchObject({ rank: 1, lastNoShow: null, hints: [] });
    // Requests before, but no visit: not loyal, only the no-show said.
    const late = await reservations(restaurantId, [
      { customer_name: 'Léon', email: `leon.${id}@exemple.fr`, status: STATUS.no_show, reservation_date: '2026-02-03', created_at: '2026-01-01T10:00:00Z' },
      { customer_name: 'Léon', email: `leon.${id}@exemple.fr`, status: STATUS.pending, reservation_date: '2027-02-03', created_at: '2026-11-02T10:00:00Z' },
    ]);
    expect(await must(owner.client.rpc('reservation_customer_hint', { p_reservation_id: late[1].id }))).toMatchObject({ rank: 2, visitsBefore: 0, hints: ['Non présenté le 03/02'] });

    const stranger = await newOwner('hint-stranger');
    for (const c of [anon(), stranger.client, service()] as SupabaseClient[]) {
      const { data, error } = await c.rpc('reservation_customer_hint', { p_reservation_id: rows[4].id });
      expect({ data, refused: error !== null }).toEqual({ data: null, refused: true });
    }
  });

  describe('the customers’ rights', () => {
    let owner: Awaited<ReturnType<typeof newOwner>>;
    let restaurantId: string;
    let customerId: string;
    let written: Awaited<ReturnType<typeof reservations>>;
    let conversationId: string;
    const id = tag();
    // Every string of the person is this test's own: the erasure's check searches every row of every table.
    const person = { name: `Zéphyrine Quillard${id}`, email: `zephyrine.${id}@exemple.fr`, phone: mobile(), allergy: `Allergie aux noix ${id}` };

    beforeAll(async () => {
      ({ owner, restaurantId } = await newRestaurant('rights'));
      conversationId = await withDb(async (db) => {
        const { rows } = await db.query("insert into public.conversations (restaurant_id, channel, customer_contact) values ($1, 'web', $2) returning id", [restaurantId, person.email]);
        await db.query("insert into public.messages (conversation_id, role, content) values ($1, 'user', $2), ($1, 'assistant', 'Bien reçu.')", [
          rows[0].id,
          `Bonjour, ici ${person.name}, joignable au ${person.phone.spaced}.`,
        ]);
        return rows[0].id as string;
      });
      written = await reservations(restaurantId, [
        {
          customer_name: person.name,
          email: person.email,
          phone_number: person.phone.spaced,
          status: STATUS.paid,
          total_amount: 1234.5,
          amount_received_cents: 30000,
          number_people: 14,
          children: 2,
          reservation_date: '2026-09-12',
          notes: `Ami de ${person.name}`,
          dietary_notes: person.allergy,
          customer_message: `Merci, ${person.name}`,
          conversation_id: conversationId,
          created_at: '2026-08-01T10:00:00Z',
        },
        { customer_name: person.name, phone_number: person.phone.e164, status: STATUS.pending, total_amount: 500, reservation_date: '2027-03-01', created_at: '2026-11-20T10:00:00Z' },
      ]);
      customerId = (await customerOf(written[0].id))!;
      await withDb(async (db) => {
        await db.query("insert into public.reservation_guests (reservation_id, restaurant_id, guest_number, name, allergies) values ($1, $2, 1, $3, 'Noix')", [
          written[0].id,
          restaurantId,
          `Convive ${person.name}`,
        ]);
        await db.query(
          `insert into public.notification_outbox (restaurant_id, reservation_id, kind, channel, recipient, payload)
           values ($1, $2, 'customer_request_received', 'email', $3, '{}'), ($1, $2, 'owner_new_request', 'email', 'patron@exemple.fr', '{}')`,
          [restaurantId, written[0].id, person.email],
        );
        await db.query(`insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, kind, summary) values ($1, $2, 3, 3, 'owner', 'modified', $3)`, [
          written[0].id,
          restaurantId,
          `Modifiée : téléphone ${person.phone.spaced}`,
        ]);
      });
      await must(owner.client.rpc('save_customer_notes', { p_restaurant_id: restaurantId, p_customer_id: customerId, p_notes: `Note sur ${person.name}`, p_tags: ['Entreprise'] }));
    });

    it('exports everything the restaurant holds about the person, as one JSON', async () => {
      const data = (await must(owner.client.rpc('export_customer_data', { p_restaurant_id: restaurantId, p_customer_id: customerId }))) as CustomerExport;
      expect(data.customer).toMatchObject({ id: customerId, email: person.email, phone_e164: person.phone.e164, notes: `Note sur ${person.name}`, tags: ['Entreprise'] });
      expect(data.reservations.map((r) => r.id)).toEqual([written[0].id, written[1].id]);
      expect(data.reservations[0]).toMatchObject({
        customer_name: person.name,
        email: person.email,
        phone_number: person.phone.spaced,
        dietary_notes: person.allergy,
        notes: `Ami de ${person.name}`,
        customer_message: `Merci, ${person.name}`,
        guests: [expect.objectContaining({ name: `Convive ${person.name}`, allergies: 'Noix' })],
      });
      expect(data.conversations).toEqual([
        expect.objectContaining({ id: conversationId, messages: expect.arrayContaining([expect.objectContaining({ role: 'user' }), expect.objectContaining({ role: 'assistant' })]) }),
      ]);
      expect(data.messages_sent.map((m) => [m.kind, m.recipient])).toEqual([['customer_request_received', person.email]]);
      expect((await audit(restaurantId)).at(-1)).toEqual({ action: 'export', user_id: owner.userId, customer_id: customerId, counts: { reservations: 2, conversations: 1, messages_sent: 1 } });
    });

    it('a manager reads the guest book but may not export nor erase; another owner and anonymous get nothing', async () => {
      const manager = await newOwner('rights-manager');
      await addMember(restaurantId, manager.userId, 'manager', owner.userId);
      const listed = await must(manager.client.rpc('restaurant_customers_list', { p_restaurant_id: restaurantId }));
      expect((listed as { id: string }[]).map((r) => r.id)).toEqual([customerId]);
      await must(manager.client.rpc('customer_detail', { p_restaurant_id: restaurantId, p_customer_id: customerId }));
      expect((await must(manager.client.from('restaurant_customers').select('id').eq('restaurant_id', restaurantId))).length).toBe(1);
      expect(await must(manager.client.from('restaurant_privacy_audit').select('id').eq('restaurant_id', restaurantId))).toEqual([]);
      for (const fn of ['export_customer_data', 'erase_customer']) {
        const { error } = await manager.client.rpc(fn, { p_restaurant_id: restaurantId, p_customer_id: customerId });
        expect({ fn, code: error?.code }).toEqual({ fn, code: '42501' });
      }
      expect((await manager.client.rpc('customers_due_for_anonymisation', { p_restaurant_id: restaurantId })).error?.code).toBe('42501');
      expect((await manager.client.rpc('run_privacy_retention', { p_restaurant_id: restaurantId })).error).not.toBeNull();
      // How long the data is kept is the owners' to choose (a manager changes the rest of the profile), 36 months at most.
      const retention = (client: SupabaseClient, months: number) => client.from('restaurants').update({ customer_retention_months: months }).eq('id', restaurantId);
      expect((await retention(manager.client, 12)).error?.code).toBe('42501');
      expect((await manager.client.from('restaurants').update({ name: 'Carnet rights' }).eq('id', restaurantId)).error).toBeNull();
      expect((await retention(owner.client, 37)).error?.code).toBe('23514');
      expect((await retention(owner.client, 24)).error).toBeNull();
      expect((await must(owner.client.from('restaurants').select('customer_retention_months').eq('id', restaurantId).single())).customer_retention_months).toBe(24);
      await must(retention(owner.client, 36));

      const stranger = await newOwner('rights-stranger');
      for (const [who, c] of [
        ['anonymous', anon()],
        ['another owner', stranger.client],
      ] as [string, SupabaseClient][]) {
        for (const fn of ['restaurant_customers_list', 'customer_detail', 'export_customer_data', 'erase_customer', 'customers_due_for_anonymisation']) {
          const { data, error } = await c.rpc(fn, {
            p_restaurant_id: restaurantId,
            p_customer_id: fn === 'restaurant_customers_list' || fn === 'customers_due_for_anonymisation' ? undefined : customerId,
          });
          expect({ who, fn, data, refused: error !== null }).toEqual({ who, fn, data: null, refused: true });
        }
        expect((await c.from('restaurant_customers').select('id').eq('restaurant_id', restaurantId)).data ?? []).toEqual([]);
      }
      expect(await customerOf(written[0].id)).toBe(customerId);
    });

    it('erases the person: nothing of them in any public table, the amounts kept, their outbox rows and conversations gone', async () => {
      const before = await findEverywhere([person.name, person.email, person.phone.spaced, person.phone.e164, person.phone.digits]);
      expect(Object.keys(before)).toEqual(
        expect.arrayContaining(['restaurant_customers.email', 'restaurant_reservations.customer_name', 'messages.content', 'notification_outbox.recipient', 'reservation_guests.name']),
      );
      const erased = (await must(owner.client.rpc('erase_customer', { p_restaurant_id: restaurantId, p_customer_id: customerId }))) as ErasedCustomer;
      expect(erased).toMatchObject({ reservations: 2, conversations: 1, messages: 2, guests: 1, outbox: 2 });
      expect(erased.reservationNumbers.sort()).toEqual([written[0].numero_reservation, written[1].numero_reservation].sort());
      expect(erased.recipients).toEqual(expect.arrayContaining([person.email, person.phone.e164]));
      expect(erased.outboxIds).toHaveLength(2);

      expect(await findEverywhere([person.name, person.email, person.phone.spaced, person.phone.e164, person.phone.digits, person.allergy])).toEqual({});
      const kept = await withDb(
        async (db) =>
          (
            await db.query(
              `select customer_name, email, phone_number, notes, dietary_notes, customer_message, customer_id, status, reservation_date::text, number_people, children,
                      total_amount::float8 as total_amount, amount_received_cents
                 from public.restaurant_reservations where id = $1`,
              [written[0].id],
            )
          ).rows[0],
      );
      expect(kept).toEqual({
        customer_name: 'Client effacé',
        email: null,
        phone_number: null,
        notes: null,
        dietary_notes: null,
        customer_message: null,
        customer_id: null,
        status: STATUS.paid,
        reservation_date: '2026-09-12',
        number_people: 14,
        children: 2,
        total_amount: 1234.5,
        amount_received_cents: 30000,
      });
      const left = await withDb(async (db) => ({
        outbox: (await db.query('select count(*)::integer as n from public.notification_outbox where reservation_id = $1', [written[0].id])).rows[0].n,
        conversation: (await db.query('select count(*)::integer as n from public.conversations where id = $1', [conversationId])).rows[0].n,
        customer: (await db.query('select count(*)::integer as n from public.restaurant_customers where id = $1', [customerId])).rows[0].n,
      }));
      expect(left).toEqual({ outbox: 0, conversation: 0, customer: 0 });
      expect((await audit(restaurantId)).at(-1)).toEqual({
        action: 'erase',
        user_id: owner.userId,
        customer_id: customerId,
        counts: { reservations: 2, conversations: 1, messages: 2, guests: 1, outbox: 2 },
      });
      // Owners read their audit.
      expect((await must(owner.client.from('restaurant_privacy_audit').select('action').eq('restaurant_id', restaurantId))).map((a) => a.action)).toEqual(
        expect.arrayContaining(['export', 'erase']),
      );
      // Erased once: not found.
      expect((await owner.client.rpc('erase_customer', { p_restaurant_id: restaurantId, p_customer_id: customerId })).error?.code).toBe('P0002');
    });
  });

  it('retention: anonymises on the test clock those whose last contact and reservation are older than the restaurant’s months, deletes old conversations without a request, from several instances at once', async () => {
    const { owner, restaurantId } = await newRestaurant('retention');
    const id = tag();
    await withDb((db) => db.query('update public.restaurants set customer_retention_months = 12 where id = $1', [restaurantId]));
    const refused = await withDb((db) => db.query('update public.restaurants set customer_retention_months = 37 where id = $1', [restaurantId]).catch((e: { code: string }) => e.code));
    expect(refused).toBe('23514');
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    const day = (days: number) => ago(days).slice(0, 10);
    const rows = await reservations(restaurantId, [
      // Old: written and eaten 400 days ago.
      ...Array.from({ length: 6 }, (_, i) => ({
        customer_name: `Ancien ${i}`,
        email: `ancien${i}.${id}@exemple.fr`,
        status: STATUS.paid,
        total_amount: 100,
        reservation_date: day(400),
        created_at: ago(420),
      })),
      // Due in 20 days: 345 days ago.
      { customer_name: 'Bientôt', email: `bientot.${id}@exemple.fr`, status: STATUS.paid, reservation_date: day(345), created_at: ago(360) },
      // Written long ago, but for a date 100 days ago: kept.
      { customer_name: 'Lointain', email: `lointain.${id}@exemple.fr`, status: STATUS.paid, reservation_date: day(100), created_at: ago(500) },
      // Recent.
      { customer_name: 'Récent', email: `recent.${id}@exemple.fr`, status: STATUS.pending, reservation_date: day(-30), created_at: ago(2) },
    ]);
    const conversations = await withDb(async (db) => {
      const { rows: c } = await db.query(
        `insert into public.conversations (restaurant_id, channel, created_at, updated_at) values ($1, 'web', $2, $2), ($1, 'web', $3, $3), ($1, 'web', $2, $2) returning id`,
        [restaurantId, ago(400), ago(30)],
      );
      // The third led to a request: kept with it.
      await db.query('update public.restaurant_reservations set conversation_id = $2 where id = $1', [rows[8].id, c[2].id]);
      return c.map((x) => x.id as string);
    });
    // A message in the old one and in a recent one: the old one's id is answered (its WhatsApp reply's file is named after it).
    const messages = await withDb(async (db) => {
      const { rows: m } = await db.query(
        `insert into public.messages (conversation_id, role, content, created_at) values ($1, 'assistant', 'Bonjour', $3), ($2, 'assistant', 'Bonjour', $4) returning id`,
        [conversations[0], conversations[1], ago(400), ago(30)],
      );
      await db.query('update public.conversations set updated_at = created_at where id = any ($1::uuid[])', [conversations]);
      return m.map((x) => x.id as string);
    });

    const due = (await must(owner.client.rpc('customers_due_for_anonymisation', { p_restaurant_id: restaurantId, p_within_days: 30 }))) as { display_name: string }[];
    expect(due.map((d) => d.display_name).sort()).toEqual(['Ancien 0', 'Ancien 1', 'Ancien 2', 'Ancien 3', 'Ancien 4', 'Ancien 5', 'Bientôt']);

    // Two instances of the job at once: each entry erased by one of them.
    const runs = (await Promise.all([0, 1].map(() => must(service().rpc('run_privacy_retention', { p_now: now.toISOString(), p_restaurant_id: restaurantId }))))) as RetentionRun[];
    expect(runs[0].customers + runs[1].customers).toBe(6);
    expect(runs[0].conversations + runs[1].conversations).toBe(1);
    expect([...runs[0].messageIds, ...runs[1].messageIds]).toEqual([messages[0]]);
    const again = (await must(service().rpc('run_privacy_retention', { p_now: now.toISOString(), p_restaurant_id: restaurantId }))) as RetentionRun;
    expect(again).toMatchObject({ customers: 0, conversations: 0, restaurants: 0 });

    const names = await withDb(
      async (db) => (await db.query('select customer_name, total_amount::float8 as total from public.restaurant_reservations where restaurant_id = $1 order by created_at', [restaurantId])).rows,
    );
    expect(names.map((n) => n.customer_name)).toEqual(['Lointain', ...Array(6).fill('Client effacé'), 'Bientôt', 'Récent']);
    expect(names.filter((n) => n.customer_name === 'Client effacé').every((n) => n.total === 100)).toBe(true);
    expect((await customersOf(restaurantId)).map((c) => c.display_name).sort()).toEqual(['Bientôt', 'Lointain', 'Récent']);
    const leftConversations = await withDb(async (db) =>
      (await db.query('select id from public.conversations where id = any ($1::uuid[]) order by created_at', [conversations])).rows.map((r) => r.id),
    );
    expect(leftConversations.sort()).toEqual([conversations[1], conversations[2]].sort());
    const retention = (await audit(restaurantId)).filter((a) => a.action === 'retention');
    expect(retention.map((a) => [a.user_id, a.counts.customers, a.counts.conversations]).sort()).toEqual(
      runs
        .filter((r) => r.customers + r.conversations > 0)
        .map((r) => [null, r.customers, r.conversations])
        .sort(),
    );
    // Later on the clock, 'Bientôt' is due too.
    expect(await must(service().rpc('run_privacy_retention', { p_now: new Date(now.getTime() + 25 * 86_400_000).toISOString(), p_restaurant_id: restaurantId }))).toMatchObject({ customers: 1 });
    // The owner's account cannot run the job.
    expect((await owner.client.rpc('run_privacy_retention', { p_restaurant_id: restaurantId })).error).not.toBeNull();
  });

  it('the daily run: one per day (Europe/Paris) whatever the number of instances calling at once, recorded with its counts; the next day runs again', async () => {
    const { owner, restaurantId } = await newRestaurant('retention-daily');
    const id = tag();
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    await reservations(restaurantId, [
      { customer_name: 'Ancien', email: `ancien.${id}@exemple.fr`, status: STATUS.paid, reservation_date: ago(1200).slice(0, 10), created_at: ago(1210) },
      { customer_name: 'Récent', email: `recent.${id}@exemple.fr`, status: STATUS.paid, reservation_date: ago(10).slice(0, 10), created_at: ago(20) },
    ]);
    // Midday (UTC) tomorrow, and the day it is in Paris then.
    const at = (days: number, hour: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hour)).toISOString();
    const parisDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(iso));
    const daily = (clock: string) => service().rpc('run_daily_privacy_retention', { p_now: clock, p_restaurant_id: restaurantId });
    const runs = (await Promise.all([0, 1, 2].map(() => must(daily(at(1, 12)))))) as DailyRetentionRun[];
    const ran = runs.filter((r) => r !== null);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ day: parisDay(at(1, 12)), customers: 1, restaurants: 1 });
    // Later the same day: done already.
    expect(await must(daily(at(1, 15)))).toBeNull();
    const recorded = await withDb(
      async (db) =>
        (await db.query("select to_char(day, 'YYYY-MM-DD') as day, counts, finished_at is not null as finished from private.privacy_retention_runs where restaurant_id = $1", [restaurantId]))
          .rows,
    );
    expect(recorded).toEqual([{ day: parisDay(at(1, 12)), counts: { restaurants: 1, customers: 1, conversations: 0 }, finished: true }]);
    expect((await customersOf(restaurantId)).map((c) => c.display_name)).toEqual(['Récent']);
    // The next day: a run again, nothing left to do.
    expect(await must(daily(at(2, 12)))).toMatchObject({ day: parisDay(at(2, 12)), customers: 0 });
    // Nobody but the service runs it.
    expect((await owner.client.rpc('run_daily_privacy_retention', { p_restaurant_id: restaurantId })).error?.code).toBe('42501');
  });
});
