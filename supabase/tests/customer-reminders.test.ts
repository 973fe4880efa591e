import { anon, newOwner, service, withDb } from '../../local-supabase/test/clients';
import { fillProfile, must } from '../../local-supabase/test/fixtures';
import { insertReservationsAsSuperuser } from '../../local-supabase/test/reservations';

/**
 * Issue 44, the customers' reminders (public.queue_due_reminders, the reservation service's round):
 * the final headcount N days before while changes are still open, the day before, the acompte still
 * due N days after the acceptance; exactly once per reservation and kind whatever runs at once; never
 * for a cancelled, refused or past reservation; by e-mail, and by WhatsApp to a mobile when the
 * restaurant's WhatsApp number is set; written in the history; set by the owners only.
 */
type Owner = Awaited<ReturnType<typeof newOwner>>;
let owner: Owner;
let restaurantId: string;

const STATUS = { pending: 0, accepted: 1, rejected: 2, paid: 3, cancelled: 4 } as const;

beforeAll(async () => {
  owner = await newOwner('reminders');
  ({ id: restaurantId } = await must(owner.client.from('restaurants').insert({ name: 'Rappels' }).select('id').single()));
  // An acompte of 30 %, a CGV of 24 h for changes (sample), and the restaurant's WhatsApp number.
  await fillProfile(owner.client, restaurantId, 'Rappels');
  await must(owner.client.rpc('set_whatsapp_number', { p_restaurant_id: restaurantId, p_phone_number_id: String(Date.now()).slice(-10) }));
});

/** An accepted reservation whose meal is `hoursAhead` from now (Paris wall clock), accepted through the one way a status changes. */
async function accepted(hoursAhead: number, fields: Record<string, unknown> = {}) {
  const [row] = await insertReservationsAsSuperuser([
    { restaurant_id: restaurantId, number_people: 12, reservation_date: '2099-01-01', total_amount: 400, email: 'client@exemple.fr', phone_number: '06 12 34 56 78', ...fields },
  ]);
  await withDb((db) =>
    db.query(
      `update public.restaurant_reservations
          set reservation_date = ((now() + make_interval(hours => $2)) at time zone 'Europe/Paris')::date,
              arrival_time = date_trunc('minute', ((now() + make_interval(hours => $2)) at time zone 'Europe/Paris')::time)
        where id = $1`,
      [row.id, hoursAhead],
    ),
  );
  await must(service().rpc('transition_reservation_by_id', { p_reservation_id: row.id, p_target_status: STATUS.accepted }));
  return row.id;
}

const round = () => service().rpc('queue_due_reminders', { p_restaurant_id: restaurantId });
const remindersOf = (id: string) =>
  withDb(
    async (db) =>
      (await db.query("select kind, channel, recipient from public.notification_outbox where reservation_id = $1 and kind like 'customer_reminder_%' order by kind, channel", [id])).rows,
  );
const historyOf = (id: string) =>
  withDb(async (db) => (await db.query("select actor, summary from public.reservation_events where reservation_id = $1 and kind = 'reminder' order by created_at", [id])).rows);

test('the final headcount, N days before while changes are open: by e-mail and WhatsApp to the mobile, once, in the history', async () => {
  const id = await accepted(5 * 24);
  await must(round());
  expect(await remindersOf(id)).toEqual([
    { kind: 'customer_reminder_headcount', channel: 'email', recipient: 'client@exemple.fr' },
    { kind: 'customer_reminder_headcount', channel: 'whatsapp', recipient: '+33612345678' },
  ]);
  expect(await historyOf(id)).toEqual([{ actor: 'system', summary: 'Rappel au client (nombre de convives et choix des menus) : e-mail, WhatsApp' }]);
  await must(round());
  expect(await remindersOf(id)).toHaveLength(2);
  expect(await historyOf(id)).toHaveLength(1);
});

test('the day before: the day-before reminder only, since changes are closed; a landline gets no WhatsApp', async () => {
  const id = await accepted(3, { phone_number: '04 78 00 00 00' });
  await must(round());
  expect(await remindersOf(id)).toEqual([{ kind: 'customer_reminder_day_before', channel: 'email', recipient: 'client@exemple.fr' }]);
});

test('the acompte due N days after the acceptance, while not received; not once marked paid', async () => {
  const id = await accepted(20 * 24);
  await must(round());
  expect(await remindersOf(id)).toEqual([]);
  await withDb((db) => db.query("update public.reservation_events set created_at = now() - interval '4 days' where reservation_id = $1 and to_status = $2", [id, STATUS.accepted]));
  await must(round());
  expect((await remindersOf(id)).map((r) => r.kind)).toEqual(['customer_reminder_deposit', 'customer_reminder_deposit']);

  const paid = await accepted(20 * 24);
  await withDb((db) => db.query("update public.reservation_events set created_at = now() - interval '4 days' where reservation_id = $1", [paid]));
  await must(service().rpc('transition_reservation_by_id', { p_reservation_id: paid, p_target_status: STATUS.paid }));
  await must(round());
  expect(await remindersOf(paid)).toEqual([]);
});

test('never for a cancelled, refused, pending or past reservation', async () => {
  const cancelled = await accepted(5 * 24);
  await must(service().rpc('transition_reservation_by_id', { p_reservation_id: cancelled, p_target_status: STATUS.cancelled, p_reason: 'demande_du_client' }));
  const [pending] = await insertReservationsAsSuperuser([{ restaurant_id: restaurantId, number_people: 12, reservation_date: '2099-01-01', email: 'p@exemple.fr' }]);
  await withDb((db) => db.query("update public.restaurant_reservations set reservation_date = (now() at time zone 'Europe/Paris')::date + 3 where id = $1", [pending.id]));
  const past = await accepted(-2);
  await must(round());
  for (const id of [cancelled, pending.id, past]) expect(await remindersOf(id)).toEqual([]);
});

test('exactly once when three rounds run at once', async () => {
  const ids = await Promise.all([accepted(5 * 24), accepted(4 * 24), accepted(2)]);
  const answers = await Promise.all([round(), round(), round()]);
  expect(answers.map((a) => a.error)).toEqual([null, null, null]);
  const counts = await Promise.all(ids.map(async (id) => (await remindersOf(id)).length));
  expect(counts).toEqual([2, 2, 2]);
  for (const id of ids) expect(await historyOf(id)).toHaveLength(1);
});

test('the owners set them (off, or other days); the defaults hold without a save; bad days are refused in French', async () => {
  const first = await accepted(5 * 24);
  await must(
    owner.client.rpc('save_reminder_settings', {
      p_restaurant_id: restaurantId,
      p_settings: { headcount_enabled: false, headcount_days: 7, day_before_enabled: true, deposit_enabled: true, deposit_days: 3 },
    }),
  );
  await must(round());
  expect(await remindersOf(first)).toEqual([]);
  await must(owner.client.rpc('save_reminder_settings', { p_restaurant_id: restaurantId, p_settings: { headcount_enabled: true, headcount_days: 3 } }));
  await must(round());
  expect(await remindersOf(first)).toEqual([]);
  expect(await must(owner.client.from('restaurant_reminder_settings').select('headcount_enabled, headcount_days, deposit_days').eq('restaurant_id', restaurantId).single())).toEqual({
    headcount_enabled: true,
    headcount_days: 3,
    deposit_days: 3,
  });
  const tooFar = await owner.client.rpc('save_reminder_settings', { p_restaurant_id: restaurantId, p_settings: { headcount_days: 90 } });
  expect(tooFar.error).toMatchObject({ code: 'out_of_range', message: 'Le rappel du nombre de convives part entre 1 et 60 jours avant le repas.' });
  await must(owner.client.rpc('save_reminder_settings', { p_restaurant_id: restaurantId, p_settings: {} }));
});

test('a manager, another owner and anonymous cannot set them', async () => {
  const manager = await newOwner('reminders-manager');
  await withDb((db) => db.query("insert into public.restaurant_members (restaurant_id, user_id, role) values ($1, $2, 'manager')", [restaurantId, manager.userId]));
  const other = await newOwner('reminders-other');
  const before = await must(owner.client.from('restaurant_reminder_settings').select('*').eq('restaurant_id', restaurantId));
  for (const caller of [manager.client, other.client, anon()]) {
    expect((await caller.rpc('save_reminder_settings', { p_restaurant_id: restaurantId, p_settings: { headcount_enabled: false } })).error).not.toBeNull();
    await caller.from('restaurant_reminder_settings').upsert({ restaurant_id: restaurantId, headcount_enabled: false });
  }
  expect(await must(owner.client.from('restaurant_reminder_settings').select('*').eq('restaurant_id', restaurantId))).toEqual(before);
  expect(await must(manager.client.from('restaurant_reminder_settings').select('restaurant_id').eq('restaurant_id', restaurantId))).toHaveLength(before.length);
  expect(await must(other.client.from('restaurant_reminder_settings').select('restaurant_id').eq('restaurant_id', restaurantId))).toEqual([]);
});
