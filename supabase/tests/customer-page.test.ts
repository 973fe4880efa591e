import { createHash } from 'node:crypto';
import { anon, newOwner, service, withDb } from '../../local-supabase/test/clients';
import { fillProfile, must } from '../../local-supabase/test/fixtures';
import { insertReservationsAsSuperuser, submitGroupRequest } from '../../local-supabase/test/reservations';

/**
 * Issue 44, the customer's own page (/ma-reservation/{token}) in SQL: its token (192 bits, only its
 * sha256 stored, never the customer code), what it shows, and the customer's changes, each one
 * function — headcount and allergies under the profile's rules until the CGV's modification deadline,
 * each guest's choices among the menu's dishes, cancellation with its cost stated first, a word to the
 * restaurant — recorded with the customer as actor and told to the restaurant through the outbox.
 * Tried as anonymous (the page), another owner and the restaurant's manager.
 */
type Owner = Awaited<ReturnType<typeof newOwner>>;
let owner: Owner;
let restaurantId: string;
let menuId: string;

const STATUS = { pending: 0, accepted: 1, rejected: 2, paid: 3, cancelled: 4 } as const;

/** A Monday at least three weeks ahead (Paris): open at lunch in the sample hours, far from any deadline. */
function mondayAhead(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 21);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

beforeAll(async () => {
  owner = await newOwner('customer-page');
  ({ id: restaurantId } = await must(owner.client.from('restaurants').insert({ name: 'Page client' }).select('id').single()));
  await fillProfile(owner.client, restaurantId, 'Page client');
  ({ id: menuId } = await must(owner.client.from('restaurant_menus').select('id').eq('restaurant_id', restaurantId).eq('name', 'Menu Découverte').single()));
});

async function tokenOf(reservationId: string): Promise<string> {
  const rows = await must(service().rpc('customer_page_tokens', { p_reservation_ids: [reservationId] }));
  return (rows as { token: string }[])[0].token;
}

/** A request of 12 adults for the Menu Découverte three weeks ahead, and its page's token. */
async function request(fields: Record<string, unknown> = {}) {
  const submitted = await submitGroupRequest(restaurantId, { date: mondayAhead(), arrival_time: '12:00', adults: 12, menu_id: menuId, ...fields });
  return { ...submitted, token: await tokenOf(submitted.id) };
}

const page = (token: string) => anon().rpc('customer_reservation', { p_token: token });
const update = (token: string, changes: unknown) => anon().rpc('customer_update_reservation', { p_token: token, p_changes: changes as never });
const cancel = (token: string, reason: string | null, costCents?: number) =>
  anon().rpc('customer_cancel_reservation', { p_token: token, p_reason: reason as string, ...(costCents === undefined ? {} : { p_accepted_cost_cents: costCents }) });
const write = (token: string, text: string) => anon().rpc('customer_write_to_restaurant', { p_token: token, p_text: text });

const setRow = (id: string, sql: string, values: unknown[] = []) => withDb((db) => db.query(`update public.restaurant_reservations set ${sql} where id = $1`, [id, ...values]));
const rowOf = (id: string) =>
  withDb(
    async (db) =>
      (await db.query('select status, number_people, children, dietary_notes, total_amount::float8 as total, updated_at from public.restaurant_reservations where id = $1', [id])).rows[0],
  );
const eventsOf = (id: string) =>
  withDb(
    async (db) =>
      (await db.query('select actor, kind, summary, to_status, reason, reason_detail, deposit, amount_cents from public.reservation_events where reservation_id = $1 order by created_at', [id]))
        .rows,
  );
const outboxOf = (id: string) =>
  withDb(async (db) => (await db.query('select kind, channel, recipient, payload from public.notification_outbox where reservation_id = $1 order by created_at, kind', [id])).rows);

describe('the page’s token', () => {
  test('192 bits, the same in every message, stored only as its sha256, and never the customer code', async () => {
    const r = await request();
    expect(r.token).toMatch(/^[0-9a-f]{48}$/);
    expect(await tokenOf(r.id)).toBe(r.token);
    const stored = await withDb(async (db) => (await db.query('select customer_page_hash from public.restaurant_reservations where id = $1', [r.id])).rows[0]);
    expect(stored.customer_page_hash).toBe(createHash('sha256').update(r.token).digest('hex'));
    expect(r.token).not.toContain(r.codeReservation.toLowerCase());
    expect(await tokenOf((await request()).id)).not.toBe(r.token);
  });

  test('opens its own reservation, without the restaurant’s notes or codes; any other token is a French 404', async () => {
    const r = await request({ dietary_notes: 'Une allergie aux noix' });
    await setRow(r.id, "notes = 'client difficile'");
    const shown = await must(page(r.token));
    expect(shown).toMatchObject({
      numero: r.codeReservation,
      status: 'pending',
      adults: 12,
      children: 0,
      reservation_date: mondayAhead(),
      arrival_time: '12:00',
      dietary_notes: 'Une allergie aux noix',
    });
    expect(shown).toMatchObject({
      menu: { name: 'Menu Découverte', type: 'choice' },
      restaurant: { name: 'Page client', address: '12 rue des Halles, 69001 Lyon' },
      can_change: true,
      can_cancel: true,
      past: false,
    });
    expect(shown.menu.courses.find((c: { course: string }) => c.course === 'main').dishes.map((d: { name: string }) => d.name)).toEqual(['Quenelle de brochet', 'Risotto aux cèpes']);
    const text = JSON.stringify(shown);
    expect(text).not.toContain('client difficile');
    expect(text).not.toContain(r.codeManage);

    for (const wrong of [r.token.replace(/.$/, (c) => (c === '0' ? '1' : '0')), r.token.toUpperCase(), 'abc', `${r.token}0`, r.codeReservation]) {
      const { data, error } = await page(wrong);
      expect(data).toBeNull();
      expect(error).toMatchObject({ code: 'not_found', message: "Ce lien ne correspond à aucune réservation. Vérifiez qu'il est complet, ou contactez le restaurant." });
    }
  });

  test('a deleted reservation’s link finds nothing; reservations written before the page have a token too', async () => {
    const r = await request();
    await withDb((db) => db.query('delete from public.restaurant_reservations where id = $1', [r.id]));
    expect((await page(r.token)).error).toMatchObject({ code: 'not_found' });
    const [old] = await insertReservationsAsSuperuser([{ restaurant_id: restaurantId, number_people: 8, reservation_date: mondayAhead(), arrival_time: '12:30', status: STATUS.accepted }]);
    expect(await must(page(await tokenOf(old.id)))).toMatchObject({ status: 'accepted', adults: 8 });
  });

  test('a token acts on its own reservation only: another reservation, even of the same customer, is untouched', async () => {
    const mine = await request({ customer: { name: 'Jeanne', email: 'jeanne@exemple.fr' } });
    const theirs = await request({ customer: { name: 'Jeanne', email: 'jeanne@exemple.fr' } });
    const before = await rowOf(theirs.id);
    await must(update(mine.token, { adults: 10, dietary_notes: 'Sans porc' }));
    await must(update(mine.token, { guest: { guest_number: 1, name: 'Léa' } }));
    await must(write(mine.token, 'Bonjour'));
    await must(cancel(mine.token, 'Reporté'));
    expect(await rowOf(theirs.id)).toEqual(before);
    expect(await eventsOf(theirs.id)).toEqual([]);
    expect(await must(page(theirs.token))).toMatchObject({ status: 'pending', adults: 12, guests: [], messages: [] });
  });

  test('only the service role draws tokens; nobody reads the stored hash', async () => {
    const r = await request();
    for (const caller of [anon(), owner.client]) {
      expect((await caller.rpc('customer_page_tokens', { p_reservation_ids: [r.id] })).error).not.toBeNull();
    }
    expect((await owner.client.from('restaurant_reservations').select('customer_page_hash').eq('id', r.id)).error).not.toBeNull();
  });
});

describe('changes until the modification deadline', () => {
  test('the headcount and allergies: checked as a request, recorded with the customer as actor, the restaurant e-mailed', async () => {
    const r = await request();
    const before = await rowOf(r.id);
    const shown = await must(update(r.token, { adults: 14, children: 1, dietary_notes: 'Deux sans gluten' }));
    expect(shown).toMatchObject({ adults: 14, children: 1, dietary_notes: 'Deux sans gluten' });
    const after = await rowOf(r.id);
    expect(after).toMatchObject({ number_people: 14, children: 1, dietary_notes: 'Deux sans gluten' });
    expect(after.total).toBeGreaterThan(before.total);
    const [event] = await eventsOf(r.id);
    expect(event).toMatchObject({ actor: 'customer', kind: 'modified', summary: expect.stringMatching(/^Modifiée par le client : 12 → 15 personnes \(enfants : 0 → 1\)/) });
    const mail = (await outboxOf(r.id)).find((m) => m.kind === 'owner_customer_changed');
    expect(mail).toMatchObject({ channel: 'email', recipient: 'contact@exemple.fr', payload: { changes: expect.stringContaining('12 → 15 personnes') } });
  });

  test('a group beyond the service’s limits, an unknown field or the restaurant’s notes: refused in French, nothing changed', async () => {
    const r = await request();
    const before = await rowOf(r.id);
    const tooMany = await update(r.token, { adults: 40 });
    expect(tooMany.error).toMatchObject({ code: 'group_size', message: 'Le restaurant accueille les groupes de 2 à 30 personnes au déjeuner ce jour-là.' });
    for (const field of ['notes', 'status', 'date']) {
      expect((await update(r.token, { [field]: 'x' })).error).toMatchObject({ code: 'unknown_field', message: `Champ inconnu : ${field}.` });
    }
    expect(await rowOf(r.id)).toEqual(before);
    expect(await eventsOf(r.id)).toEqual([]);
  });

  test('after the deadline (24 h before the meal) nothing changes and the page says whom to call', async () => {
    const r = await request();
    await setRow(
      r.id,
      "reservation_date = ((now() + interval '20 hours') at time zone 'Europe/Paris')::date, arrival_time = date_trunc('minute', ((now() + interval '20 hours') at time zone 'Europe/Paris')::time)",
    );
    const before = await rowOf(r.id);
    expect(await must(page(r.token))).toMatchObject({ can_change: false, can_cancel: true });
    const late = await update(r.token, { adults: 10 });
    expect(late.error).toMatchObject({
      code: 'deadline_passed',
      message: expect.stringMatching(/^Le délai de modification est passé \(\d\d\/\d\d\/\d{4} à \d\d:\d\d\) : appelez le restaurant pour tout changement\.$/),
    });
    expect((await update(r.token, { guest: { guest_number: 1, name: 'Léa' } })).error).toMatchObject({ code: 'deadline_passed' });
    expect(await rowOf(r.id)).toEqual(before);
  });

  test('a refused or cancelled reservation is not changed', async () => {
    const r = await request();
    await must(service().rpc('transition_reservation_by_id', { p_reservation_id: r.id, p_target_status: STATUS.rejected, p_reason: 'complet' }));
    expect((await update(r.token, { adults: 10 })).error).toMatchObject({ code: 'not_modifiable', message: 'Cette réservation ne peut plus être modifiée.' });
    expect(await must(page(r.token))).toMatchObject({ status: 'rejected', can_change: false, can_cancel: false, decision: { reason: 'complet' } });
  });
});

describe('each guest’s choices', () => {
  test('saved a guest at a time among the menu’s dishes and alternatives; one history row for the sitting', async () => {
    const r = await request();
    await must(update(r.token, { guest: { guest_number: 1, name: 'Léa', choices: { starter: 'Œuf meurette', main: 'Quenelle de brochet' } } }));
    const shown = await must(update(r.token, { guest: { guest_number: 2, choices: { main: 'Risotto aux cèpes' }, allergies: 'Sans gluten' } }));
    expect(shown.guests).toEqual([
      { guest_number: 1, name: 'Léa', choices: { starter: 'Œuf meurette', main: 'Quenelle de brochet' }, allergies: null },
      { guest_number: 2, name: null, choices: { main: 'Risotto aux cèpes' }, allergies: 'Sans gluten' },
    ]);
    // Guest 1 again: replaced, not added.
    await must(update(r.token, { guest: { guest_number: 1, name: 'Léa M.', choices: { main: 'Risotto aux cèpes' } } }));
    const events = await eventsOf(r.id);
    expect(events).toEqual([expect.objectContaining({ actor: 'customer', summary: 'Choix des convives envoyés par le client : 2 convive(s) sur 12.' })]);
    const members = await must(owner.client.from('reservation_guests').select('guest_number, name, choices').eq('reservation_id', r.id).order('guest_number'));
    expect(members.map((g) => g.name)).toEqual(['Léa M.', null]);
  });

  test('a dish not on the menu, or a guest beyond the party: refused, nothing saved', async () => {
    const r = await request();
    expect((await update(r.token, { guest: { guest_number: 1, choices: { main: 'Pizza' } } })).error).toMatchObject({ code: 'unknown_dish', message: "Ce plat n'est pas au menu : Pizza." });
    expect((await update(r.token, { guest: { guest_number: 1, choices: { dessert: 'Quenelle de brochet' } } })).error).toMatchObject({ code: 'unknown_dish' });
    expect((await update(r.token, { guest: { guest_number: 13, name: 'Treizième' } })).error).toMatchObject({ code: 'guest_number', message: 'Le convive doit être numéroté de 1 à 12.' });
    expect(await must(page(r.token))).toMatchObject({ guests: [] });
  });

  test('fewer guests: those beyond the new headcount are dropped', async () => {
    const r = await request({ adults: 3 });
    for (const n of [1, 2, 3]) await must(update(r.token, { guest: { guest_number: n, name: `Convive ${n}` } }));
    expect((await must(update(r.token, { adults: 2 }))).guests.map((g: { guest_number: number }) => g.guest_number)).toEqual([1, 2]);
  });

  test('the guests are the page’s to write: not anonymous, another owner or the restaurant’s members directly', async () => {
    const r = await request();
    await must(update(r.token, { guest: { guest_number: 1, name: 'Léa' } }));
    const other = await newOwner('customer-page-other');
    expect(await must(other.client.from('reservation_guests').select('name').eq('reservation_id', r.id))).toEqual([]);
    expect((await anon().from('reservation_guests').select('name').eq('reservation_id', r.id)).data ?? []).toEqual([]);
    for (const caller of [anon(), other.client, owner.client]) {
      expect((await caller.from('reservation_guests').insert({ reservation_id: r.id, restaurant_id: restaurantId, guest_number: 5, name: 'Intrus' })).error).not.toBeNull();
      await caller.from('reservation_guests').update({ name: 'Intrus' }).eq('reservation_id', r.id);
      await caller.from('reservation_guests').delete().eq('reservation_id', r.id);
    }
    expect(await must(owner.client.from('reservation_guests').select('name').eq('reservation_id', r.id))).toEqual([{ name: 'Léa' }]);
  });
});

describe('cancellation', () => {
  test('free before the cancellation deadline: cancelled by the customer, with their reason, both sides e-mailed', async () => {
    const r = await request();
    expect((await cancel(r.token, '  ')).error).toMatchObject({ code: 'reason_required', message: "Indiquez la raison de l'annulation." });
    const shown = await must(cancel(r.token, 'Le séminaire est reporté'));
    expect(shown).toMatchObject({
      status: 'cancelled',
      can_change: false,
      can_cancel: false,
      decision: { actor: 'customer', reason: 'demande_du_client', reason_detail: 'Le séminaire est reporté' },
    });
    expect((await eventsOf(r.id)).at(-1)).toMatchObject({ actor: 'customer', to_status: STATUS.cancelled, reason: 'demande_du_client', deposit: null });
    expect((await outboxOf(r.id)).map((m) => m.kind)).toEqual(expect.arrayContaining(['owner_customer_cancelled', 'customer_reservation_cancelled']));
    expect((await cancel(r.token, 'encore')).error).toMatchObject({ code: 'not_cancellable' });
  });

  test('after the deadline a paid acompte is kept: the cost is stated, and only a confirmation of that cost cancels', async () => {
    const r = await request();
    await must(service().rpc('transition_reservation_by_id', { p_reservation_id: r.id, p_target_status: STATUS.accepted }));
    await must(service().rpc('transition_reservation_by_id', { p_reservation_id: r.id, p_target_status: STATUS.paid }));
    await setRow(
      r.id,
      "reservation_date = ((now() + interval '25 hours') at time zone 'Europe/Paris')::date, arrival_time = date_trunc('minute', ((now() + interval '25 hours') at time zone 'Europe/Paris')::time)",
    );
    const shown = await must(page(r.token));
    const received = (await withDb(async (db) => (await db.query('select amount_received_cents as a from public.restaurant_reservations where id = $1', [r.id])).rows[0].a)) as number;
    expect(received).toBeGreaterThan(0);
    expect(shown).toMatchObject({ status: 'paid', can_cancel: true, cancellation_cost_cents: received });
    const euros = (received / 100).toFixed(2).replace('.', ',');
    for (const cost of [undefined, 0, received - 1]) {
      expect((await cancel(r.token, 'Imprévu', cost)).error).toMatchObject({
        code: 'cost_not_accepted',
        // The CGV say nothing of the sums' nature: arrhes, as the law presumes.
        message: `Annuler maintenant coûte les arrhes versées (${euros} €), conservées par le restaurant selon ses conditions d'annulation.`,
      });
    }
    expect(await rowOf(r.id)).toMatchObject({ status: STATUS.paid });
    await must(cancel(r.token, 'Imprévu', received));
    expect((await eventsOf(r.id)).at(-1)).toMatchObject({ actor: 'customer', to_status: STATUS.cancelled, deposit: 'kept', amount_cents: received });
  });
});

describe('a word to the restaurant', () => {
  test('joins the request’s conversation (opened on the page for a form request), hands it over and e-mails the restaurant; the reply comes back by e-mail', async () => {
    const r = await request();
    expect((await write(r.token, '   ')).error).toMatchObject({ code: 'required' });
    const shown = await must(write(r.token, 'Pouvons-nous venir avec un chien ?'));
    expect(shown.messages).toEqual([expect.objectContaining({ role: 'user', text: 'Pouvons-nous venir avec un chien ?' })]);
    const conversation = await must(
      owner.client.from('conversations').select('id, channel, answered_by, handed_over_at').eq('restaurant_id', restaurantId).order('created_at', { ascending: false }).limit(1).single(),
    );
    expect(conversation).toMatchObject({ channel: 'page', answered_by: 'staff', handed_over_at: expect.any(String) });
    expect((await outboxOf(r.id)).find((m) => m.kind === 'owner_customer_message')).toMatchObject({ recipient: 'contact@exemple.fr', payload: { text: 'Pouvons-nous venir avec un chien ?' } });

    await must(owner.client.rpc('reply_to_conversation', { p_conversation_id: conversation.id, p_text: 'Oui, bien sûr !' }));
    const reply = (await outboxOf(r.id)).find((m) => m.kind === 'conversation_reply');
    expect(reply).toMatchObject({ channel: 'email', recipient: r.email, payload: { text: 'Oui, bien sûr !' } });
    expect((await must(page(r.token))).messages.map((m: { role: string; text: string }) => [m.role, m.text])).toEqual([
      ['user', 'Pouvons-nous venir avec un chien ?'],
      ['staff', 'Oui, bien sûr !'],
    ]);
    // The same conversation for the next word.
    await must(write(r.token, 'Merci !'));
    expect(await must(owner.client.from('messages').select('content').eq('conversation_id', conversation.id))).toHaveLength(3);
  });

  test('another restaurant’s owner cannot answer it; the manager of the restaurant can', async () => {
    const r = await request();
    await must(write(r.token, 'Une question'));
    const { conversation_id } = await must(service().from('restaurant_reservations').select('conversation_id').eq('id', r.id).single());
    const other = await newOwner('customer-page-intruder');
    expect((await other.client.rpc('reply_to_conversation', { p_conversation_id: conversation_id, p_text: 'Intrus' })).error).not.toBeNull();
    const manager = await newOwner('customer-page-manager');
    await withDb((db) => db.query("insert into public.restaurant_members (restaurant_id, user_id, role) values ($1, $2, 'manager')", [restaurantId, manager.userId]));
    await must(manager.client.rpc('reply_to_conversation', { p_conversation_id: conversation_id, p_text: 'Réponse du manager' }));
    expect((await must(page(r.token))).messages.map((m: { text: string }) => m.text)).toEqual(['Une question', 'Réponse du manager']);
  });
});
