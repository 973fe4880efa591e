import fs from 'node:fs';
import path from 'node:path';
import { anon, newOwner, service, withDb } from '../clients';
import { must } from '../fixtures';
import { png } from '../images';
import { until } from '../until';
import { PHOTO_ALLOWED_MIME_TYPES, PHOTO_BUCKET as BUCKET, PHOTO_MAX_SIZE_BYTES } from '../../../domain/src/photos';
const storedFile = (name: string) => path.join(process.env.TEST_DATA_DIR!, 'storage', BUCKET, ...name.split('/'));
const objectRow = (name: string) => withDb(async (db) => (await db.query('select name, metadata from storage.objects where bucket_id = $1 and name = $2', [BUCKET, name])).rows[0]);

async function ownerWithRestaurant(label: string) {
  const owner = await newOwner(label);
  const { data, error } = await owner.client
    .from('restaurants')
    .insert({ name: `Photos ${label}` })
    .select('id')
    .single();
  if (error) throw error;
  return { ...owner, restaurantId: data.id as string };
}

describe('storage: the restaurant-photos bucket', () => {
  it('exists as the migrations declare it: public, with the front end’s size limit and image types', async () => {
    const { data, error } = await service().storage.getBucket(BUCKET);
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: BUCKET, public: true, file_size_limit: PHOTO_MAX_SIZE_BYTES });
    expect([...data!.allowed_mime_types!].sort()).toEqual([...PHOTO_ALLOWED_MIME_TYPES].sort());
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
    ['a file over the size limit', () => Buffer.concat([png(), Buffer.alloc(PHOTO_MAX_SIZE_BYTES)]), 'image/png', '413'],
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
    for (const [who, c] of [
      ['anonymous', anon()],
      ['another owner', attacker.client],
    ] as const) {
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

/** Storage's error body as supabase-js hands it over (the HTTP status and body of the answer). */
async function storageFailure(res: Response) {
  return { status: res.status, body: (await res.json()) as { statusCode: string; error: string; message: string } };
}

describe('storage: bad names and list parameters are refused with 400 and a French message, never a 500', () => {
  const longSegment = `${'a'.repeat(252)}.png`; // 256 bytes: more than a file name may hold on disk
  const badNames: [string, (folder: string) => string][] = [
    ['a segment of 256 bytes', (folder) => `${folder}/${longSegment}`],
    ['an accented letter, which hosted Supabase refuses too', (folder) => `${folder}/été.png`],
    ['a literal %', (folder) => `${folder}/50%.png`],
    ['a name of more than 1024 bytes', (folder) => `${folder}/${Array.from({ length: 6 }, () => 'b'.repeat(200)).join('/')}.png`],
  ];

  it.each(badNames)('upload, download and remove of a name with %s', async (_label, makeName) => {
    const owner = await ownerWithRestaurant('bad-name');
    const name = makeName(owner.restaurantId);
    const bucket = owner.client.storage.from(BUCKET);

    const upload = await bucket.upload(name, png(), { contentType: 'image/png' });
    expect(upload.error).toMatchObject({ status: 400, statusCode: '400' });
    expect(upload.error?.message).toMatch(/^Nom d’objet invalide/);
    expect(await objectRow(name)).toBeUndefined();

    // The raw HTTP calls, with the name encoded as a browser would encode it.
    const encoded = name.split('/').map(encodeURIComponent).join('/');
    const download = await storageFailure(await fetch(`${process.env.TEST_SUPABASE_URL}/storage/v1/object/public/${BUCKET}/${encoded}`));
    expect(download).toMatchObject({ status: 400, body: { statusCode: '400', error: 'invalid_key' } });
    const removal = await bucket.remove([name]);
    expect(removal.error).toMatchObject({ status: 400, statusCode: '400' });
  });

  it('accepts a segment of exactly 255 bytes, the most a file name may hold on disk', async () => {
    const owner = await ownerWithRestaurant('long-name');
    const name = `${owner.restaurantId}/${'c'.repeat(251)}.png`;
    expect((await owner.client.storage.from(BUCKET).upload(name, png(), { contentType: 'image/png' })).error).toBeNull();
    expect((await fetch(owner.client.storage.from(BUCKET).getPublicUrl(name).data.publicUrl)).status).toBe(200);
  });

  it.each([
    ['a limit of -1', { limit: -1 }],
    ['a limit of "abc"', { limit: 'abc' }],
    ['a limit of 0', { limit: 0 }],
    ['an offset of -5', { offset: -5 }],
    ['an offset of "beaucoup"', { offset: 'beaucoup' }],
  ])('list with %s', async (_label, options) => {
    const owner = await ownerWithRestaurant('bad-list');
    const res = await fetch(`${process.env.TEST_SUPABASE_URL}/storage/v1/object/list/${BUCKET}`, {
      method: 'POST',
      headers: { apikey: process.env.TEST_SUPABASE_ANON_KEY!, authorization: `Bearer ${(await owner.client.auth.getSession()).data.session!.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: owner.restaurantId, ...options }),
    });
    const { status, body } = await storageFailure(res);
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: '400', error: 'invalid_request' });
    expect(body.message).toMatch(/^Paramètre « (limit|offset) » invalide/);
  });

  it('a list prefix is a plain prefix: % and _ match only themselves', async () => {
    const owner = await ownerWithRestaurant('list-prefix');
    const bucket = owner.client.storage.from(BUCKET);
    expect((await bucket.upload(`${owner.restaurantId}/a_b/1.png`, png(), { contentType: 'image/png' })).error).toBeNull();
    expect((await bucket.upload(`${owner.restaurantId}/axb/2.png`, png(), { contentType: 'image/png' })).error).toBeNull();
    expect((await bucket.list(`${owner.restaurantId}/a_b`)).data?.map((o) => o.name)).toEqual(['1.png']);
    expect((await bucket.list(`${owner.restaurantId}/a%`)).data).toEqual([]);
  });
});

describe('storage: an object whose row is gone is gone', () => {
  it('a row deleted with SQL: its public and authenticated downloads are 404 at once, and its file leaves the disk', async () => {
    const owner = await ownerWithRestaurant('sql-delete');
    const name = `${owner.restaurantId}/${Date.now()}-salle.png`;
    const image = png(6, 6);
    const bucket = owner.client.storage.from(BUCKET);
    expect((await bucket.upload(name, image, { contentType: 'image/png' })).error).toBeNull();
    const downloaded = await bucket.download(name);
    expect(downloaded.error).toBeNull();
    expect(Buffer.from(await downloaded.data!.arrayBuffer()).equals(image)).toBe(true);

    await withDb((db) => db.query('delete from storage.objects where bucket_id = $1 and name = $2', [BUCKET, name]));

    expect((await fetch(bucket.getPublicUrl(name).data.publicUrl)).status).toBe(404);
    expect((await bucket.download(name)).error).toMatchObject({ status: 404 });
    await until(
      () => fs.existsSync(storedFile(name)),
      (exists) => !exists,
      `file of ${name} removed from disk`,
    );
  });

  it('deleting a restaurant removes its photo files from disk', async () => {
    const owner = await ownerWithRestaurant('restaurant-files');
    const names = [`${owner.restaurantId}/1-salle.png`, `${owner.restaurantId}/2-terrasse.png`];
    for (const name of names) expect((await owner.client.storage.from(BUCKET).upload(name, png(), { contentType: 'image/png' })).error).toBeNull();
    expect(names.every((name) => fs.existsSync(storedFile(name)))).toBe(true);

    await must(owner.client.from('restaurants').delete().eq('id', owner.restaurantId).select('id'));

    await until(
      () => names.filter((name) => fs.existsSync(storedFile(name))),
      (left) => left.length === 0,
      'photo files of the deleted restaurant removed',
    );
  });

  it('a file re-uploaded under the name of a just-deleted object stays', async () => {
    const owner = await ownerWithRestaurant('reupload');
    const name = `${owner.restaurantId}/1-salle.png`;
    const second = png(3, 3, [1, 2, 3]);
    const bucket = owner.client.storage.from(BUCKET);
    expect((await bucket.upload(name, png(), { contentType: 'image/png' })).error).toBeNull();
    expect((await bucket.remove([name])).error).toBeNull();
    expect((await bucket.upload(name, second, { contentType: 'image/png' })).error).toBeNull();
    // Every removal the deletion announced has been handled once a later SQL deletion's file is gone.
    const marker = `${owner.restaurantId}/2-marqueur.png`;
    expect((await bucket.upload(marker, png(), { contentType: 'image/png' })).error).toBeNull();
    await withDb((db) => db.query('delete from storage.objects where bucket_id = $1 and name = $2', [BUCKET, marker]));
    await until(
      () => fs.existsSync(storedFile(marker)),
      (exists) => !exists,
      'marker file removed',
    );
    expect(fs.readFileSync(storedFile(name)).equals(second)).toBe(true);
    expect((await fetch(bucket.getPublicUrl(name).data.publicUrl)).status).toBe(200);
  });
});
