import type { SupabaseClient } from '@supabase/supabase-js';
import { anon, newOwner, service, withDb } from '../../local-supabase/test/clients';
import { completeRestaurant, must } from '../../local-supabase/test/fixtures';
import { nextOpenSlot, submitGroupRequest } from '../../local-supabase/test/reservations';

/**
 * The owner's bookings (issue 30, items 1 and 2): 'Nouvelle réservation' through
 * public.submit_owner_reservation (submit_group_request, source phone: the owner is not notified, the
 * customer is acknowledged, or confirmed when accepted at once), and 'Modifier' through
 * public.modify_reservation (one call: the request's checks, the total, the history « Modifiée par … »,
 * the customer e-mailed through the outbox when the reservation stands), with the dietary and internal notes.
 */

interface Owner {
  client: SupabaseClient;
  userId: string;
  email: string;
}

let owner: Owner;
let restaurantId: string;
let menuId: string;
let champagneId: string;

beforeAll(async () => {
  owner = await newOwner('telephone');
  ({ restaurantId } = await completeRestaurant(owner.client, 'Au Téléphone'));
  menuId = (await must(owner.client.from('restaurant_menus').select('id').eq('restaurant_id', restaurantId).eq('name', 'Menu Découverte').single())).id as string;
  champagneId = (await must(owner.client.from('restaurant_options').select('id').eq('restaurant_id', restaurantId).eq('title', 'Coupe de champagne').single())).id as string;
});

let sequence = 0;
async function phoneRequest(overrides: Record<string, unknown> = {}) {
  const slot = await nextOpenSlot(restaurantId, { people: 14, menuId });
  sequence += 1;
  return {
    external_id: `form-${Date.now()}-${sequence}`,
    date: slot.date,
    arrival_time: slot.arrival_time,
    adults: 14,
    children: 0,
    menu_id: menuId,
    customer: { name: 'Paul Martin', email: `paul-${sequence}@exemple.fr`, phone: '06 11 22 33 44' },
    dietary_notes: 'Deux sans gluten, une allergie aux arachides',
    ...overrides,
  };
}

const create = (request: unknown, options: { notes?: string; accept?: boolean; preview?: boolean } = {}, as: SupabaseClient = owner.client) =>
  as.rpc('submit_owner_reservation', {
    p_restaurant_id: restaurantId,
    p_request: request,
    ...(options.notes !== undefined ? { p_notes: options.notes } : {}),
    ...(options.accept ? { p_accept: true } : {}),
    ...(options.preview ? { p_preview: true } : {}),
  });

const modify = (id: string, changes: unknown, preview = false, as: SupabaseClient = owner.client) =>
  as.rpc('modify_reservation', { p_reservation_id: id, p_changes: changes, ...(preview ? { p_preview: true } : {}) });

const row = (id: string) =>
  withDb(async (db) => {
    const { rows } = await db.query(
      `select r.source, r.status, r.number_people, r.children, r.total_amount::float as total, r.notes, r.dietary_notes, r.arrival_time::text,
              (select coalesce(jsonb_agg(jsonb_build_object('kind', n.kind, 'channel', n.channel, 'event', n.event_id is not null) order by n.created_at), '[]') from notification_outbox n where n.reservation_id = r.id) as outbox,
              (select coalesce(jsonb_agg(jsonb_build_object('kind', e.kind, 'summary', e.summary, 'to', e.to_status) order by e.created_at), '[]') from reservation_events e where e.reservation_id = r.id) as events
         from restaurant_reservations r where r.id = $1`,
      [id],
    );
    return rows[0];
  });

const countOf = () => withDb(async (db) => (await db.query<{ n: number }>('select count(*)::int as n from restaurant_reservations where restaurant_id = $1', [restaurantId])).rows[0].n);

describe('Nouvelle réservation', () => {
  it('stores a phone booking pending with its notes: the customer is acknowledged, the owner is not told of their own booking', async () => {
    const { data, error } = await create(await phoneRequest(), { notes: 'Client habitué, table du fond' });
    expect(error).toBeNull();
    const answer = data as { reservation: { id: string; status: string }; acceptance: { covers_after: number } };
    expect(answer.reservation.status).toBe('pending');
    expect(answer.acceptance.covers_after).toBeGreaterThanOrEqual(14);
    expect(await row(answer.reservation.id)).toMatchObject({
      source: 'phone',
      status: 0,
      notes: 'Client habitué, table du fond',
      dietary_notes: 'Deux sans gluten, une allergie aux arachides',
      outbox: [{ kind: 'customer_request_received', channel: 'email', event: false }],
      events: [],
    });
  });

  it('accepts it at once when the owner says so: the history names the owner, the customer gets the confirmation instead of the acknowledgement', async () => {
    const { data, error } = await create(await phoneRequest(), { accept: true });
    expect(error).toBeNull();
    const answer = data as { reservation: { id: string; status: string } };
    expect(answer.reservation.status).toBe('accepted');
    const stored = await row(answer.reservation.id);
    expect(stored).toMatchObject({ status: 1, outbox: [{ kind: 'customer_reservation_accepted', channel: 'email' }], events: [{ kind: 'status', to: 1 }] });
  });

  it('previews without storing anything: the acceptance check to confirm, or the refusal on its field', async () => {
    const before = await countOf();
    const { data, error } = await create(await phoneRequest(), { accept: true, preview: true });
    expect(error).toBeNull();
    expect(data).toMatchObject({ preview: true, acceptance: { service: expect.any(String), covers: 14 } });
    const refused = await create(await phoneRequest({ adults: 500 }), { preview: true });
    expect(refused.error).toMatchObject({ code: 'group_size', details: 'adults' });
    expect(refused.error?.message).toMatch(/^Le restaurant accueille les groupes de \d+ à \d+ personnes/);
    expect(await countOf()).toBe(before);
  });

  it('gives the same booking for the same form sent twice', async () => {
    const request = await phoneRequest();
    const first = await must(create(request));
    const second = await must(create(request));
    expect((second as { replayed: boolean }).replayed).toBe(true);
    expect((second as { reservation: { id: string } }).reservation.id).toBe((first as { reservation: { id: string } }).reservation.id);
  });

  it('refuses anonymous callers and another owner, and stores nothing', async () => {
    const before = await countOf();
    const request = await phoneRequest();
    expect((await create(request, {}, anon())).error).not.toBeNull();
    const other = await newOwner('autre-telephone');
    const { error } = await create(request, { accept: true }, other.client);
    expect(error).toMatchObject({ code: '42501', message: 'Accès non autorisé à ce restaurant' });
    expect(await countOf()).toBe(before);
  });
});

describe('Modifier', () => {
  async function accepted() {
    const { data } = await create(await phoneRequest({ options: [{ option_id: champagneId }] }), { accept: true });
    return (data as { reservation: { id: string } }).reservation.id;
  }

  it('changes an accepted reservation in one call: total recomputed, history « Modifiée par … : 14 → 18 personnes », the customer e-mailed the new details', async () => {
    const id = await accepted();
    const before = await row(id);
    const { data, error } = await modify(id, { adults: 18, options: [{ option_id: champagneId, quantity: 18 }], notes: 'Prévoir la grande salle' });
    expect(error).toBeNull();
    const after = await row(id);
    expect(after).toMatchObject({ status: 1, number_people: 18, notes: 'Prévoir la grande salle' });
    expect(after.total).toBeGreaterThan(before.total);
    const summary = (data as { summary: string }).summary;
    expect(summary).toMatch(new RegExp(`^Modifiée par ${owner.email.replace(/[.]/g, '\\.')} : 14 → 18 personnes, `));
    expect(summary).toContain('options Coupe de champagne ×14 → Coupe de champagne ×18');
    expect(summary).toContain('notes internes modifiées');
    expect(summary).toMatch(/total \d+,\d\d € → \d+,\d\d €$/);
    expect(after.events).toEqual([
      { kind: 'status', to: 1, summary: null },
      { kind: 'modified', to: 1, summary },
    ]);
    expect(after.outbox).toEqual([
      // The acceptance's own message: it tells of the acceptance recorded in the history.
      { kind: 'customer_reservation_accepted', channel: 'email', event: true },
      { kind: 'customer_reservation_modified', channel: 'email', event: true },
    ]);

    // A second change is a second message; a change of the internal notes only tells the customer nothing.
    await must(modify(id, { adults: 16 }));
    await must(modify(id, { notes: 'Grande salle, côté fenêtre' }));
    const last = await row(id);
    expect(last.outbox.filter((n: { kind: string }) => n.kind === 'customer_reservation_modified')).toHaveLength(2);
    expect(last.events.map((e: { summary: string | null }) => e.summary).slice(-1)[0]).toBe(`Modifiée par ${owner.email} : notes internes modifiées`);
  });

  it('changes a pending request without e-mailing the customer, and with nothing changed records nothing', async () => {
    const request = await submitGroupRequest(restaurantId, { adults: 14, menu_id: menuId });
    const { data } = await modify(request.id, { dietary_notes: 'Un végétarien' });
    expect(data).toMatchObject({ changed: true, customer_notified: false, summary: `Modifiée par ${owner.email} : allergies et régimes : « Un végétarien »` });
    const same = await modify(request.id, { adults: 14 });
    expect(same.data).toMatchObject({ changed: false, summary: null });
    expect((await row(request.id)).events).toHaveLength(1);
    expect((await row(request.id)).outbox.map((n: { kind: string }) => n.kind)).not.toContain('customer_reservation_modified');
  });

  it('previews the change with its acceptance check, changing nothing', async () => {
    const id = await accepted();
    const before = await row(id);
    const { data, error } = await modify(id, { adults: 20 }, true);
    expect(error).toBeNull();
    expect(data).toMatchObject({ preview: true, changed: true, summary: expect.stringContaining('14 → 20 personnes'), acceptance: { covers: 20 } });
    expect(await row(id)).toEqual(before);
  });

  it('refuses, in French on the field, what the restaurant does not take, and changes nothing', async () => {
    const id = await accepted();
    const before = await row(id);
    const tooMany = await modify(id, { adults: 500 });
    expect(tooMany.error).toMatchObject({ code: 'group_size', details: 'adults' });
    const badTime = await modify(id, { arrival_time: '03:00' });
    expect(badTime.error).toMatchObject({ code: 'arrival_time_unavailable', details: 'arrival_time' });
    const badEmail = await modify(id, { customer: { name: 'Paul Martin', email: 'pas une adresse' } });
    expect(badEmail.error).toMatchObject({ code: 'invalid_email', details: 'customer.email' });
    const unknown = await modify(id, { status: 3 });
    expect(unknown.error).toMatchObject({ code: 'unknown_field', details: 'status' });
    expect(await row(id)).toEqual(before);
  });

  it('refuses a refused or cancelled reservation', async () => {
    const request = await submitGroupRequest(restaurantId, { adults: 14 });
    await must(service().rpc('transition_reservation_by_id', { p_reservation_id: request.id, p_target_status: 2, p_actor: 'owner', p_actor_user_id: owner.userId }));
    const { error } = await modify(request.id, { adults: 15 });
    expect(error).toMatchObject({
      code: 'not_modifiable',
      message: "Cette réservation ne peut plus être modifiée : seules les réservations en attente, acceptées ou payées peuvent l'être.",
    });
  });

  it('waits for the row lock: a change made while a decision holds the row goes after it', async () => {
    const request = await submitGroupRequest(restaurantId, { adults: 14 });
    await withDb(async (db) => {
      const holder = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
      await db.query('begin');
      await db.query('select 1 from restaurant_reservations where id = $1 for update', [request.id]);
      // Sent now (a query builder runs when awaited or then'd).
      const change = modify(request.id, { adults: 15 }).then((answer) => answer);
      // The call is blocked behind this transaction (a condition, not a delay), and sees the row as committed after it.
      await withDb(async (probe) => {
        for (;;) {
          const { rows } = await probe.query<{ blocked: boolean }>('select exists (select 1 from pg_stat_activity a where $1 = any (pg_blocking_pids(a.pid))) as blocked', [holder]);
          if (rows[0].blocked) return;
        }
      });
      await db.query(`update restaurant_reservations set customer_name = 'Verrouillé' where id = $1`, [request.id]);
      await db.query('commit');
      const { data, error } = await change;
      expect(error).toBeNull();
      expect((data as { summary: string }).summary).toBe(`Modifiée par ${owner.email} : 14 → 15 personnes`);
    });
    expect(await withDb(async (db) => (await db.query('select customer_name from restaurant_reservations where id = $1', [request.id])).rows[0].customer_name)).toBe('Verrouillé');
  });

  it('refuses anonymous callers and another owner (not found), and changes nothing', async () => {
    const request = await submitGroupRequest(restaurantId, { adults: 14 });
    const before = await row(request.id);
    expect((await modify(request.id, { adults: 15 }, false, anon())).error).not.toBeNull();
    const other = await newOwner('autre-modif');
    const { error } = await modify(request.id, { adults: 15 }, false, other.client);
    expect(error).toMatchObject({ code: 'P0002', message: 'Réservation non trouvée' });
    expect(await row(request.id)).toEqual(before);
  });
});
