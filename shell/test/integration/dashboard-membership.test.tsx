import { screen } from '@testing-library/react';
import { PHOTO_BUCKET } from '@tablee/domain';
import { newOwner, service, withDb } from '../../../local-supabase/test/clients';
import { deleteRestaurant } from '../../src/features/dashboard/api/listRestaurants';
import { connect, renderApp, uniqueEmail } from '../render';

/**
 * The dashboard's data follows membership (issue 33): a manager made a member of someone's restaurant
 * sees it; deleting it stays an owner's act, refused before any of its photo files is removed.
 */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

it('lists the restaurant a manager is a member of; their delete is refused and leaves its photos', async () => {
  const owner = await newOwner('dashboard-owner');
  const { data: restaurant } = await owner.client.from('restaurants').insert({ name: 'Chez la patronne', address: '4 rue Haute' }).select('id').single();
  const id = restaurant!.id as string;
  const path = `${id}/1-terrasse.png`;
  expect((await owner.client.storage.from(PHOTO_BUCKET).upload(path, PNG, { contentType: 'image/png' })).error).toBeNull();

  const manager = await connect();
  const email = uniqueEmail('dashboard-manager');
  expect((await manager.auth.signUp({ email, password: 'secret-123' })).error).toBeNull();
  const { data: signedIn } = await manager.auth.signInWithPassword({ email, password: 'secret-123' });
  // Made a member as the team functions would (they are tested with them).
  await withDb((db) => db.query(`insert into public.restaurant_members (user_id, restaurant_id, role) values ($1, $2, 'manager')`, [signedIn.user!.id, id]));

  renderApp('/dashboard');
  expect(await screen.findByRole('link', { name: 'Chez la patronne' })).toHaveAttribute('href', `/restaurants/${id}`);

  await expect(deleteRestaurant(id)).rejects.toThrow('Restaurant non trouvé ou accès non autorisé');
  expect((await service().from('restaurants').select('id').eq('id', id)).data).toEqual([{ id }]);
  const { data: files } = await service().storage.from(PHOTO_BUCKET).list(id);
  expect((files ?? []).map((f) => f.name)).toEqual(['1-terrasse.png']);
});
