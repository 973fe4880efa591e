import type { SupabaseClient } from '@supabase/supabase-js';
import { anon, newOwner, service, withDb } from '../../local-supabase/test/clients';
import { completeRestaurant } from '../../local-supabase/test/fixtures';
import { submitGroupRequest, type SubmittedRequest } from '../../local-supabase/test/reservations';

/**
 * public.undo_link_decision, the one way back from a decision of the one-click link: the reservation
 * service's alone. Anonymous callers, another owner, the restaurant's own manager and owner — even with
 * the right code, within the window — are refused and change nothing; the service role undoes it once.
 */
let owner: Awaited<ReturnType<typeof newOwner>>;
let restaurantId: string;

beforeAll(async () => {
  owner = await newOwner('undo-owner');
  ({ restaurantId } = await completeRestaurant(owner.client, 'Undo Bistrot'));
});

/** A request accepted through its link (transition_reservation as the service calls it): its e-mail held, undoable. */
async function acceptedByLink(): Promise<SubmittedRequest> {
  const r = await submitGroupRequest(restaurantId);
  const { data, error } = await service().rpc('transition_reservation', { p_numero_reservation: r.numero, p_code_manage: r.codeManage, p_target_status: 1 });
  expect(error).toBeNull();
  expect(data).toMatchObject({ outcome: 'ok', undo_until: expect.any(String) });
  return r;
}

/** The reservation's status, history and decision messages: what an undo changes. */
const state = (r: SubmittedRequest) =>
  withDb(async (pg) => ({
    status: (await pg.query('select status from public.restaurant_reservations where id = $1', [r.id])).rows[0].status,
    events: (await pg.query('select kind, to_status from public.reservation_events where reservation_id = $1 order by created_at', [r.id])).rows,
    held: (await pg.query("select status from public.notification_outbox where reservation_id = $1 and kind like 'customer_reservation_%'", [r.id])).rows,
  }));

test('anonymous, another owner, the restaurant’s manager and its owner: refused with the right code, nothing changes', async () => {
  const r = await acceptedByLink();
  const before = await state(r);
  const stranger = await newOwner('undo-stranger');
  await completeRestaurant(stranger.client, 'Ailleurs');
  const manager = await newOwner('undo-manager');
  await withDb((pg) => pg.query("insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, 'manager', $3)", [manager.userId, restaurantId, owner.userId]));

  for (const [who, client] of [
    ['anonymous', anon()],
    ['another owner', stranger.client],
    ['manager', manager.client],
    ['owner', owner.client],
  ] as [string, SupabaseClient][]) {
    for (const code of [r.codeManage, 'f'.repeat(64)]) {
      const { data, error } = await client.rpc('undo_link_decision', { p_numero_reservation: r.numero, p_code_manage: code });
      expect({ who, data, code: error?.code }).toEqual({ who, data: null, code: '42501' });
    }
  }
  expect(await state(r)).toEqual(before);
  expect(before).toMatchObject({ status: 1, held: [{ status: 'pending' }] });
});

test('the service role: a wrong code learns nothing; the right one undoes once, the second time refused', async () => {
  const r = await acceptedByLink();
  const wrong = await service().rpc('undo_link_decision', { p_numero_reservation: r.numero, p_code_manage: 'f'.repeat(64) });
  expect(wrong.data).toEqual({ outcome: 'wrong_code', status: null, numero_reservation_restaurateur: null, reservation_id: null });
  expect((await state(r)).status).toBe(1);

  const undone = await service().rpc('undo_link_decision', { p_numero_reservation: r.numero, p_code_manage: r.codeManage });
  expect(undone.data).toMatchObject({ outcome: 'ok', status: 0 });
  expect(await state(r)).toEqual({
    status: 0,
    events: [
      { kind: 'status', to_status: 1 },
      { kind: 'undone', to_status: 0 },
    ],
    held: [],
  });

  const again = await service().rpc('undo_link_decision', { p_numero_reservation: r.numero, p_code_manage: r.codeManage });
  expect(again.data).toMatchObject({ outcome: 'not_undoable', status: 0 });
  expect((await state(r)).events).toHaveLength(2);
});

test('past the window (the hold and the decision moved back) and once claimed: too late, nothing changes', async () => {
  const late = await acceptedByLink();
  await withDb((pg) => pg.query("update public.reservation_events set created_at = created_at - interval '2 minutes' where reservation_id = $1", [late.id]));
  expect((await service().rpc('undo_link_decision', { p_numero_reservation: late.numero, p_code_manage: late.codeManage })).data).toMatchObject({ outcome: 'too_late', status: 1 });

  const claimed = await acceptedByLink();
  await withDb((pg) =>
    pg.query(
      "update public.notification_outbox set status = 'sending', attempts = 1, claimed_until = now() + interval '1 minute' where reservation_id = $1 and kind like 'customer_reservation_%'",
      [claimed.id],
    ),
  );
  const before = await state(claimed);
  expect((await service().rpc('undo_link_decision', { p_numero_reservation: claimed.numero, p_code_manage: claimed.codeManage })).data).toMatchObject({ outcome: 'too_late', status: 1 });
  expect(await state(claimed)).toEqual(before);
});
