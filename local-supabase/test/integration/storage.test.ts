import fs from 'node:fs';
import path from 'node:path';
import { anon, newOwner, service, withDb } from '../clients';
import { png } from '../images';

const BUCKET = 'restaurant-photos';
const storedFile = (name: string) => path.join(process.env.TEST_DATA_DIR!, 'storage', BUCKET, ...name.split('/'));
const objectRow = (name: string) =>
  withDb(async (db) => (await db.query('select name, metadata from storage.objects where bucket_id = $1 and name = $2', [BUCKET, name])).rows[0]);

async function ownerWithRestaurant(label: string) {
  const owner = await newOwner(label);
  const { data, error } = await owner.client.from('restaurants').insert({ name: `Photos ${label}` }).select('id').single();
  if (error) throw error;
  return { ...owner, restaurantId: data.id as string };
}

describe('storage: the restaurant-photos bucket', () => {
  it('exists as the migrations declare it: public, 10 MB, four image types', async () => {
    const { data, error } = await service().storage.getBucket(BUCKET);
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: BUCKET, public: true, file_size_limit: 10 * 1024 * 1024 });
    expect([...data!.allowed_mime_types!].sort()).toEqual(['image/gif', 'image/jpeg', 'image/png', 'image/webp']);
  });

  it('creates buckets only with the service role', async () => {
    const id = `essai-${Date.now()}`;
    expect((await anon().storage.createBucket(id, { public: false })).error).not.toBeNull();
    const owner = await newOwner('bucket');
    expect((await owner.client.storage.createBucket(id, { public: false })).error).not.toBeNull();
    expect((await service().storage.createBucket(id, { public: false, fileSizeLimit: 1024 })).error).toBeNull();
    const { data } = await service().storage.getBucket(id);
    expect(data).toMatchObject({ id, public: false, file_size_limit: 1024 });
  });

  it('uploads (raw and multipart), serves the public URL with its type, and removes', async () => {
    const owner = await ownerWithRestaurant('upload');
    const image = png(32, 16);
    const rawName = `${owner.restaurantId}/${Date.now()}-raw.png`;
    const raw = await owner.client.storage.from(BUCKET).upload(rawName, image, { contentType: 'image/png' });
    expect(raw.error).toBeNull();
    expect(raw.data?.path).toBe(rawName);

    const multipartName = `${owner.restaurantId}/${Date.now()}-blob.png`;
    const blob = await owner.client.storage.from(BUCKET).upload(multipartName, new Blob([new Uint8Array(image)], { type: 'image/png' }));
    expect(blob.error).toBeNull();

    const url = owner.client.storage.from(BUCKET).getPublicUrl(rawName).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);
    expect((await objectRow(rawName)).metadata).toMatchObject({ size: image.length, mimetype: 'image/png' });

    const removed = await owner.client.storage.from(BUCKET).remove([rawName, multipartName]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((o) => o.name).sort()).toEqual([rawName, multipartName].sort());
    expect((await fetch(url)).status).toBe(404);
    expect(fs.existsSync(storedFile(rawName))).toBe(false);
  });

  it.each([
    ['a file over 10 MB', () => Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024)]), 'image/png', '413'],
    ['a text file', () => Buffer.from('bonjour'), 'text/plain', '415'],
    ['a text file renamed .png', () => Buffer.from('bonjour, je ne suis pas une image'), 'image/png', '415'],
  ])('refuses %s on the server and keeps nothing', async (_label, body, contentType, statusCode) => {
    const owner = await ownerWithRestaurant('refused');
    const name = `${owner.restaurantId}/${Date.now()}-refused.png`;
    const { error } = await owner.client.storage.from(BUCKET).upload(name, body(), { contentType });
    expect((error as unknown as { statusCode: string }).statusCode).toBe(statusCode);
    expect(await objectRow(name)).toBeUndefined();
    expect(fs.existsSync(storedFile(name))).toBe(false);
  });
});

describe('storage: writes outside an owned restaurant folder are refused', () => {
  it('denies anonymous and another owner: upload, overwrite and remove in a foreign folder; leaves the victim untouched', async () => {
    const victim = await ownerWithRestaurant('victim');
    const attacker = await ownerWithRestaurant('attacker');
    const name = `${victim.restaurantId}/${Date.now()}-victim.png`;
    const original = png(8, 8, [10, 120, 200]);
    expect((await victim.client.storage.from(BUCKET).upload(name, original, { contentType: 'image/png' })).error).toBeNull();
    const before = await objectRow(name);

    let cases = 0;
    for (const [who, c] of [['anonymous', anon()], ['another owner', attacker.client]] as const) {
      const upload = await c.storage.from(BUCKET).upload(`${victim.restaurantId}/${Date.now()}-${who.replace(' ', '-')}.png`, png(), { contentType: 'image/png' });
      expect((upload.error as unknown as { statusCode: string })?.statusCode).toBe('403');
      const overwrite = await c.storage.from(BUCKET).upload(name, png(2, 2, [0, 0, 0]), { contentType: 'image/png', upsert: true });
      expect(overwrite.error).not.toBeNull();
      const removal = await c.storage.from(BUCKET).remove([name]);
      expect(removal.data ?? []).toEqual([]);
      const outside = await c.storage.from(BUCKET).upload(`${Date.now()}-no-folder.png`, png(), { contentType: 'image/png' });
      expect(outside.error).not.toBeNull();
      cases += 4;
    }
    expect(await objectRow(name)).toEqual(before);
    expect(fs.readFileSync(storedFile(name)).equals(original)).toBe(true);
    console.log(`storage attack cases tried: ${cases}`);
  });
});
