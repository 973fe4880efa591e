import { createHash, randomUUID } from 'node:crypto';
import { anon, newOwner, service, withDb } from '../../local-supabase/test/clients';
import { completeRestaurant, must, restaurantSnapshot } from '../../local-supabase/test/fixtures';
import { png } from '../../local-supabase/test/images';

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

/** Makes a user a member of a restaurant, as the team functions would (they are not under test here). */
async function addMember(restaurantId: string, userId: string, role: 'owner' | 'manager', addedBy: string): Promise<void> {
  await withDb((db) => db.query('insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, $3, $4)', [userId, restaurantId, role, addedBy]));
}

/** An administrator deletes an account: Auth's admin deleteUser, with the service role's key. */
async function deleteAccount(userId: string): Promise<void> {
  const { data, error } = await service().auth.admin.deleteUser(userId);
  expect(error).toBeNull();
  expect(data.user).toMatchObject({ id: userId });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The restaurant's data as it should be once `userId`'s account is gone: without their membership, and
 * with every reference to them forgotten (who created the restaurant, who added a member or made a key).
 */
function withoutAccount(snapshot: string, userId: string): string {
  const data = JSON.parse(snapshot) as { members: { user_id: string }[] | null };
  data.members = data.members?.filter((m) => m.user_id !== userId) ?? null;
  return JSON.stringify(data).replaceAll(`"${userId}"`, 'null');
}

describe('a restaurant lives as long as it has an owner, not as long as the account that created it', () => {
  it('no member can write who created a restaurant: a manager’s or an owner’s PATCH of user_id changes nothing', async () => {
    const creator = await newOwner('creator-patch');
    const { restaurantId } = await completeRestaurant(creator.client, 'Créé par');
    const manager = await newOwner('manager-patch');
    await addMember(restaurantId, manager.userId, 'manager', creator.userId);
    const before = await restaurantSnapshot(restaurantId);

    for (const [who, member] of [
      ['manager', manager],
      ['owner', creator],
    ] as const) {
      const patched = await member.client.from('restaurants').update({ user_id: manager.userId }).eq('id', restaurantId);
      expect({ who, error: patched.error }).toMatchObject({ who, error: { code: '42501', message: "Le créateur d'un restaurant ne peut pas être modifié" } });
    }
    // Nor through the service role: only forgetting a deleted account changes it.
    expect((await service().from('restaurants').update({ user_id: null }).eq('id', restaurantId)).error).toMatchObject({ code: '42501' });
    expect(await restaurantSnapshot(restaurantId)).toBe(before);
    // The columns a member edits are still theirs to write.
    expect(await must(manager.client.from('restaurants').update({ onboarding_finished_at: 'now' }).eq('id', restaurantId).select('id'))).toEqual([{ id: restaurantId }]);
  });

  it.each([
    ['still an owner', false],
    ['after leaving the team', true],
  ])('deleting the creator’s account (%s) while another owner remains keeps the restaurant and all its data', async (_case, leftFirst) => {
    const creator = await newOwner('creator');
    const { restaurantId } = await completeRestaurant(creator.client, 'Survivant');
    const other = await newOwner('other-owner');
    await addMember(restaurantId, other.userId, 'owner', creator.userId);
    const manager = await newOwner('manager');
    await addMember(restaurantId, manager.userId, 'manager', creator.userId);
    if (leftFirst) await must(creator.client.rpc('remove_member', { p_restaurant_id: restaurantId, p_user_id: creator.userId }));
    const before = await restaurantSnapshot(restaurantId);

    await deleteAccount(creator.userId);

    const after = await restaurantSnapshot(restaurantId);
    const expected = withoutAccount(before, creator.userId);
    expect(JSON.parse(after)).toEqual(JSON.parse(expected));
    expect(sha256(JSON.stringify(JSON.parse(after)))).toBe(sha256(expected));
    expect(await must(other.client.from('restaurants').select('id, user_id').eq('id', restaurantId))).toEqual([{ id: restaurantId, user_id: null }]);
    expect(await must(other.client.from('restaurant_reservations').select('id').eq('restaurant_id', restaurantId))).toHaveLength(1);
  });

  it('deleting the last owner’s account deletes the restaurant by its one function, not by a cascade', async () => {
    // No foreign key deletes a restaurant (or its team) when an account goes: only the account's memberships.
    const cascades = await withDb(async (db) =>
      (
        await db.query<{ name: string }>(
          `select conrelid::regclass::text || '.' || conname as name from pg_constraint
              where contype = 'f' and confrelid = 'auth.users'::regclass and confdeltype = 'c' and connamespace = 'public'::regnamespace
              order by 1`,
        )
      ).rows.map((r) => r.name),
    );
    expect(cascades).toEqual(['restaurant_members.restaurant_members_user_id_fkey']);

    const owner = await ownerWithPhoto('last-owner');
    const manager = await newOwner('last-owner-manager');
    await addMember(owner.restaurantId, manager.userId, 'manager', owner.userId);
    const elsewhere = await newOwner('elsewhere');
    const { id: otherRestaurant } = await must(elsewhere.client.from('restaurants').insert({ name: 'Ailleurs' }).select('id').single());
    await addMember(otherRestaurant as string, owner.userId, 'manager', elsewhere.userId);
    // Deleting an account is the administrator's (the service role's key), no one else's.
    for (const c of [anon(), manager.client]) expect((await c.auth.admin.deleteUser(owner.userId)).error).toMatchObject({ status: 403, code: 'not_admin' });
    expect(await objectsInFolder(owner.restaurantId)).toEqual([owner.photo]);

    await deleteAccount(owner.userId);

    expect(await withDb(async (db) => (await db.query('select id from public.restaurants where id = $1', [owner.restaurantId])).rows)).toEqual([]);
    expect(await objectsInFolder(owner.restaurantId)).toEqual([]);
    expect(await must(manager.client.from('restaurant_members').select('restaurant_id').eq('user_id', manager.userId))).toEqual([]);
    // Where the account was only a manager, the restaurant stays, without them.
    expect(await must(elsewhere.client.from('restaurant_members').select('user_id, role').eq('restaurant_id', otherRestaurant))).toEqual([{ user_id: elsewhere.userId, role: 'owner' }]);
  });
});
