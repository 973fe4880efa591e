import { randomBytes } from 'node:crypto';
import { anon, newOwner, service, withDb } from '../../local-supabase/test/clients';
import { must, sample } from '../../local-supabase/test/fixtures';
import { insertReservationsAsSuperuser } from '../../local-supabase/test/reservations';

/**
 * Issue 45 in SQL: the restaurant's Stripe account (owners only), what the customer may pay online
 * (the acompte or arrhes in cents, the difference after a change, the card imprint), Stripe's events
 * applied once each and only from the account the session was made on, and refunds planned in the
 * cancellation's transaction and reconciled with charge.refunded. Stripe itself is the service's
 * business (reservation-service/test/integration/stripe-*.test.ts).
 */
type Owner = Awaited<ReturnType<typeof newOwner>>;
let owner: Owner;
let restaurantId: string;
const account = `acct_${randomBytes(8).toString('hex')}`;

const STATUS = { pending: 0, accepted: 1, rejected: 2, paid: 3, cancelled: 4 } as const;

beforeAll(async () => {
  owner = await newOwner('payments');
  ({ id: restaurantId } = await must(owner.client.from('restaurants').insert({ name: 'Paiements' }).select('id').single()));
  // An acompte of 30 % of the total, taken as money (not an imprint).
  await must(owner.client.from('restaurant_billing').upsert({ restaurant_id: restaurantId, ...sample.billing }, { onConflict: 'restaurant_id' }));
  await must(service().rpc('stripe_connect_save', { p_restaurant_id: restaurantId, p_user_id: owner.userId, p_account_id: account, p_account_name: 'Paiements SAS' }));
});

/** An accepted reservation of 528 € (an acompte of 158,40 €), and its page's token. */
async function accepted(fields: Record<string, unknown> = {}) {
  const [written] = await insertReservationsAsSuperuser([
    { restaurant_id: restaurantId, number_people: 12, reservation_date: '2099-03-02', arrival_time: '12:00', total_amount: 528, status: STATUS.accepted, email: 'client@exemple.fr', ...fields },
  ]);
  const tokens = await must(service().rpc('customer_page_tokens', { p_reservation_ids: [written.id] }));
  return { ...written, token: (tokens as { token: string }[])[0].token };
}

const checkout = async (token: string) => (await must(service().rpc('customer_checkout', { p_token: token }))) as Record<string, unknown>;
let sessions = 0;
async function sessionFor(reservationId: string, amountCents: number, purpose = 'advance', accountId = account) {
  sessions += 1;
  const sessionId = `cs_test_${randomBytes(6).toString('hex')}${sessions}`;
  await must(
    service().rpc('checkout_session_saved', {
      p_reservation_id: reservationId,
      p_account_id: accountId,
      p_purpose: purpose,
      p_amount_cents: amountCents,
      p_session_id: sessionId,
      p_url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      p_expires_at: new Date(Date.now() + 23 * 3600_000).toISOString(),
    }),
  );
  return sessionId;
}
const event = (type: string, object: Record<string, unknown>, accountId = account) => ({
  id: `evt_${randomBytes(8).toString('hex')}`,
  type,
  account: accountId,
  data: { object },
});
const completed = (sessionId: string, cents: number, accountId = account) =>
  event(
    'checkout.session.completed',
    { id: sessionId, object: 'checkout.session', payment_status: 'paid', amount_total: cents, payment_intent: `pi_${randomBytes(8).toString('hex')}` },
    accountId,
  );
const apply = async (e: unknown) => (await service().rpc('stripe_apply_event', { p_event: e as never })).data as string;

const rowOf = (id: string) => withDb(async (db) => (await db.query('select status, amount_received_cents from public.restaurant_reservations where id = $1', [id])).rows[0]);
const eventsOf = (id: string) =>
  withDb(
    async (db) =>
      (await db.query('select kind, actor, from_status, to_status, amount_cents, payment_id, deposit from public.reservation_events where reservation_id = $1 order by created_at', [id])).rows,
  );
const paymentsOf = (id: string) =>
  withDb(
    async (db) => (await db.query('select kind, amount_cents, status, stripe_id, payment_intent from public.reservation_payments where reservation_id = $1 order by created_at, kind', [id])).rows,
  );

describe('the restaurant’s Stripe account', () => {
  test('an owner connects (a state taken once) and disconnects; a manager, another owner and anonymous can do neither nor read it', async () => {
    const own = await newOwner('stripe-connect');
    const { id } = await must(own.client.from('restaurants').insert({ name: 'Connexion' }).select('id').single());
    const manager = await newOwner('stripe-manager');
    await withDb((db) => db.query("insert into public.restaurant_members (restaurant_id, user_id, role) values ($1, $2, 'manager')", [id, manager.userId]));
    const other = await newOwner('stripe-other');

    for (const caller of [manager.client, other.client, anon()]) {
      const begun = await caller.rpc('stripe_connect_begin', { p_restaurant_id: id });
      expect(begun.error).not.toBeNull();
    }
    const state = (await must(own.client.rpc('stripe_connect_begin', { p_restaurant_id: id }))) as string;
    expect(state).toMatch(/^[0-9a-f]{48}$/);
    // The service's functions are the service's only.
    expect((await own.client.rpc('stripe_connect_take', { p_state: state })).error).not.toBeNull();
    expect(await must(service().rpc('stripe_connect_take', { p_state: state }))).toEqual({ restaurant_id: id, user_id: own.userId });
    expect((await service().rpc('stripe_connect_take', { p_state: state })).data).toBeNull();
    expect((await service().rpc('stripe_connect_take', { p_state: 'f'.repeat(48) })).data).toBeNull();

    await must(service().rpc('stripe_connect_save', { p_restaurant_id: id, p_user_id: own.userId, p_account_id: 'acct_1Connexion', p_account_name: ' Connexion SARL ' }));
    expect(await must(own.client.from('restaurant_stripe_accounts').select('account_id, account_name').eq('restaurant_id', id))).toEqual([
      { account_id: 'acct_1Connexion', account_name: 'Connexion SARL' },
    ]);
    for (const caller of [manager.client, other.client, anon()]) {
      expect((await caller.from('restaurant_stripe_accounts').select('account_id').eq('restaurant_id', id)).data ?? []).toEqual([]);
      expect((await caller.rpc('stripe_disconnect', { p_restaurant_id: id })).error).not.toBeNull();
    }
    expect(await must(own.client.rpc('stripe_disconnect', { p_restaurant_id: id }))).toBe('acct_1Connexion');
    expect(await must(own.client.from('restaurant_stripe_accounts').select('account_id').eq('restaurant_id', id))).toEqual([]);
  });

  test('a state drawn by an owner who is no longer one gives nothing', async () => {
    const own = await newOwner('stripe-left');
    const { id } = await must(own.client.from('restaurants').insert({ name: 'Départ' }).select('id').single());
    const second = await newOwner('stripe-second');
    await withDb((db) => db.query("insert into public.restaurant_members (restaurant_id, user_id, role) values ($1, $2, 'owner')", [id, second.userId]));
    const state = (await must(second.client.rpc('stripe_connect_begin', { p_restaurant_id: id }))) as string;
    await withDb((db) => db.query("update public.restaurant_members set role = 'manager' where restaurant_id = $1 and user_id = $2", [id, second.userId]));
    expect((await service().rpc('stripe_connect_take', { p_state: state })).data).toBeNull();
  });
});

describe('paying online', () => {
  test('the acompte is due in cents; a session is reused for the same amount; the completed event marks the reservation paid once, with the history saying so', async () => {
    const r = await accepted();
    const due = await checkout(r.token);
    expect(due).toMatchObject({ outcome: 'ok', purpose: 'advance', amount_cents: 15840, nature: 'arrhes', account_id: account, attempt: 0, open_session: null });
    const sessionId = await sessionFor(r.id, 15840);
    expect(await checkout(r.token)).toMatchObject({ attempt: 1, open_session: { session_id: sessionId } });

    const paid = completed(sessionId, 15840);
    expect(await apply(paid)).toBe('ok');
    expect(await rowOf(r.id)).toEqual({ status: STATUS.paid, amount_received_cents: 15_840 });
    // Stripe delivers again: nothing more.
    expect(await apply(paid)).toBe('duplicate');
    expect(await apply({ ...paid, id: `evt_${randomBytes(8).toString('hex')}` })).toBe('duplicate');
    const events = await eventsOf(r.id);
    expect(events).toEqual([
      { kind: 'status', actor: 'customer', from_status: STATUS.accepted, to_status: STATUS.paid, amount_cents: 15_840, payment_id: paid.data.object.payment_intent, deposit: null },
    ]);
    expect(await paymentsOf(r.id)).toEqual([
      { kind: 'advance', amount_cents: 15840, status: 'succeeded', stripe_id: paid.data.object.payment_intent, payment_intent: paid.data.object.payment_intent },
    ]);
    const outbox = await withDb(async (db) => (await db.query('select kind from public.notification_outbox where reservation_id = $1', [r.id])).rows);
    expect(outbox).toEqual([{ kind: 'customer_reservation_paid' }]);
    expect(await checkout(r.token)).toMatchObject({ outcome: 'nothing_due' });
  });

  test('an event from another account, or of a session Tablée did not make, changes nothing', async () => {
    const r = await accepted();
    const sessionId = await sessionFor(r.id, 15840);
    expect(await apply(completed(sessionId, 15840, 'acct_Pirate'))).toBe('wrong_account');
    expect(await apply(completed('cs_test_unknown', 15840))).toBe('unknown_session');
    expect(await rowOf(r.id)).toEqual({ status: STATUS.accepted, amount_received_cents: null });
    expect(await paymentsOf(r.id)).toEqual([]);
  });

  test('a total raised after the payment leaves the difference to pay, in a new session; paid, the amount received is the sum', async () => {
    const r = await accepted();
    await apply(completed(await sessionFor(r.id, 15840), 15840));
    await withDb((db) => db.query('update public.restaurant_reservations set total_amount = 660 where id = $1', [r.id]));
    // A difference under Stripe's minimum (0,50 €: 30 % of 1,50 €) is not asked online.
    await withDb((db) => db.query('update public.restaurant_reservations set total_amount = 529.5 where id = $1', [r.id]));
    expect(await checkout(r.token)).toMatchObject({ outcome: 'nothing_due' });
    await withDb((db) => db.query('update public.restaurant_reservations set total_amount = 660 where id = $1', [r.id]));
    expect(await checkout(r.token)).toMatchObject({ outcome: 'ok', purpose: 'advance', amount_cents: 3960, attempt: 0, open_session: null });
    expect(await apply(completed(await sessionFor(r.id, 3960), 3960))).toBe('recorded');
    expect(await rowOf(r.id)).toEqual({ status: STATUS.paid, amount_received_cents: 19_800 });
    expect((await eventsOf(r.id)).map((e) => [e.kind, e.amount_cents])).toEqual([
      ['status', 15_840],
      ['payment', 3960],
    ]);
  });

  test('the card imprint: asked when the terms say empreinte, saved by the completed setup session, shown on the page', async () => {
    const own = await newOwner('stripe-imprint');
    const { id } = await must(own.client.from('restaurants').insert({ name: 'Empreinte' }).select('id').single());
    await must(own.client.from('restaurant_billing').upsert({ restaurant_id: id, ...sample.billing, deposit_method: 'empreinte' }, { onConflict: 'restaurant_id' }));
    await must(service().rpc('stripe_connect_save', { p_restaurant_id: id, p_user_id: own.userId, p_account_id: 'acct_1Empreinte', p_account_name: null as never }));
    const [written] = await insertReservationsAsSuperuser([{ restaurant_id: id, number_people: 10, reservation_date: '2099-03-02', total_amount: 400, status: STATUS.accepted }]);
    const token = ((await must(service().rpc('customer_page_tokens', { p_reservation_ids: [written.id] }))) as { token: string }[])[0].token;
    expect(await checkout(token)).toMatchObject({ outcome: 'ok', purpose: 'imprint', amount_cents: 0 });
    const sessionId = await sessionFor(written.id, 0, 'imprint', 'acct_1Empreinte');
    const saved = event(
      'checkout.session.completed',
      { id: sessionId, payment_status: 'no_payment_required', imprint: { customer: 'cus_T1', payment_method: 'pm_T1', brand: 'visa', last4: '4242', setup_intent: 'seti_T1' } },
      'acct_1Empreinte',
    );
    expect(await apply(saved)).toBe('imprint_saved');
    expect(await must(own.client.from('reservation_card_imprints').select('card_brand, card_last4').eq('reservation_id', written.id))).toEqual([{ card_brand: 'visa', card_last4: '4242' }]);
    expect(await checkout(token)).toMatchObject({ outcome: 'nothing_due' });
    const page = (await must(anon().rpc('customer_reservation', { p_token: token }))) as Record<string, unknown>;
    expect(page).toMatchObject({ imprint: { brand: 'visa', last4: '4242' }, online_payment: null });
    expect((await eventsOf(written.id)).map((e) => [e.kind, e.payment_id])).toEqual([['imprint', 'seti_T1']]);
  });

  test('without a Stripe account nothing is offered online', async () => {
    const own = await newOwner('stripe-none');
    const { id } = await must(own.client.from('restaurants').insert({ name: 'Virement' }).select('id').single());
    await must(own.client.from('restaurant_billing').upsert({ restaurant_id: id, ...sample.billing }, { onConflict: 'restaurant_id' }));
    const [written] = await insertReservationsAsSuperuser([{ restaurant_id: id, number_people: 10, reservation_date: '2099-03-02', total_amount: 400, status: STATUS.accepted }]);
    const token = ((await must(service().rpc('customer_page_tokens', { p_reservation_ids: [written.id] }))) as { token: string }[])[0].token;
    expect(await checkout(token)).toEqual({ outcome: 'not_configured' });
    expect(await checkout('f'.repeat(48))).toEqual({ outcome: 'not_found' });
    expect(await must(anon().rpc('customer_reservation', { p_token: token }))).toMatchObject({ online_payment: null, advance_nature: 'arrhes' });
  });
});

describe('refunds', () => {
  const cancel = async (id: string, reason: string, cents: number) =>
    (
      await service().rpc('transition_reservation_by_id', {
        p_reservation_id: id,
        p_target_status: STATUS.cancelled,
        p_actor: 'owner',
        p_reason: reason,
        p_deposit: 'refunded',
        p_amount_cents: cents,
      })
    ).data as Record<string, unknown>;

  test('cancelling a paid reservation with a refund plans it on the payment; the service takes it once, records it, and charge.refunded only confirms it', async () => {
    const r = await accepted();
    const paid = completed(await sessionFor(r.id, 15840), 15840);
    await apply(paid);
    const pi = paid.data.object.payment_intent;
    expect(await cancel(r.id, 'demande_du_client', 10_000)).toMatchObject({ outcome: 'ok', amount_cents: 10_000 });
    expect((await paymentsOf(r.id)).filter((p) => p.kind === 'refund')).toEqual([{ kind: 'refund', amount_cents: 10000, status: 'pending', stripe_id: null, payment_intent: pi }]);

    const taken = (await must(service().rpc('take_pending_refunds', { p_reservation_id: r.id }))) as { id: string; amount_cents: number; account_id: string }[];
    expect(taken).toEqual([expect.objectContaining({ payment_intent: pi, amount_cents: 10000, account_id: account })]);
    // Taken: a second instance does not take it meanwhile.
    expect(await must(service().rpc('take_pending_refunds', { p_reservation_id: r.id }))).toEqual([]);
    await must(service().rpc('refund_made', { p_id: taken[0].id, p_refund_id: 're_T100', p_status: 'succeeded' }));
    const refunded = event('charge.refunded', { id: 'ch_T', payment_intent: pi, refunds: { data: [{ id: 're_T100', amount: 10000, status: 'succeeded' }] } });
    expect(await apply(refunded)).toBe('refunds_reconciled');
    expect((await paymentsOf(r.id)).filter((p) => p.kind === 'refund')).toEqual([{ kind: 'refund', amount_cents: 10000, status: 'succeeded', stripe_id: 're_T100', payment_intent: pi }]);
    expect((await eventsOf(r.id)).map((e) => [e.kind, e.amount_cents, e.payment_id])).toEqual([
      ['status', 15_840, pi],
      ['status', 10_000, null],
      ['refund', 10_000, 're_T100'],
    ]);
  });

  test('charge.refunded before the service recorded Stripe’s answer: the row found by its metadata, one row and one history line either way', async () => {
    const r = await accepted();
    const paid = completed(await sessionFor(r.id, 15840), 15840);
    await apply(paid);
    const pi = paid.data.object.payment_intent;
    await cancel(r.id, 'demande_du_client', 6000);
    const [taken] = (await must(service().rpc('take_pending_refunds', { p_reservation_id: r.id }))) as { id: string }[];
    const refundId = `re_${randomBytes(6).toString('hex')}`;
    await apply(event('charge.refunded', { id: 'ch_M', payment_intent: pi, refunds: { data: [{ id: refundId, amount: 6000, status: 'succeeded', metadata: { tablee_refund_id: taken.id } }] } }));
    await must(service().rpc('refund_made', { p_id: taken.id, p_refund_id: refundId, p_status: 'succeeded' }));
    expect((await paymentsOf(r.id)).filter((p) => p.kind === 'refund')).toEqual([{ kind: 'refund', amount_cents: 6000, status: 'succeeded', stripe_id: refundId, payment_intent: pi }]);
    expect((await eventsOf(r.id)).filter((e) => e.kind === 'refund')).toEqual([expect.objectContaining({ amount_cents: 6000, payment_id: refundId })]);
  });

  test('the customer cancelling on their page within the free period: what they paid online is planned for refund, for the service to make', async () => {
    const r = await accepted();
    await apply(completed(await sessionFor(r.id, 15840), 15840));
    await must(anon().rpc('customer_cancel_reservation', { p_token: r.token, p_reason: 'Le séminaire est annulé' }));
    expect((await paymentsOf(r.id)).filter((p) => p.kind === 'refund')).toEqual([expect.objectContaining({ amount_cents: 15840, status: 'pending', stripe_id: null })]);
    const taken = (await must(service().rpc('take_pending_refunds', { p_reservation_id: r.id }))) as { amount_cents: number }[];
    expect(taken.map((t) => t.amount_cents)).toEqual([15840]);
  });

  test('a refund made in Stripe’s dashboard is recorded; one on another account is not', async () => {
    const r = await accepted();
    const paid = completed(await sessionFor(r.id, 15840), 15840);
    await apply(paid);
    const pi = paid.data.object.payment_intent;
    await apply(event('charge.refunded', { id: 'ch_X', payment_intent: pi, refunds: { data: [{ id: 're_Pirate', amount: 15840, status: 'succeeded' }] } }, 'acct_Pirate'));
    expect((await paymentsOf(r.id)).filter((p) => p.kind === 'refund')).toEqual([]);
    await apply(event('charge.refunded', { id: 'ch_X', payment_intent: pi, refunds: { data: [{ id: 're_Dashboard', amount: 5000, status: 'succeeded' }] } }));
    expect((await paymentsOf(r.id)).filter((p) => p.kind === 'refund')).toEqual([{ kind: 'refund', amount_cents: 5000, status: 'succeeded', stripe_id: 're_Dashboard', payment_intent: pi }]);
  });

  test('more than was received is refused; arrhes may be repaid double when the restaurant withdraws, only what was paid online being refunded online', async () => {
    const r = await accepted();
    await apply(completed(await sessionFor(r.id, 15840), 15840));
    expect(await cancel(r.id, 'demande_du_client', 15_841)).toMatchObject({ outcome: 'amount_invalid' });
    expect(await cancel(r.id, 'fermeture_exceptionnelle', 31_681)).toMatchObject({ outcome: 'amount_invalid' });
    expect(await cancel(r.id, 'fermeture_exceptionnelle', 31_680)).toMatchObject({ outcome: 'ok', amount_cents: 31_680 });
    expect((await paymentsOf(r.id)).filter((p) => p.kind === 'refund').map((p) => p.amount_cents)).toEqual([15840]);

    // As an acompte (the CGV say so), the double is not owed.
    const acompte = await newOwner('stripe-acompte');
    const { id } = await must(acompte.client.from('restaurants').insert({ name: 'Acompte' }).select('id').single());
    await must(acompte.client.from('restaurant_billing').upsert({ restaurant_id: id, ...sample.billing }, { onConflict: 'restaurant_id' }));
    await must(acompte.client.rpc('save_restaurant_cgv', { p_restaurant_id: id, p_cgv: { cancellationPolicy: '48h', modificationPolicy: '24h', advancePaymentNature: 'acompte' } }));
    const [written] = await insertReservationsAsSuperuser([
      { restaurant_id: id, number_people: 10, reservation_date: '2099-03-02', total_amount: 400, status: STATUS.paid, amount_received_cents: 12_000 },
    ]);
    expect(await cancel(written.id, 'fermeture_exceptionnelle', 12_001)).toMatchObject({ outcome: 'amount_invalid' });
  });

  test('a network error leaves a refund to retry, twenty times at most; then it is failed and said in the history', async () => {
    const r = await accepted();
    await apply(completed(await sessionFor(r.id, 15840), 15840));
    await cancel(r.id, 'demande_du_client', 5000);
    const [taken] = (await must(service().rpc('take_pending_refunds', { p_reservation_id: r.id }))) as { id: string }[];
    await must(service().rpc('refund_made', { p_id: taken.id, p_refund_id: null as never, p_status: 'pending', p_error: 'ECONNRESET' }));
    const [again] = (await must(service().rpc('take_pending_refunds', { p_reservation_id: r.id }))) as { id: string }[];
    expect(again.id).toBe(taken.id);
    // Twenty network errors: no more retries, the refund is failed and said.
    await withDb((db) => db.query('update public.reservation_payments set attempts = 20 where id = $1', [taken.id]));
    await must(service().rpc('refund_made', { p_id: taken.id, p_refund_id: null as never, p_status: 'pending', p_error: 'ETIMEDOUT' }));
    expect((await paymentsOf(r.id)).filter((p) => p.kind === 'refund').map((p) => p.status)).toEqual(['failed']);
    expect((await eventsOf(r.id)).at(-1)).toMatchObject({ kind: 'refund', amount_cents: 5000 });
  });
});

describe('the CGV’s nature of the sums paid in advance and no-show fee', () => {
  test('arrhes by default; acompte when chosen; a no-show fee per person or fixed, in cents; bad values refused with a French message', async () => {
    const own = await newOwner('stripe-cgv');
    const { id } = await must(own.client.from('restaurants').insert({ name: 'CGV' }).select('id').single());
    const save = (cgv: Record<string, unknown>) => own.client.rpc('save_restaurant_cgv', { p_restaurant_id: id, p_cgv: { cancellationPolicy: '48h', modificationPolicy: '24h', ...cgv } });
    await must(save({}));
    const read = () => must(own.client.from('restaurant_cgv').select('advance_payment_nature, no_show_fee_type, no_show_fee_cents').eq('restaurant_id', id).single());
    expect(await read()).toEqual({ advance_payment_nature: 'arrhes', no_show_fee_type: null, no_show_fee_cents: null });
    await must(save({ advancePaymentNature: 'acompte', noShowFee: { type: 'per_person', amount: 15.5 } }));
    expect(await read()).toEqual({ advance_payment_nature: 'acompte', no_show_fee_type: 'per_person', no_show_fee_cents: 1550 });
    for (const [cgv, message] of [
      [{ advancePaymentNature: 'caution' }, 'Nature des sommes versées d’avance invalide'.replace('’', "'")],
      [{ noShowFee: { type: 'par_tete', amount: 10 } }, 'Frais de non-présentation invalides'],
      [{ noShowFee: { type: 'fixed', amount: 0 } }, 'Le montant des frais de non-présentation'],
      [{ noShowFee: { type: 'fixed', amount: 10.001 } }, 'Le montant des frais de non-présentation'],
    ] as const) {
      const { error } = await save(cgv);
      expect(error?.message).toContain(message);
    }
    expect(await read()).toEqual({ advance_payment_nature: 'acompte', no_show_fee_type: 'per_person', no_show_fee_cents: 1550 });
  });
});

describe('the no-show fee', () => {
  test('owners only; after « Non présenté », with a card saved and a fee in the CGV: per person, never more; once', async () => {
    const own = await newOwner('stripe-noshow');
    const { id } = await must(own.client.from('restaurants').insert({ name: 'Absents' }).select('id').single());
    await must(own.client.rpc('save_restaurant_cgv', { p_restaurant_id: id, p_cgv: { cancellationPolicy: '48h', modificationPolicy: '24h', noShowFee: { type: 'per_person', amount: 15 } } }));
    const [written] = await insertReservationsAsSuperuser([{ restaurant_id: id, number_people: 10, children: 2, reservation_date: '2026-01-15', total_amount: 400, status: 5 }]);
    const plan = async (client = own.client) =>
      (await client.rpc('no_show_fee_plan', { p_reservation_id: written.id })) as { data: Record<string, unknown> | null; error: { code: string } | null };
    expect((await plan()).data).toMatchObject({ outcome: 'no_imprint', amount_cents: 18000 });
    await withDb((db) =>
      db.query(
        "insert into public.reservation_card_imprints (reservation_id, restaurant_id, account_id, customer_id, payment_method_id, setup_intent) values ($1, $2, 'acct_1Absents', 'cus_A', 'pm_A', 'seti_A')",
        [written.id, id],
      ),
    );
    expect((await plan()).data).toMatchObject({ outcome: 'ok', amount_cents: 18000, account_id: 'acct_1Absents', customer_id: 'cus_A', payment_method_id: 'pm_A' });
    const manager = await newOwner('stripe-noshow-manager');
    await withDb((db) => db.query("insert into public.restaurant_members (restaurant_id, user_id, role) values ($1, $2, 'manager')", [id, manager.userId]));
    for (const caller of [manager.client, (await newOwner('stripe-noshow-other')).client, anon()]) {
      expect((await plan(caller)).error).not.toBeNull();
      expect(
        (await caller.rpc('no_show_fee_recorded', { p_reservation_id: written.id, p_account_id: 'acct_1Absents', p_cents: 1, p_payment_intent: 'pi_X', p_needs_authentication: false })).error,
      ).not.toBeNull();
    }
    // Charged: recorded once, in the history with its amount.
    expect(
      await must(
        service().rpc('no_show_fee_recorded', { p_reservation_id: written.id, p_account_id: 'acct_1Absents', p_cents: 18000, p_payment_intent: 'pi_Fee1', p_needs_authentication: false }),
      ),
    ).toBe('recorded');
    expect((await plan()).data).toMatchObject({ outcome: 'already_charged' });
    const history = await withDb(async (db) => (await db.query('select kind, summary, payment_id from public.reservation_events where reservation_id = $1', [written.id])).rows);
    expect(history).toEqual([{ kind: 'payment', summary: 'Frais de non-présentation prélevés — 180,00 € (Stripe)', payment_id: 'pi_Fee1' }]);
  });

  test('a card that needs the customer’s authentication: the fee waits on their page, they are e-mailed, and their payment settles it', async () => {
    const own = await newOwner('stripe-noshow-auth');
    const { id } = await must(own.client.from('restaurants').insert({ name: 'Authentification' }).select('id').single());
    await must(service().rpc('stripe_connect_save', { p_restaurant_id: id, p_user_id: own.userId, p_account_id: 'acct_1Auth', p_account_name: 'Auth' }));
    await must(own.client.rpc('save_restaurant_cgv', { p_restaurant_id: id, p_cgv: { cancellationPolicy: '48h', modificationPolicy: '24h', noShowFee: { type: 'fixed', amount: 50 } } }));
    const [written] = await insertReservationsAsSuperuser([{ restaurant_id: id, number_people: 10, reservation_date: '2026-01-15', total_amount: 400, status: 5, email: 'absent@exemple.fr' }]);
    await must(service().rpc('no_show_fee_recorded', { p_reservation_id: written.id, p_account_id: 'acct_1Auth', p_cents: 5000, p_payment_intent: 'pi_Auth', p_needs_authentication: true }));
    const outbox = await withDb(async (db) => (await db.query('select kind, recipient from public.notification_outbox where reservation_id = $1', [written.id])).rows);
    expect(outbox).toEqual([{ kind: 'customer_no_show_fee', recipient: 'absent@exemple.fr' }]);
    const token = ((await must(service().rpc('customer_page_tokens', { p_reservation_ids: [written.id] }))) as { token: string }[])[0].token;
    expect(await checkout(token)).toMatchObject({ outcome: 'ok', purpose: 'no_show_fee', amount_cents: 5000 });
    const sessionId = await sessionFor(written.id, 5000, 'no_show_fee', 'acct_1Auth');
    expect(await apply(completed(sessionId, 5000, 'acct_1Auth'))).toBe('recorded');
    expect(await paymentsOf(written.id)).toEqual([expect.objectContaining({ kind: 'no_show_fee', amount_cents: 5000, status: 'succeeded' })]);
    expect(await checkout(token)).toMatchObject({ outcome: 'nothing_due' });
  });
});
