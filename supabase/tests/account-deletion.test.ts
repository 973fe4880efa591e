import { anon, newOwner, withDb } from '../../local-supabase/test/clients';
import { must, restaurantSnapshot } from '../../local-supabase/test/fixtures';

/**
 * 'Supprimer mon compte' (issue 47): public.account_deletion_preview and public.delete_my_account, through the
 * unmodified supabase-js as the account's owner, with the password GoTrue's bcrypt hash holds.
 */

/** Makes a user a member of a restaurant, as the team functions would (they are not under test here). */
async function addMember(restaurantId: string, userId: string, role: 'owner' | 'manager', addedBy: string): Promise<void> {
  await withDb((db) => db.query('insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, $3, $4)', [userId, restaurantId, role, addedBy]));
}

async function newRestaurant(owner: Awaited<ReturnType<typeof newOwner>>, name: string): Promise<string> {
  const row = await must(owner.client.from('restaurants').insert({ name }).select('id').single());
  return row.id as string;
}

const accountExists = (userId: string) => withDb(async (db) => (await db.query('select 1 from auth.users where id = $1', [userId])).rowCount === 1);
const restaurantExists = (id: string) => withDb(async (db) => (await db.query('select 1 from public.restaurants where id = $1', [id])).rowCount === 1);
const membersOf = (id: string) =>
  withDb(async (db) => (await db.query('select user_id, role from public.restaurant_members where restaurant_id = $1 order by role, user_id', [id])).rows as { user_id: string; role: string }[]);

/** An owner of three restaurants: one alone ('Seul'), one with another owner ('Partagé'), and a manager of a third ('Géré'). */
async function ownerWithThree(label: string) {
  const owner = await newOwner(label);
  const partner = await newOwner(`${label}-associe`);
  const boss = await newOwner(`${label}-patron`);
  const alone = await newRestaurant(owner, 'Seul');
  const shared = await newRestaurant(owner, 'Partagé');
  await addMember(shared, partner.userId, 'owner', owner.userId);
  const managed = await newRestaurant(boss, 'Géré');
  await addMember(managed, owner.userId, 'manager', boss.userId);
  return { owner, partner, boss, alone, shared, managed };
}

describe('deleting one’s own account', () => {
  it('says first which restaurants go and which are left, given the password', async () => {
    const { owner, alone, shared, managed } = await ownerWithThree('apercu');
    const preview = await must(owner.client.rpc('account_deletion_preview', { p_password: owner.password }));
    expect(preview).toEqual({
      deleted: [{ id: alone, name: 'Seul' }],
      left: [
        { id: shared, name: 'Partagé' },
        { id: managed, name: 'Géré' },
      ],
    });
    const wrong = await owner.client.rpc('account_deletion_preview', { p_password: 'pas-le-bon' });
    expect(wrong.error).toMatchObject({ code: '28P01', message: 'Mot de passe incorrect' });
    expect(wrong.data).toBeNull();
  });

  it('a wrong password changes nothing', async () => {
    const { owner, alone, shared, managed } = await ownerWithThree('mauvais');
    const before = await Promise.all([alone, shared, managed].map((id) => restaurantSnapshot(id)));
    // bcrypt reads 72 bytes only: the password followed by more than that is not the password.
    for (const p_password of ['pas-le-bon', '', `${owner.password}${'x'.repeat(80)}`, owner.password.toUpperCase()]) {
      const { error } = await owner.client.rpc('delete_my_account', { p_password });
      expect({ p_password, error }).toMatchObject({ p_password, error: { code: '28P01', message: 'Mot de passe incorrect' } });
    }
    expect(await accountExists(owner.userId)).toBe(true);
    expect(await Promise.all([alone, shared, managed].map((id) => restaurantSnapshot(id)))).toEqual(before);
    expect((await owner.client.auth.getUser()).error).toBeNull();
  });

  it('deletes the restaurant it alone owns, keeps the co-owned one with the other owner, removes the manager’s membership, then the account', async () => {
    const { owner, partner, boss, alone, shared, managed } = await ownerWithThree('supprime');
    const done = await must(owner.client.rpc('delete_my_account', { p_password: owner.password }));
    expect(done).toEqual({
      deleted: [{ id: alone, name: 'Seul' }],
      left: [
        { id: shared, name: 'Partagé' },
        { id: managed, name: 'Géré' },
      ],
    });

    expect(await accountExists(owner.userId)).toBe(false);
    expect(await restaurantExists(alone)).toBe(false);
    expect(await restaurantExists(shared)).toBe(true);
    expect(await membersOf(shared)).toEqual([{ user_id: partner.userId, role: 'owner' }]);
    // Who created it is forgotten (its foreign key), the partner still runs it.
    expect(await must(partner.client.from('restaurants').select('name, user_id').eq('id', shared).single())).toEqual({ name: 'Partagé', user_id: null });
    expect(await restaurantExists(managed)).toBe(true);
    expect(await membersOf(managed)).toEqual([{ user_id: boss.userId, role: 'owner' }]);
    // The sessions ended with the account: the token refresh no longer works, and the account cannot sign in.
    const again = await anon().auth.signInWithPassword({ email: owner.email, password: owner.password });
    expect(again.error?.code).toBe('invalid_credentials');
  });

  it('an account whose actions other rows name (a member it added, the privacy audit) is deleted too, those rows kept without it', async () => {
    const owner = await newOwner('references');
    const partner = await newOwner('references-associe');
    const shared = await newRestaurant(owner, 'Références');
    await addMember(shared, partner.userId, 'owner', owner.userId);
    const manager = await newOwner('references-gerant');
    await addMember(shared, manager.userId, 'manager', owner.userId);
    await withDb((db) => db.query(`insert into public.restaurant_privacy_audit (restaurant_id, user_id, action) values ($1, $2, 'export')`, [shared, owner.userId]));

    await must(owner.client.rpc('delete_my_account', { p_password: owner.password }));

    expect(await accountExists(owner.userId)).toBe(false);
    expect(await membersOf(shared)).toEqual(
      [
        { user_id: partner.userId, role: 'owner' },
        { user_id: manager.userId, role: 'manager' },
      ].sort((a, b) => a.role.localeCompare(b.role) || a.user_id.localeCompare(b.user_id)),
    );
    const addedBy = await withDb(async (db) => (await db.query('select added_by from public.restaurant_members where restaurant_id = $1 and user_id = $2', [shared, manager.userId])).rows);
    expect(addedBy).toEqual([{ added_by: null }]);
    const audit = await withDb(async (db) => (await db.query('select user_id from public.restaurant_privacy_audit where restaurant_id = $1', [shared])).rows);
    expect(audit).toEqual([{ user_id: null }]);
  });

  it('anonymous callers are refused, and no one can delete another’s account', async () => {
    const { owner, alone, shared } = await ownerWithThree('anonyme');
    // Every test account has the same password: this one gets its own.
    const secret = 'le-sien-seulement';
    expect((await owner.client.auth.updateUser({ password: secret, current_password: owner.password })).error).toBeNull();
    owner.password = secret;
    for (const fn of ['account_deletion_preview', 'delete_my_account'] as const) {
      const { error } = await anon().rpc(fn, { p_password: owner.password });
      expect(error).not.toBeNull();
    }
    // Another signed-in user who knows the password still deletes only their own account (auth.uid()'s): refused,
    // since it is not theirs.
    const other = await newOwner('anonyme-autre');
    expect(other.password).not.toBe(owner.password);
    const otherRestaurant = await newRestaurant(other, 'Autre');
    const { error } = await other.client.rpc('delete_my_account', { p_password: owner.password });
    expect(error).toMatchObject({ code: '28P01', message: 'Mot de passe incorrect' });
    expect(await accountExists(owner.userId)).toBe(true);
    expect(await accountExists(other.userId)).toBe(true);
    for (const id of [alone, shared, otherRestaurant]) expect(await restaurantExists(id)).toBe(true);
  });
});
