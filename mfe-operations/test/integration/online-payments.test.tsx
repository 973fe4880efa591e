/**
 * Issue 45, as the owner reads a reservation paid online: 'Paiements en ligne (Stripe)' lists what went
 * through the restaurant's Stripe account (the payment, a refund made and one under way, Stripe's ids)
 * with what is left once refunds are deducted, and the card saved; the history says 'Payé en ligne —
 * … (Stripe)'. The money is recorded as the webhook and the service record it (their SQL functions, as the
 * service role); the owner reads it under RLS, and a manager as well.
 */
import { screen, within } from '@testing-library/react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { newOwner, service, withDb } from '../../../local-supabase/test/clients';
import { must, sample } from '../../../local-supabase/test/fixtures';
import { insertReservationsAsSuperuser } from '../../../local-supabase/test/reservations';
import { renderOperationsAt } from '../render';
import { signInAs } from '../stack';

let owner: { client: SupabaseClient; email: string; password: string; userId: string };
let restaurantId: string;

beforeAll(async () => {
  owner = await newOwner('online-payments');
  const { id } = await must(owner.client.from('restaurants').insert({ name: 'La Caisse en ligne' }).select('id').single());
  restaurantId = id as string;
  await must(owner.client.from('restaurant_billing').upsert({ restaurant_id: restaurantId, ...sample.billing }, { onConflict: 'restaurant_id' }));
  await must(service().rpc('stripe_connect_save', { p_restaurant_id: restaurantId, p_user_id: owner.userId, p_account_id: 'acct_1Caisse', p_account_name: 'La Caisse' }));
});

const nbsp = (text: string | null | undefined) => (text ?? '').replace(/\u00a0|\u202f/g, ' ');

it('lists the payment, the refunds and the card, with what is left once refunds are deducted; the history says what Stripe received', async () => {
  const [r] = await insertReservationsAsSuperuser([
    { restaurant_id: restaurantId, number_people: 12, reservation_date: '2099-03-02', arrival_time: '12:00', total_amount: 528, status: 1, numero_reservation_restaurateur: 'R-PAY1' },
  ]);
  await must(
    service().rpc('checkout_session_saved', {
      p_reservation_id: r.id,
      p_account_id: 'acct_1Caisse',
      p_purpose: 'advance',
      p_amount_cents: 15840,
      p_session_id: 'cs_test_caisse1',
      p_url: 'https://checkout.stripe.com/c/pay/cs_test_caisse1',
      p_expires_at: new Date(Date.now() + 3600_000).toISOString(),
    }),
  );
  const paid = {
    id: 'evt_caisse1',
    type: 'checkout.session.completed',
    account: 'acct_1Caisse',
    data: { object: { id: 'cs_test_caisse1', payment_status: 'paid', amount_total: 15840, payment_intent: 'pi_Caisse1' } },
  };
  expect(await must(service().rpc('stripe_apply_event', { p_event: paid }))).toBe('ok');
  await must(
    service().rpc('transition_reservation_by_id', { p_reservation_id: r.id, p_target_status: 4, p_actor: 'owner', p_reason: 'demande_du_client', p_deposit: 'refunded', p_amount_cents: 10_000 }),
  );
  const [refund] = (await must(service().rpc('take_pending_refunds', { p_reservation_id: r.id }))) as { id: string }[];
  await must(service().rpc('refund_made', { p_id: refund.id, p_refund_id: 're_Caisse1', p_status: 'succeeded' }));
  await withDb((db) =>
    db.query(
      "insert into public.reservation_card_imprints (reservation_id, restaurant_id, account_id, customer_id, payment_method_id, card_brand, card_last4, setup_intent) values ($1, $2, 'acct_1Caisse', 'cus_C', 'pm_C', 'visa', '4242', 'seti_C')",
      [r.id, restaurantId],
    ),
  );

  await signInAs(owner.email, owner.password);
  renderOperationsAt(`/restaurants/${restaurantId}/operational/reservations/R-PAY1`);
  const card = (await screen.findByRole('heading', { name: 'Paiements en ligne (Stripe)' })).closest<HTMLElement>('.ant-card')!;
  expect(nbsp(card.textContent)).toContain('Empreinte bancaire enregistrée : VISA •••• 4242');
  const rows = within(card)
    .getAllByRole('row')
    .slice(1)
    .map((row) => nbsp(row.textContent).replace(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/, '<date>'));
  expect(rows).toEqual(['Payé en ligne (effectué)158,40 €<date>pi_Caisse1', 'Remboursement (effectué)− 100,00 €<date>re_Caisse1']);
  expect(nbsp(card.textContent)).toContain('Reçu en ligne, remboursements déduits : 58,40 €');
  const history = (await screen.findByRole('heading', { name: 'Historique' })).closest<HTMLElement>('.ant-card')!;
  expect(nbsp(history.textContent)).toContain('Payé en ligne — 158,40 € (Stripe)');
  expect(nbsp(history.textContent)).toContain('Remboursé en ligne — 100,00 € (Stripe)');
});
