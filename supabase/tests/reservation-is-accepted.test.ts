/**
 * is_accepted is derived from status by the database (a generated column): whatever writes the
 * status, the two never disagree, and nobody can write is_accepted on its own.
 */
import { newOwner, service } from '../../local-supabase/test/clients';
import { completeRestaurant, must } from '../../local-supabase/test/fixtures';

it('follows every status change and cannot be written apart from it', async () => {
  const owner = await newOwner('is-accepted');
  const { reservation } = await completeRestaurant(owner.client, 'Accepté ou non');
  const admin = service();
  const read = () => must(owner.client.from('restaurant_reservations').select('status, is_accepted').eq('id', reservation.id).single());

  expect(await read()).toEqual({ status: 0, is_accepted: false });
  for (const [status, accepted] of [
    [1, true],
    [3, true],
    [4, false],
    [2, false],
    [0, false],
  ] as const) {
    // eslint-disable-next-line no-restricted-syntax -- the status written directly, whatever writes it, to check the generated column
    await must(admin.from('restaurant_reservations').update({ status }).eq('id', reservation.id).select('id'));
    expect(await read()).toEqual({ status, is_accepted: accepted });
  }

  // eslint-disable-next-line no-restricted-syntax -- the write the database must refuse, tried on purpose
  const forced = await admin.from('restaurant_reservations').update({ is_accepted: true }).eq('id', reservation.id).select('id');
  expect(forced.error?.code).toBe('428C9'); // "column can only be updated to DEFAULT"
  expect(await read()).toEqual({ status: 0, is_accepted: false });
});
