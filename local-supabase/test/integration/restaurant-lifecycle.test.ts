import { randomUUID } from 'node:crypto';
import { anon, newOwner, service, withDb } from '../clients';
import { must } from '../fixtures';
import { png } from '../images';

const BUCKET = 'restaurant-photos';

/** Storage rows of one restaurant's folder, read as superuser (whoever may or may not see them). */
async function objectsInFolder(restaurantId: string): Promise<string[]> {
  return withDb(async (db) => {
    const { rows } = await db.query(`select name from storage.objects where bucket_id = $1 and name like $2 order by name`, [BUCKET, `${restaurantId}/%`]);
    return rows.map((r) => r.name as string);
  });
}

/** An owner whose restaurant has the client-chosen id `id` and one uploaded photo. */
async function ownerWithPhoto(label: string, id = randomUUID()) {
  const owner = await newOwner(label);
  await must(owner.client.from('restaurants').insert({ id, name: label }));
  const name = `${id}/${Date.now()}-terrasse.png`;
  const upload = await owner.client.storage.from(BUCKET).upload(name, png(), { contentType: 'image/png' });
  expect(upload.error).toBeNull();
  return { ...owner, restaurantId: id, photo: name };
}

describe('deleting a restaurant or an account leaves no photo behind, and its id is never reused', () => {
  it('deleting a restaurant removes its storage objects; the public URL no longer serves them', async () => {
    const owner = await ownerWithPhoto('lifecycle-delete');
    const publicUrl = owner.client.storage.from(BUCKET).getPublicUrl(owner.photo).data.publicUrl;
    expect((await fetch(publicUrl)).status).toBe(200);
    expect(await objectsInFolder(owner.restaurantId)).toEqual([owner.photo]);

    await must(owner.client.from('restaurants').delete().eq('id', owner.restaurantId).select('id'));

    expect(await objectsInFolder(owner.restaurantId)).toEqual([]);
    const listed = await service().storage.from(BUCKET).list(owner.restaurantId);
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([]);
    expect((await fetch(publicUrl)).status).toBe(404);
  });

  it('a second owner cannot take a deleted restaurant id, nor its folder', async () => {
    const victim = await ownerWithPhoto('lifecycle-victim');
    await must(victim.client.from('restaurants').delete().eq('id', victim.restaurantId).select('id'));

    const attacker = await newOwner('lifecycle-attacker');
    const taken = await attacker.client.from('restaurants').insert({ id: victim.restaurantId, name: 'Reprise' });
    expect(taken.error).toMatchObject({ code: '23505', message: 'Cet identifiant de restaurant a déjà été utilisé' });
    // Not even the former owner: the id is retired, the folder stays unreachable.
    expect((await victim.client.from('restaurants').insert({ id: victim.restaurantId })).error?.code).toBe('23505');

    const upload = await attacker.client.storage.from(BUCKET).upload(`${victim.restaurantId}/${Date.now()}-x.png`, png(), { contentType: 'image/png', upsert: true });
    expect(upload.error).not.toBeNull();
    expect(await objectsInFolder(victim.restaurantId)).toEqual([]);
  });

  it('an owner cannot move a restaurant onto another id (a retired one or any other)', async () => {
    const retired = await ownerWithPhoto('lifecycle-retired');
    await must(retired.client.from('restaurants').delete().eq('id', retired.restaurantId).select('id'));

    const owner = await newOwner('lifecycle-move');
    const { id } = await must(owner.client.from('restaurants').insert({ name: 'Fixe' }).select('id').single());
    for (const target of [retired.restaurantId, randomUUID()]) {
      const moved = await owner.client.from('restaurants').update({ id: target }).eq('id', id).select('id');
      expect(moved.error).toMatchObject({ code: '22023', message: "L'identifiant d'un restaurant ne peut pas être modifié" });
    }
    expect(await must(owner.client.from('restaurants').select('id').eq('id', id))).toEqual([{ id }]);
  });

  it('deleting an account removes the objects of each of its restaurants and retires their ids', async () => {
    const owner = await ownerWithPhoto('lifecycle-account');
    const second = randomUUID();
    await must(owner.client.from('restaurants').insert({ id: second, name: 'Deuxième' }));
    expect((await owner.client.storage.from(BUCKET).upload(`${second}/1-salle.png`, png(), { contentType: 'image/png' })).error).toBeNull();

    await withDb((db) => db.query('delete from auth.users where id = $1', [owner.userId]));

    expect(await objectsInFolder(owner.restaurantId)).toEqual([]);
    expect(await objectsInFolder(second)).toEqual([]);
    const attacker = await newOwner('lifecycle-account-attacker');
    for (const id of [owner.restaurantId, second]) {
      expect((await attacker.client.from('restaurants').insert({ id })).error?.code).toBe('23505');
    }
  });

  it('anonymous callers can neither delete a restaurant nor reach the retired ids', async () => {
    const owner = await ownerWithPhoto('lifecycle-anon');
    const removed = await anon().from('restaurants').delete().eq('id', owner.restaurantId).select('id');
    expect(removed.data ?? []).toEqual([]);
    expect(await objectsInFolder(owner.restaurantId)).toEqual([owner.photo]);
    // The list of retired ids is not part of the Data API.
    for (const c of [anon(), owner.client]) {
      const read = await c.from('retired_restaurant_ids').select('*');
      expect(read.error?.code).toBe('42P01');
    }
  });
});
