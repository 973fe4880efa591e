import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { env, service, withDb } from '../clients';
import { until } from '../until';

/**
 * What an upload stores: exactly the bytes sent, whatever their content type, read no further than
 * the bucket's limit (issue 32, items 1, 2 and 11).
 */

const storedFile = (bucket: string, name: string) => path.join(process.env.TEST_DATA_DIR!, 'storage', bucket, ...name.split('/'));
const objectRow = (bucket: string, name: string) =>
  withDb(async (db) => (await db.query('select name, metadata from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).rows[0]);
const serviceHeaders = () => ({ apikey: env.serviceRoleKey, authorization: `Bearer ${env.serviceRoleKey}` });

async function newBucket(label: string, options: { fileSizeLimit?: number } = {}): Promise<string> {
  const id = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const { error } = await service().storage.createBucket(id, { public: false, ...options });
  if (error) throw error;
  return id;
}

/** A raw HTTP upload written by hand, chunk by chunk, to see when the server answers. */
function rawUpload(
  url: string,
  headers: Record<string, string>,
  chunks: { size: number; count: number },
): Promise<{ status: number; body: { statusCode: string; error: string; message: string }; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), sentBytes }));
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const chunk = Buffer.alloc(chunks.size, 0x61);
    let written = 0;
    const writeNext = () => {
      // Stops sending as soon as the answer came: a server that waited for the whole body would never answer.
      if (answered || written === chunks.count) return void (answered ? req.destroy() : undefined);
      written += 1;
      sentBytes += chunk.length;
      req.write(chunk, () => setImmediate(writeNext));
    };
    writeNext();
  });
}

describe('storage: an upload stores exactly the bytes sent, whatever the content type', () => {
  it('supabase-js: a string (text/plain;charset=UTF-8 by default) and a Buffer, downloaded back byte-exact', async () => {
    const bucket = await newBucket('texte');
    const files = service().storage.from(bucket);
    const text = 'Bonjour, été 2026 : ceci est un texte — avec des accents.\n';
    expect((await files.upload('notes/bonjour.txt', text)).error).toBeNull();
    const bytes = Buffer.from([0, 1, 2, 0x7b, 0x22, 0xff, 0xfe, 10, 13]);
    expect((await files.upload('notes/octets.bin', bytes, { contentType: 'text/plain' })).error).toBeNull();

    const first = await files.download('notes/bonjour.txt');
    expect(first.error).toBeNull();
    expect(Buffer.from(await first.data!.arrayBuffer()).toString('utf8')).toBe(text);
    expect(first.data!.type).toBe('text/plain;charset=utf-8');
    expect((await objectRow(bucket, 'notes/bonjour.txt')).metadata).toMatchObject({ size: Buffer.byteLength(text), mimetype: 'text/plain;charset=UTF-8' });

    const second = await files.download('notes/octets.bin');
    expect(Buffer.from(await second.data!.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a 3 MB multipart Blob (over the API’s 1 MB body limit) is stored whole; exists() and a HEAD answer without the body', async () => {
    const bucket = await newBucket('gros-blob');
    const files = service().storage.from(bucket);
    const bytes = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    expect((await files.upload('gros.bin', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }))).error).toBeNull();
    expect(fs.readFileSync(storedFile(bucket, 'gros.bin')).equals(bytes)).toBe(true);
    expect(await files.exists('gros.bin')).toMatchObject({ data: true });
    expect(await files.exists('absent.bin')).toMatchObject({ data: false });
    const head = await fetch(`${env.url}/storage/v1/object/${bucket}/gros.bin`, { method: 'HEAD', headers: serviceHeaders() });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
  });

  it('raw fetch with application/json: the JSON text is stored as sent, not parsed', async () => {
    const bucket = await newBucket('json');
    const body = '{ "nom": "Chez Léon",\n  "couverts": 40 }';
    const res = await fetch(`${env.url}/storage/v1/object/${bucket}/config.json`, {
      method: 'POST',
      headers: { ...serviceHeaders(), 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    expect(fs.readFileSync(storedFile(bucket, 'config.json'), 'utf8')).toBe(body);
    const download = await fetch(`${env.url}/storage/v1/object/${bucket}/config.json`, { headers: serviceHeaders() });
    expect(download.headers.get('content-type')).toBe('application/json');
    expect(await download.text()).toBe(body);
  });
});

describe('storage: an upload is read no further than the bucket’s limit', () => {
  it('a declared Content-Length over the limit is refused with 413 before the body is read, and nothing is stored', async () => {
    const bucket = await newBucket('limite-cl', { fileSizeLimit: 1024 });
    const result = await rawUpload(
      `${env.url}/storage/v1/object/${bucket}/gros.bin`,
      { ...serviceHeaders(), 'content-type': 'application/octet-stream', 'content-length': String(16 * 1024 * 1024) },
      { size: 16 * 1024, count: 1024 },
    );
    expect(result.status).toBe(413);
    expect(result.body).toMatchObject({ statusCode: '413', error: 'Payload too large' });
    expect(result.body.message).toMatch(/^Le fichier dépasse la taille maximale/);
    // Sent: 16 MB if the server read it all; a few socket buffers when it stopped at 1 KB.
    expect(result.sentBytes).toBeLessThan(8 * 1024 * 1024);
    expect(await objectRow(bucket, 'gros.bin')).toBeUndefined();
    expect(fs.existsSync(storedFile(bucket, 'gros.bin'))).toBe(false);
  });

  it('a chunked body (no Content-Length) is counted as it comes and refused with 413 past the limit, and nothing is stored', async () => {
    const bucket = await newBucket('limite-chunked', { fileSizeLimit: 1024 });
    const result = await rawUpload(
      `${env.url}/storage/v1/object/${bucket}/gros.bin`,
      { ...serviceHeaders(), 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
      { size: 16 * 1024, count: 1024 },
    );
    expect(result.status).toBe(413);
    expect(result.body.message).toMatch(/^Le fichier dépasse la taille maximale/);
    // Sent: 16 MB if the server read it all; a few socket buffers when it stopped at 1 KB.
    expect(result.sentBytes).toBeLessThan(8 * 1024 * 1024);
    expect(await objectRow(bucket, 'gros.bin')).toBeUndefined();
    expect(fs.existsSync(storedFile(bucket, 'gros.bin'))).toBe(false);
    // Its temporary file goes too (others' uploads come and go in the same directory meanwhile).
    const tmp = path.join(process.env.TEST_DATA_DIR!, 'storage', '.tmp');
    const left = fs.readdirSync(tmp);
    await until(
      () => fs.readdirSync(tmp).filter((file) => left.includes(file)),
      (still) => still.length === 0,
      'temporary files of the refused upload removed',
    );
  });

  it('a multipart body whose declared length is over the limit (and what a form may add) is refused with 413 before it is read', async () => {
    const bucket = await newBucket('limite-form', { fileSizeLimit: 1024 });
    const result = await rawUpload(
      `${env.url}/storage/v1/object/${bucket}/gros.bin`,
      { ...serviceHeaders(), 'content-type': 'multipart/form-data; boundary=frontiere', 'content-length': String(16 * 1024 * 1024) },
      { size: 16 * 1024, count: 1024 },
    );
    expect(result.status).toBe(413);
    expect(result.body.message).toMatch(/^Le fichier dépasse la taille maximale/);
    expect(result.sentBytes).toBeLessThan(8 * 1024 * 1024);
    expect(await objectRow(bucket, 'gros.bin')).toBeUndefined();
  });

  it('supabase-js: a body over the limit gets 413 (Buffer and multipart Blob); one at the limit is stored', async () => {
    const bucket = await newBucket('limite-js', { fileSizeLimit: 1024 });
    const files = service().storage.from(bucket);
    const buffer = await files.upload('trop.bin', Buffer.alloc(1025, 1), { contentType: 'application/octet-stream' });
    expect(buffer.error).toMatchObject({ statusCode: '413' });
    const blob = await files.upload('trop-blob.bin', new Blob([new Uint8Array(4096)], { type: 'application/octet-stream' }));
    expect(blob.error).toMatchObject({ statusCode: '413' });
    expect(await objectRow(bucket, 'trop.bin')).toBeUndefined();
    expect(await objectRow(bucket, 'trop-blob.bin')).toBeUndefined();
    expect((await files.upload('juste.bin', Buffer.alloc(1024, 2), { contentType: 'application/octet-stream' })).error).toBeNull();
    expect(fs.statSync(storedFile(bucket, 'juste.bin')).size).toBe(1024);
  });
});

describe('storage: a malformed multipart upload is a 400 with a French message, never a 500', () => {
  it('multipart/form-data without a boundary', async () => {
    const bucket = await newBucket('multipart');
    const res = await fetch(`${env.url}/storage/v1/object/${bucket}/a.txt`, {
      method: 'POST',
      headers: { ...serviceHeaders(), 'content-type': 'multipart/form-data' },
      body: 'bonjour',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { statusCode: string; message: string };
    expect(body.statusCode).toBe('400');
    expect(body.message).toMatch(/^Formulaire multipart invalide/);
    expect(await objectRow(bucket, 'a.txt')).toBeUndefined();
  });
});
