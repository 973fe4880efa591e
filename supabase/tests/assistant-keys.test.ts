/**
 * The assistant's keys (public.restaurant_assistant_keys, create_assistant_key, revoke_assistant_key,
 * assistant_key_restaurant) attacked: the key is answered once and stored only as its SHA-256, which
 * no owner can read; another owner and anonymous callers can neither read, create nor revoke a key;
 * only the service role turns a key into its restaurant.
 */
import { createHash } from 'node:crypto';
import { anon, newOwner, service, withDb } from '../../local-supabase/test/clients';
import { must } from '../../local-supabase/test/fixtures';

async function ownerWithRestaurant(label: string) {
  const owner = await newOwner(label);
  const { id } = await must(
    owner.client
      .from('restaurants')
      .insert({ name: `Clés ${label}` })
      .select('id')
      .single(),
  );
  return { ...owner, restaurantId: id as string };
}

interface NewKey {
  id: string;
  key: string;
  prefix: string;
  created_at: string;
}

/** Every key row of a restaurant as the superuser sees it, to prove a refused call changed nothing. */
const storedKeys = (restaurantId: string) =>
  withDb(async (db) => (await db.query('select id, prefix, key_hash, revoked_at, last_used_at from public.restaurant_assistant_keys where restaurant_id = $1 order by id', [restaurantId])).rows);

test('a key is answered once, stored as its SHA-256 and prefix, and leads the service role to its restaurant until revoked', async () => {
  const owner = await ownerWithRestaurant('keys-owner');
  const created: NewKey = await must(owner.client.rpc('create_assistant_key', { p_restaurant_id: owner.restaurantId }));
  expect(created.key).toMatch(/^tbl_[0-9a-f]{48}$/);
  expect(created.prefix).toBe(created.key.slice(0, 12));
  const [row] = await storedKeys(owner.restaurantId);
  expect(row).toMatchObject({ id: created.id, prefix: created.prefix, key_hash: createHash('sha256').update(created.key).digest('hex'), revoked_at: null, last_used_at: null });
  // Nowhere else: no column holds the key itself.
  expect(JSON.stringify(await withDb(async (db) => (await db.query('select * from public.restaurant_assistant_keys where id = $1', [created.id])).rows))).not.toContain(created.key);

  expect(await must(service().rpc('assistant_key_restaurant', { p_key: created.key }))).toEqual([{ key_id: created.id, restaurant_id: owner.restaurantId }]);
  expect((await storedKeys(owner.restaurantId))[0].last_used_at).not.toBeNull();
  expect(await must(service().rpc('assistant_key_restaurant', { p_key: `tbl_${'0'.repeat(48)}` }))).toEqual([]);

  await must(owner.client.rpc('revoke_assistant_key', { p_key_id: created.id }));
  expect(await must(service().rpc('assistant_key_restaurant', { p_key: created.key }))).toEqual([]);
  const listed = await must(owner.client.from('restaurant_assistant_keys').select('id, prefix, created_at, last_used_at, revoked_at').eq('restaurant_id', owner.restaurantId));
  expect(listed).toEqual([expect.objectContaining({ id: created.id, prefix: created.prefix })]);
  expect(listed[0].revoked_at).not.toBeNull();
});

test('the owner reads the prefix and dates of a key, never its hash, and writes its rows only through the functions', async () => {
  const owner = await ownerWithRestaurant('keys-columns');
  const created: NewKey = await must(owner.client.rpc('create_assistant_key', { p_restaurant_id: owner.restaurantId }));
  const before = await storedKeys(owner.restaurantId);

  for (const columns of ['key_hash', '*', 'id, key_hash', 'created_by']) {
    const { data, error } = await owner.client.from('restaurant_assistant_keys').select(columns).eq('id', created.id);
    expect(error).not.toBeNull();
    expect(data).toBeNull();
  }
  // Neither filtering nor ordering on the hash tells anything of it.
  expect((await owner.client.from('restaurant_assistant_keys').select('id').like('key_hash', 'a%')).error).not.toBeNull();
  expect((await owner.client.from('restaurant_assistant_keys').select('id').order('key_hash')).error).not.toBeNull();

  // No direct write: a key made up, an un-revoke, a deletion.
  const inserted = await owner.client
    .from('restaurant_assistant_keys')
    .insert({ restaurant_id: owner.restaurantId, prefix: 'tbl_00000000', key_hash: createHash('sha256').update('tbl_x').digest('hex') });
  expect(inserted.error).not.toBeNull();
  await must(owner.client.rpc('revoke_assistant_key', { p_key_id: created.id }));
  const revoked = await storedKeys(owner.restaurantId);
  const unrevoke = await owner.client.from('restaurant_assistant_keys').update({ revoked_at: null }).eq('id', created.id).select('id');
  expect(unrevoke.data ?? []).toEqual([]);
  const deleted = await owner.client.from('restaurant_assistant_keys').delete().eq('id', created.id).select('id');
  expect(deleted.data ?? []).toEqual([]);
  expect(await storedKeys(owner.restaurantId)).toEqual(revoked);
  expect(revoked).toHaveLength(before.length);
});

test('another owner can neither read, create nor revoke the keys of a restaurant that is not theirs', async () => {
  const victim = await ownerWithRestaurant('keys-victim');
  const created: NewKey = await must(victim.client.rpc('create_assistant_key', { p_restaurant_id: victim.restaurantId }));
  const before = await storedKeys(victim.restaurantId);
  const intruder = await ownerWithRestaurant('keys-intruder');

  expect(await must(intruder.client.from('restaurant_assistant_keys').select('id, prefix, created_at, last_used_at, revoked_at').eq('restaurant_id', victim.restaurantId))).toEqual([]);
  expect(await must(intruder.client.from('restaurant_assistant_keys').select('id').eq('id', created.id))).toEqual([]);

  const create = await intruder.client.rpc('create_assistant_key', { p_restaurant_id: victim.restaurantId });
  expect(create.error?.message).toBe('Accès non autorisé à ce restaurant');
  expect(create.data).toBeNull();
  const revoke = await intruder.client.rpc('revoke_assistant_key', { p_key_id: created.id });
  expect(revoke.error?.message).toBe('Accès non autorisé à ce restaurant');
  const patch = await intruder.client.from('restaurant_assistant_keys').update({ revoked_at: new Date().toISOString() }).eq('id', created.id).select('id');
  expect(patch.data ?? []).toEqual([]);

  expect(await storedKeys(victim.restaurantId)).toEqual(before);
  expect(await must(service().rpc('assistant_key_restaurant', { p_key: created.key }))).toEqual([{ key_id: created.id, restaurant_id: victim.restaurantId }]);
});

test('anonymous callers can neither read, create nor revoke a key, and only the service role may turn a key into its restaurant', async () => {
  const owner = await ownerWithRestaurant('keys-anon');
  const created: NewKey = await must(owner.client.rpc('create_assistant_key', { p_restaurant_id: owner.restaurantId }));
  const before = await storedKeys(owner.restaurantId);
  const nobody = anon();

  const read = await nobody.from('restaurant_assistant_keys').select('id, prefix').eq('restaurant_id', owner.restaurantId);
  expect(read.data ?? []).toEqual([]);
  const create = await nobody.rpc('create_assistant_key', { p_restaurant_id: owner.restaurantId });
  expect(create.error).not.toBeNull();
  expect(create.data).toBeNull();
  expect((await nobody.rpc('revoke_assistant_key', { p_key_id: created.id })).error).not.toBeNull();

  // The lookup would tell a key's restaurant, and record a use: neither anonymous nor an owner may call it.
  for (const caller of [nobody, owner.client]) {
    const lookup = await caller.rpc('assistant_key_restaurant', { p_key: created.key });
    expect(lookup.error?.code).toBe('42501');
    expect(lookup.data).toBeNull();
  }
  expect(await storedKeys(owner.restaurantId)).toEqual(before);
});

test('revoking a key that does not exist says so, in French', async () => {
  const owner = await ownerWithRestaurant('keys-unknown');
  const { error } = await owner.client.rpc('revoke_assistant_key', { p_key_id: '00000000-0000-4000-8000-000000000000' });
  expect(error?.message).toBe('Clé non trouvée');
});
