import fs from 'node:fs';
import path from 'node:path';
import { anon, env, newOwner, service, withDb } from '../clients';
import { png } from '../images';
import { PHOTO_BUCKET } from '../../../domain/src/photos';
import { until } from '../until';

/**
 * The Storage calls supabase-js offers beyond upload/download/list/remove (issue 32, item 14), each
 * under the same policies as the others: signed URLs, signed upload URLs, move, copy, info, custom
 * metadata, bucket update/empty/delete; and a route that does not exist is told so.
 */

const storedFile = (bucket: string, name: string) => path.join(process.env.TEST_DATA_DIR!, 'storage', bucket, ...name.split('/'));
const objectRow = (bucket: string, name: string) =>
  withDb(async (db) => (await db.query('select name, metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).rows[0]);

async function ownerWithRestaurant(label: string) {
  const owner = await newOwner(label);
  const { data, error } = await owner.client
    .from('restaurants')
    .insert({ name: `Stockage ${label}` })
    .select('id')
    .single();
  if (error) throw error;
  return { ...owner, restaurantId: data.id as string, photos: owner.client.storage.from(PHOTO_BUCKET) };
}

async function newBucket(label: string, options: { public?: boolean; fileSizeLimit?: number | string } = {}): Promise<string> {
  const id = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const { error } = await service().storage.createBucket(id, { public: false, ...options });
  if (error) throw error;
  return id;
}

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('storage: signed download URLs', () => {
  it('createSignedUrl: the owner signs its photo, anyone downloads it with the URL; another owner may not sign it', async () => {
    const owner = await ownerWithRestaurant('sign');
    const name = `${owner.restaurantId}/salle.png`;
    const image = png(5, 5);
    expect((await owner.photos.upload(name, image, { contentType: 'image/png' })).error).toBeNull();

    const signed = await owner.photos.createSignedUrl(name, 60);
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect((await bytesOf(res)).equals(image)).toBe(true);

    const withDownload = await owner.photos.createSignedUrl(name, 60, { download: 'photo.png' });
    expect((await fetch(withDownload.data!.signedUrl)).headers.get('content-disposition')).toMatch(/attachment; filename\*=UTF-8''photo\.png/);

    const intruder = await ownerWithRestaurant('sign-intruder');
    expect((await intruder.photos.createSignedUrl(name, 60)).error).toMatchObject({ status: 404 });
    expect((await anon().storage.from(PHOTO_BUCKET).createSignedUrl(name, 60)).error).not.toBeNull();

    // A token for one object opens no other, and a forged one opens nothing.
    const other = `${owner.restaurantId}/terrasse.png`;
    expect((await owner.photos.upload(other, png(), { contentType: 'image/png' })).error).toBeNull();
    const token = new URL(signed.data!.signedUrl).searchParams.get('token');
    const reused = await fetch(`${env.url}/storage/v1/object/sign/${PHOTO_BUCKET}/${other}?token=${token}`);
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { message: string }).message).toMatch(/^Lien signé invalide/);
    expect((await fetch(`${env.url}/storage/v1/object/sign/${PHOTO_BUCKET}/${name}?token=${token}x`)).status).toBe(400);
  });

  it('createSignedUrls: one URL per readable path, an error for the others', async () => {
    const owner = await ownerWithRestaurant('sign-many');
    const names = [`${owner.restaurantId}/1.png`, `${owner.restaurantId}/2.png`];
    for (const name of names) expect((await owner.photos.upload(name, png(), { contentType: 'image/png' })).error).toBeNull();
    const { data, error } = await owner.photos.createSignedUrls([...names, `${owner.restaurantId}/absent.png`], 60);
    expect(error).toBeNull();
    expect(data!.map((d) => [d.path, d.error === null, d.signedUrl !== null])).toEqual([
      [names[0], true, true],
      [names[1], true, true],
      [`${owner.restaurantId}/absent.png`, false, false],
    ]);
    expect((await fetch(data![1].signedUrl!)).status).toBe(200);
  });

  it('a name with spaces and parentheses signs and downloads', async () => {
    const bucket = await newBucket('espaces');
    const name = 'dossier/menu du jour (1).txt';
    expect((await service().storage.from(bucket).upload(name, 'Blanquette')).error).toBeNull();
    const { data, error } = await service().storage.from(bucket).createSignedUrl(name, 60);
    expect(error).toBeNull();
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Blanquette');
  });

  it('an expired signed URL is refused', async () => {
    const bucket = await newBucket('expire');
    expect((await service().storage.from(bucket).upload('a.txt', 'bonjour')).error).toBeNull();
    const { data } = await service().storage.from(bucket).createSignedUrl('a.txt', 1);
    expect((await fetch(data!.signedUrl)).status).toBe(200);
    // Its one second passes.
    const refused = await until(
      async () => {
        const res = await fetch(data!.signedUrl);
        return { status: res.status, body: (await res.json().catch(() => ({}))) as { message?: string } };
      },
      (answer) => answer.status !== 200,
      'the signed URL to expire',
      10,
    );
    expect(refused).toEqual({ status: 400, body: expect.objectContaining({ message: 'Lien signé expiré.' }) });
  });
});

describe('storage: signed upload URLs', () => {
  it('the owner makes one for its folder; it uploads once, byte-exact, and not twice', async () => {
    const owner = await ownerWithRestaurant('upload-sign');
    const name = `${owner.restaurantId}/envoi.png`;
    const made = await owner.photos.createSignedUploadUrl(name);
    expect(made.error).toBeNull();
    // Whoever holds the URL reads its token: the signer's e-mail is not in it.
    expect(Buffer.from(made.data!.token.split('.')[1], 'base64url').toString('utf8')).not.toContain(owner.email);
    const image = png(7, 3);
    // Anyone holding the token may use it: here an anonymous client.
    const used = await anon().storage.from(PHOTO_BUCKET).uploadToSignedUrl(name, made.data!.token, image, { contentType: 'image/png' });
    expect(used.error).toBeNull();
    expect(used.data?.path).toBe(name);
    expect(fs.readFileSync(storedFile(PHOTO_BUCKET, name)).equals(image)).toBe(true);

    const again = await anon().storage.from(PHOTO_BUCKET).uploadToSignedUrl(name, made.data!.token, png(1, 1), { contentType: 'image/png' });
    expect(again.error).not.toBeNull();
    expect(fs.readFileSync(storedFile(PHOTO_BUCKET, name)).equals(image)).toBe(true);
  });

  it('is refused for a folder the caller may not write, and a token opens only its own name', async () => {
    const victim = await ownerWithRestaurant('upload-sign-victim');
    const attacker = await ownerWithRestaurant('upload-sign-attacker');
    expect((await attacker.photos.createSignedUploadUrl(`${victim.restaurantId}/intrus.png`)).error).toMatchObject({ status: 403 });
    expect((await anon().storage.from(PHOTO_BUCKET).createSignedUploadUrl(`${victim.restaurantId}/intrus.png`)).error).not.toBeNull();

    const made = await attacker.photos.createSignedUploadUrl(`${attacker.restaurantId}/a.png`);
    const elsewhere = await anon().storage.from(PHOTO_BUCKET).uploadToSignedUrl(`${victim.restaurantId}/a.png`, made.data!.token, png(), { contentType: 'image/png' });
    expect(elsewhere.error).toMatchObject({ status: 400 });
    expect(await objectRow(PHOTO_BUCKET, `${victim.restaurantId}/a.png`)).toBeUndefined();
  });
});

describe('storage: move and copy', () => {
  it('move: the row and the file follow; the old name is gone', async () => {
    const owner = await ownerWithRestaurant('move');
    const image = png(4, 4);
    expect((await owner.photos.upload(`${owner.restaurantId}/avant.png`, image, { contentType: 'image/png' })).error).toBeNull();
    const moved = await owner.photos.move(`${owner.restaurantId}/avant.png`, `${owner.restaurantId}/dossier/apres.png`);
    expect(moved.error).toBeNull();
    expect(moved.data).toEqual({ message: 'Successfully moved' });
    expect(await objectRow(PHOTO_BUCKET, `${owner.restaurantId}/avant.png`)).toBeUndefined();
    expect(fs.existsSync(storedFile(PHOTO_BUCKET, `${owner.restaurantId}/avant.png`))).toBe(false);
    const res = await fetch(owner.photos.getPublicUrl(`${owner.restaurantId}/dossier/apres.png`).data.publicUrl);
    expect((await bytesOf(res)).equals(image)).toBe(true);
    // Onto an existing name: refused, both stay.
    expect((await owner.photos.upload(`${owner.restaurantId}/autre.png`, png(), { contentType: 'image/png' })).error).toBeNull();
    expect((await owner.photos.move(`${owner.restaurantId}/autre.png`, `${owner.restaurantId}/dossier/apres.png`)).error).toMatchObject({ status: 409 });
    expect(fs.readFileSync(storedFile(PHOTO_BUCKET, `${owner.restaurantId}/dossier/apres.png`)).equals(image)).toBe(true);
    expect(fs.existsSync(storedFile(PHOTO_BUCKET, `${owner.restaurantId}/autre.png`))).toBe(true);
    expect((await owner.photos.move(`${owner.restaurantId}/absent.png`, `${owner.restaurantId}/ailleurs.png`)).error).toMatchObject({ status: 404 });
  });

  it('copy: a second object with the same bytes; the source stays', async () => {
    const owner = await ownerWithRestaurant('copy');
    const image = png(4, 6);
    expect((await owner.photos.upload(`${owner.restaurantId}/source.png`, image, { contentType: 'image/png' })).error).toBeNull();
    const copied = await owner.photos.copy(`${owner.restaurantId}/source.png`, `${owner.restaurantId}/copie.png`);
    expect(copied.error).toBeNull();
    expect(copied.data).toEqual({ path: `${PHOTO_BUCKET}/${owner.restaurantId}/copie.png` });
    for (const name of ['source.png', 'copie.png']) {
      expect(fs.readFileSync(storedFile(PHOTO_BUCKET, `${owner.restaurantId}/${name}`)).equals(image)).toBe(true);
    }
    expect((await owner.photos.copy(`${owner.restaurantId}/source.png`, `${owner.restaurantId}/copie.png`)).error).toMatchObject({ status: 409 });
  });

  it('another owner can neither move, copy out of, nor copy into a restaurant folder not theirs', async () => {
    const victim = await ownerWithRestaurant('move-victim');
    const attacker = await ownerWithRestaurant('move-attacker');
    const name = `${victim.restaurantId}/salle.png`;
    const image = png(3, 3);
    expect((await victim.photos.upload(name, image, { contentType: 'image/png' })).error).toBeNull();
    expect((await attacker.photos.upload(`${attacker.restaurantId}/mien.png`, png(), { contentType: 'image/png' })).error).toBeNull();

    expect((await attacker.photos.move(name, `${attacker.restaurantId}/vol.png`)).error).not.toBeNull();
    expect((await attacker.photos.copy(name, `${attacker.restaurantId}/vol.png`)).error).not.toBeNull();
    expect((await attacker.photos.move(`${attacker.restaurantId}/mien.png`, `${victim.restaurantId}/depot.png`)).error).not.toBeNull();
    expect((await attacker.photos.copy(`${attacker.restaurantId}/mien.png`, `${victim.restaurantId}/depot.png`)).error).not.toBeNull();
    expect((await anon().storage.from(PHOTO_BUCKET).move(name, `${victim.restaurantId}/x.png`)).error).not.toBeNull();

    expect(fs.readFileSync(storedFile(PHOTO_BUCKET, name)).equals(image)).toBe(true);
    expect(await objectRow(PHOTO_BUCKET, `${attacker.restaurantId}/vol.png`)).toBeUndefined();
    expect(await objectRow(PHOTO_BUCKET, `${victim.restaurantId}/depot.png`)).toBeUndefined();
    expect(fs.existsSync(storedFile(PHOTO_BUCKET, `${attacker.restaurantId}/mien.png`))).toBe(true);
  });
});

describe('storage: info and custom metadata', () => {
  it('info() describes the object, with the metadata given at upload (raw and multipart)', async () => {
    const bucket = await newBucket('info');
    const files = service().storage.from(bucket);
    expect((await files.upload('menu.txt', 'Plat du jour', { metadata: { auteur: 'Léon', version: 2 } })).error).toBeNull();
    expect((await files.upload('carte.bin', new Blob([new Uint8Array([1, 2, 3])], { type: 'application/octet-stream' }), { metadata: { salle: 'terrasse' } })).error).toBeNull();

    const info = await files.info('menu.txt');
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: 'menu.txt',
      bucketId: bucket,
      size: Buffer.byteLength('Plat du jour'),
      contentType: 'text/plain;charset=UTF-8',
      cacheControl: 'max-age=3600',
      metadata: { auteur: 'Léon', version: 2 },
    });
    expect(info.data!.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await files.info('carte.bin')).data).toMatchObject({ size: 3, metadata: { salle: 'terrasse' } });
    expect((await files.info('absent.txt')).error).toMatchObject({ status: 404 });
  });

  it('info() follows the select policies: another owner learns nothing', async () => {
    const owner = await ownerWithRestaurant('info-rls');
    const intruder = await ownerWithRestaurant('info-intruder');
    const name = `${owner.restaurantId}/salle.png`;
    expect((await owner.photos.upload(name, png(), { contentType: 'image/png' })).error).toBeNull();
    expect((await owner.photos.info(name)).error).toBeNull();
    expect((await intruder.photos.info(name)).error).toMatchObject({ status: 404 });
    // The public form, for a public bucket, needs no key.
    const res = await fetch(`${env.url}/storage/v1/object/info/public/${PHOTO_BUCKET}/${name}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name, bucket_id: PHOTO_BUCKET, content_type: 'image/png' });
  });
});

describe('storage: the API’s own route names are never read as a bucket', () => {
  it.each([
    ['GET', '/object/upload/sign/restaurant-photos/a.png'],
    ['GET', '/object/list-v2/restaurant-photos'],
    ['GET', '/object/move/restaurant-photos'],
    ['POST', '/object/inconnu'],
    ['GET', '/rien/du/tout'],
  ])('%s %s is a 404 saying the route does not exist', async (method, route) => {
    const res = await fetch(`${env.url}/storage/v1${route}`, { method, headers: { apikey: env.serviceRoleKey, authorization: `Bearer ${env.serviceRoleKey}` } });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { statusCode: string; message: string };
    expect(body.statusCode).toBe('404');
    expect(body.message).toMatch(/^Route inexistante/);
  });
});

describe('storage: bucket calls', () => {
  it('getBucket gives hosted Supabase’s fields only; a limit may be given as "1mb"', async () => {
    const id = await newBucket('champs', { fileSizeLimit: '1mb' });
    const { data, error } = await service().storage.getBucket(id);
    expect(error).toBeNull();
    expect(Object.keys(data!).sort()).toEqual(['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'public', 'updated_at']);
    expect(data).toMatchObject({ id, name: id, public: false, file_size_limit: 1_000_000, allowed_mime_types: null });
    expect((await service().storage.createBucket(`${id}-x`, { public: false, fileSizeLimit: 'beaucoup' })).error).toMatchObject({ status: 400 });
  });

  it('updateBucket changes what is sent; the new limit applies to the next upload', async () => {
    const id = await newBucket('maj');
    const updated = await service().storage.updateBucket(id, { public: true, fileSizeLimit: '1kb', allowedMimeTypes: ['text/*'] });
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null });
    expect((await service().storage.getBucket(id)).data).toMatchObject({ public: true, file_size_limit: 1000, allowed_mime_types: ['text/*'] });
    const files = service().storage.from(id);
    expect((await files.upload('ok.txt', 'bonjour')).error).toBeNull();
    expect((await files.upload('gros.txt', 'x'.repeat(1001))).error).toMatchObject({ statusCode: '413' });
    expect((await files.upload('image.bin', Buffer.from([1]), { contentType: 'application/octet-stream' })).error).toMatchObject({ statusCode: '415' });
    expect((await service().storage.updateBucket(`${id}-absent`, { public: false })).error).toMatchObject({ status: 404 });
  });

  it('deleteBucket refuses a bucket with objects (409); emptyBucket empties it, files included; then it deletes', async () => {
    const id = await newBucket('vider');
    const files = service().storage.from(id);
    for (const name of ['a.txt', 'dossier/b.txt']) expect((await files.upload(name, 'contenu')).error).toBeNull();
    expect((await service().storage.deleteBucket(id)).error).toMatchObject({ status: 409 });
    expect(await service().storage.emptyBucket(id)).toEqual({ data: { message: 'Successfully emptied' }, error: null });
    expect(await objectRow(id, 'a.txt')).toBeUndefined();
    expect(fs.existsSync(storedFile(id, 'dossier/b.txt'))).toBe(false);
    expect(await service().storage.deleteBucket(id)).toEqual({ data: { message: 'Successfully deleted' }, error: null });
    expect((await service().storage.getBucket(id)).error).toMatchObject({ status: 404 });
  });

  it('an owner may neither update, empty nor delete a bucket', async () => {
    const owner = await ownerWithRestaurant('bucket-calls');
    const name = `${owner.restaurantId}/salle.png`;
    expect((await owner.photos.upload(name, png(), { contentType: 'image/png' })).error).toBeNull();
    const before = (await service().storage.getBucket(PHOTO_BUCKET)).data;
    expect((await owner.client.storage.updateBucket(PHOTO_BUCKET, { public: false, fileSizeLimit: '1gb' })).error).not.toBeNull();
    await owner.client.storage.emptyBucket(PHOTO_BUCKET);
    expect((await owner.client.storage.deleteBucket(PHOTO_BUCKET)).error).not.toBeNull();
    expect((await anon().storage.updateBucket(PHOTO_BUCKET, { public: false })).error).not.toBeNull();
    expect((await service().storage.getBucket(PHOTO_BUCKET)).data).toEqual(before);
    expect(await objectRow(PHOTO_BUCKET, name)).toBeDefined();
  });
});

describe('storage: listV2', () => {
  it('lists whole names, folders apart with the delimiter, page by page with the cursor', async () => {
    const bucket = await newBucket('liste');
    const files = service().storage.from(bucket);
    for (const name of ['a.txt', 'b.txt', 'dossier/1.txt', 'dossier/sous/2.txt', 'autre/3.txt', 'dossier/4.txt']) {
      expect((await files.upload(name, name)).error).toBeNull();
    }
    const flat = await files.listV2();
    expect(flat.error).toBeNull();
    expect(flat.data!.objects.map((o) => o.name)).toEqual(['a.txt', 'autre/3.txt', 'b.txt', 'dossier/1.txt', 'dossier/4.txt', 'dossier/sous/2.txt']);
    expect(flat.data!.folders).toEqual([]);
    expect(flat.data!.hasNext).toBe(false);
    expect(flat.data!.objects[0]).toMatchObject({ id: expect.any(String), metadata: expect.objectContaining({ size: 5 }) });

    const top = await files.listV2({ with_delimiter: true });
    expect(top.data!.folders.map((f) => f.name)).toEqual(['autre/', 'dossier/']);
    expect(top.data!.objects.map((o) => o.name)).toEqual(['a.txt', 'b.txt']);
    const inside = await files.listV2({ prefix: 'dossier/', with_delimiter: true, sortBy: { column: 'name', order: 'desc' } });
    expect(inside.data!.folders.map((f) => f.name)).toEqual(['dossier/sous/']);
    expect(inside.data!.objects.map((o) => o.name)).toEqual(['dossier/4.txt', 'dossier/1.txt']);

    const names: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const { data, error } = await files.listV2({ limit: 4, cursor });
      expect(error).toBeNull();
      names.push(...data!.objects.map((o) => o.name));
      if (!data!.hasNext) break;
      cursor = data!.nextCursor;
    }
    expect(names).toEqual(flat.data!.objects.map((o) => o.name));
    expect((await files.listV2({ cursor: 'pas-un-curseur' })).error).toMatchObject({ status: 400 });
  });

  it('follows the select policies: another owner sees nothing of a restaurant folder', async () => {
    const owner = await ownerWithRestaurant('list-v2');
    const intruder = await ownerWithRestaurant('list-v2-intruder');
    expect((await owner.photos.upload(`${owner.restaurantId}/salle.png`, png(), { contentType: 'image/png' })).error).toBeNull();
    expect((await owner.photos.listV2({ prefix: `${owner.restaurantId}/` })).data!.objects.map((o) => o.name)).toEqual([`${owner.restaurantId}/salle.png`]);
    expect((await intruder.photos.listV2({ prefix: `${owner.restaurantId}/` })).data).toEqual({ hasNext: false, folders: [], objects: [] });
    expect((await intruder.photos.listV2({ with_delimiter: true })).data!.folders.map((f) => f.name)).not.toContain(`${owner.restaurantId}/`);
  });
});
