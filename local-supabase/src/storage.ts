import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { DatabaseError, type Pool, type PoolClient } from 'pg';
import { bearerClaims, type Claims } from './jwt';
import { sniffImageType } from './sniff';
import { lenientJson } from './json-body';
import { invalidObjectName, type ObjectFiles } from './object-files';
import { databaseFailure, HttpFailure, storageError } from './storage-errors';
import { mediaType, receiveUpload } from './storage-upload';
import { listV2, LIST_V2_BODY_SCHEMA, type ListV2Body } from './storage-list-v2';
import { bucketRoutes, type BucketRow } from './storage-buckets';
import { objectName, objectRoutes } from './storage-objects';
import { signDownload, signUpload, UploadGrants, verifyDownload } from './storage-signed';
import { inTransaction } from './transaction';
import { databaseUnavailable, DATABASE_UNAVAILABLE_MESSAGE, unavailable } from './database-unavailable';

export { storageError } from './storage-errors';

/**
 * Supabase Storage's calls that supabase-js makes. Here: the plugin (parsers, error shape, routes),
 * upload, download (public, authenticated, signed), remove, list, and signed URLs; beside it:
 * storage-upload.ts (reading an upload), storage-objects.ts (move, copy, info), storage-list-v2.ts,
 * storage-buckets.ts, storage-signed.ts (tokens). Object rows live in `storage.objects` and every call
 * runs as the caller's role with its JWT claims, so the migrations' RLS policies decide, as on hosted
 * Supabase. File bytes are kept by ObjectFiles (object-files.ts).
 */

/** Hard ceiling on any request body; each bucket's own file_size_limit is checked below it. */
const MAX_BODY_BYTES = 60 * 1024 * 1024;

type Bucket = BucketRow;

/** The list call's body, checked by Fastify (ajv) as hosted Supabase checks it: integers are coerced from strings, "abc" is refused. */
const LIST_BODY_SCHEMA = {
  type: 'object',
  properties: {
    prefix: { type: 'string' },
    limit: { type: 'integer', minimum: 1 },
    offset: { type: 'integer', minimum: 0 },
  },
} as const;
/** First segments of Storage's own routes: never read as a bucket name by the catch-all routes. */
const RESERVED_SEGMENTS = new Set(['sign', 'upload', 'list', 'list-v2', 'info', 'move', 'copy', 'public', 'authenticated']);

const LIST_FIELD_RULES: Record<string, string> = {
  prefix: 'un texte est attendu',
  limit: 'un nombre entier d’au moins 1 est attendu',
  offset: 'un nombre entier positif ou nul est attendu',
  cursor: 'un texte est attendu',
  with_delimiter: 'vrai ou faux est attendu',
  sortBy: 'un objet { column, order } est attendu',
  'sortBy/column': '« name », « updated_at » ou « created_at » est attendu',
  'sortBy/order': '« asc » ou « desc » est attendu',
};

export function storageRoutes(pool: Pool, jwtSecret: string, files: ObjectFiles) {
  const uploadGrants = new UploadGrants();
  async function bucketById(id: string): Promise<Bucket | undefined> {
    const { rows } = await pool.query<Bucket>('select * from storage.buckets where id = $1', [id]);
    return rows[0];
  }

  function callerClaims(req: FastifyRequest): Claims {
    const claims = bearerClaims(req.headers, jwtSecret);
    if (!claims) throw new HttpFailure(400, 'Unauthorized', 'invalid signature');
    return claims;
  }

  /** Runs `work` in a transaction as the caller's database role, with its claims visible to auth.uid(). */
  async function asCaller<T>(claims: Claims, work: (client: PoolClient) => Promise<T>, beforeCommit?: (result: T) => Promise<void>): Promise<T> {
    return inTransaction(pool, async (client) => {
      await client.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [claims.role, JSON.stringify(claims)]);
      const result = await work(client);
      if (beforeCommit) await beforeCommit(result);
      return result;
    });
  }

  /** The catch-all routes' first segment is a bucket; the API's own words there mean a route that does not exist. */
  function notRoute(req: FastifyRequest, bucketId: string) {
    if (RESERVED_SEGMENTS.has(bucketId)) throw new HttpFailure(404, 'not_found', `Route inexistante : ${req.method} ${req.url.split('?')[0]}.`);
  }

  async function upload(req: FastifyRequest, reply: FastifyReply, upsert: boolean) {
    const { bucket: bucketId, '*': rawName } = req.params as { bucket: string; '*': string };
    notRoute(req, bucketId);
    const stored = await storeUpload(req, callerClaims(req), bucketId, objectName(rawName), upsert);
    return reply.send(stored);
  }

  /** Stores the upload of `req` as `claims` (the caller's, or a signed upload URL's signer's). */
  async function storeUpload(req: FastifyRequest, claims: Claims, bucketId: string, name: string, upsert: boolean): Promise<{ Id: string; Key: string }> {
    const bucket = await bucketById(bucketId);
    if (!bucket) throw new HttpFailure(404, 'Bucket not found', 'Bucket not found');
    // The bucket's limits are enforced here, whatever the browser checked; the body is read no further than the limit.
    const limit = bucket.file_size_limit === null ? MAX_BODY_BYTES : Math.min(Number(bucket.file_size_limit), MAX_BODY_BYTES);
    const file = await receiveUpload(req, files.dir, limit);
    try {
      const type = mediaType(file.contentType);
      // Hosted Storage's wildcards: 'image/*' takes every image type.
      if (bucket.allowed_mime_types?.length && !bucket.allowed_mime_types.some((allowed) => allowed === type || (allowed.endsWith('/*') && type.startsWith(allowed.slice(0, -1))))) {
        throw new HttpFailure(415, 'invalid_mime_type', `mime type ${type} is not supported`);
      }
      // Stricter than hosted Supabase: an image's bytes must match its declared type (a .txt renamed .png is refused).
      if (type.startsWith('image/') && sniffImageType(file.head) !== type) {
        throw new HttpFailure(415, 'invalid_mime_type', `file content does not match mime type ${type}`);
      }
      const target = files.path(bucket.id, name);
      const metadata = {
        size: file.size,
        mimetype: file.contentType,
        cacheControl: `max-age=${file.cacheControl}`,
        lastModified: new Date().toISOString(),
        contentLength: file.size,
        eTag: `"${file.md5}"`,
        httpStatusCode: 200,
      };
      // One task at a time per object: the file and its row land together, never under a late deletion.
      const row = await files.exclusive(bucket.id, name, () =>
        asCaller(
          claims,
          async (client) => {
            const sql = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
                         values ($1, $2, $3, $4, $5, $6, gen_random_uuid()::text)
                         ${upsert ? 'on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now(), owner = excluded.owner, owner_id = excluded.owner_id' : ''}
                         returning id`;
            const { rows } = await client.query<{ id: string }>(sql, [bucket.id, name, claims.sub ?? null, claims.sub ?? null, metadata, file.userMetadata ?? null]);
            return rows[0];
          },
          // The bytes take their place only after the row was accepted (RLS, uniqueness): a refused write leaves no file.
          async () => {
            await fs.promises.mkdir(path.dirname(target), { recursive: true });
            await fs.promises.rename(file.temp, target);
          },
        ),
      );
      return { Id: row.id, Key: `${bucket.id}/${name}` };
    } finally {
      await fs.promises.rm(file.temp, { force: true });
    }
  }

  /** Serves an object only while its row exists, as hosted Supabase does, whatever is left on disk. */
  async function download(req: FastifyRequest, reply: FastifyReply, access: 'public' | 'authenticated' | 'signed') {
    const { bucket: bucketId, '*': rawName } = req.params as { bucket: string; '*': string };
    if (access === 'authenticated') notRoute(req, bucketId);
    const name = objectName(rawName);
    const query = req.query as { token?: string; download?: string };
    const lookup = 'select metadata from storage.objects where bucket_id = $1 and name = $2';
    type Row = { metadata: { mimetype?: string; cacheControl?: string } | null };
    let row: Row | undefined;
    if (access === 'public') {
      const bucket = await bucketById(bucketId);
      if (!bucket || !bucket.public) throw new HttpFailure(400, 'Bucket not found', 'Bucket not found');
      row = (await pool.query<Row>(lookup, [bucket.id, name])).rows[0];
    } else if (access === 'signed') {
      // The signature stands for the signer's right to read, checked when it was made.
      verifyDownload(jwtSecret, query.token, `${bucketId}/${name}`);
      row = (await pool.query<Row>(lookup, [bucketId, name])).rows[0];
    } else {
      // The caller's select policies decide what it may read.
      row = await asCaller(callerClaims(req), async (client) => (await client.query<Row>(lookup, [bucketId, name])).rows[0]);
    }
    // Streamed from an open handle: never held whole in memory, and a file removed meanwhile still reads whole.
    const handle = row && (await fs.promises.open(files.path(bucketId, name)).catch(() => undefined));
    if (!row || !handle) throw new HttpFailure(404, 'not_found', 'Object not found');
    const { size } = await handle.stat();
    const data = handle.createReadStream();
    if (query.download !== undefined) {
      const filename = query.download || name.split('/').pop()!;
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`);
    }
    return reply
      .header('content-type', row.metadata?.mimetype ?? 'application/octet-stream')
      .header('cache-control', row.metadata?.cacheControl ?? 'max-age=3600')
      .header('content-length', size)
      .send(data);
  }

  async function remove(req: FastifyRequest, reply: FastifyReply) {
    const { bucket: bucketId } = req.params as { bucket: string };
    const claims = callerClaims(req);
    const prefixes = (req.body as { prefixes?: unknown } | undefined)?.prefixes;
    if (!Array.isArray(prefixes) || !prefixes.every((p) => typeof p === 'string')) {
      throw new HttpFailure(400, 'Invalid request', 'body must have required property prefixes');
    }
    const names = (prefixes as string[]).map(objectName);
    // RLS silently leaves out rows the caller may not delete, as on hosted Supabase.
    const deleted = await asCaller(claims, async (client) => {
      const { rows } = await client.query('delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *', [bucketId, names]);
      return rows as { name: string }[];
    });
    await Promise.all(deleted.map((row) => files.removeIfRowGone(bucketId, row.name)));
    return reply.send(deleted);
  }

  async function list(req: FastifyRequest, reply: FastifyReply) {
    const { bucket: bucketId } = req.params as { bucket: string };
    const claims = callerClaims(req);
    const body = (req.body ?? {}) as { prefix?: string; limit?: number; offset?: number };
    const prefix = (body.prefix ?? '').replace(/\/?$/, body.prefix ? '/' : '');
    const rows = await asCaller(claims, async (client) => {
      // starts_with, not LIKE: a `%` or `_` in the prefix is a character like any other.
      const result = await client.query(
        `select id, name, created_at, updated_at, last_accessed_at, metadata from storage.objects
          where bucket_id = $1 and starts_with(name, $2) order by name limit $3 offset $4`,
        [bucketId, prefix, Math.min(body.limit ?? 100, 1000), body.offset ?? 0],
      );
      return result.rows as { name: string }[];
    });
    return reply.send(rows.map((r) => ({ ...r, name: r.name.slice(prefix.length) })));
  }

  /** `expiresIn` of a signing call: whole seconds, at least one. */
  function expiresInOf(body: unknown): number {
    const expiresIn = Number((body as { expiresIn?: unknown } | undefined)?.expiresIn);
    if (!Number.isInteger(expiresIn) || expiresIn < 1) throw new HttpFailure(400, 'invalid_request', 'Paramètre « expiresIn » invalide : un nombre entier de secondes, au moins 1, est attendu.');
    return expiresIn;
  }

  /** The names among `names` that the caller's select policies let it see. */
  async function visibleNames(claims: Claims, bucketId: string, names: string[]): Promise<Set<string>> {
    const rows = await asCaller(
      claims,
      async (c) => (await c.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucketId, names])).rows,
    );
    return new Set(rows.map((r) => r.name));
  }

  const signedPath = (bucketId: string, name: string, token: string) => `/object/sign/${bucketId}/${name}?token=${token}`;

  /** POST /object/sign/<bucket>/<name> {expiresIn}: a signed download URL, for an object the caller may read. */
  async function signOne(req: FastifyRequest, reply: FastifyReply) {
    const { bucket: bucketId, '*': rawName } = req.params as { bucket: string; '*': string };
    const claims = callerClaims(req);
    const name = objectName(rawName);
    const expiresIn = expiresInOf(req.body);
    if (!(await visibleNames(claims, bucketId, [name])).has(name)) throw new HttpFailure(404, 'not_found', 'Object not found');
    return reply.send({ signedURL: signedPath(bucketId, name, signDownload(jwtSecret, `${bucketId}/${name}`, expiresIn)) });
  }

  /** POST /object/sign/<bucket> {expiresIn, paths}: one answer per path, an error for those the caller may not read. */
  async function signMany(req: FastifyRequest, reply: FastifyReply) {
    const { bucket: bucketId } = req.params as { bucket: string };
    const claims = callerClaims(req);
    const expiresIn = expiresInOf(req.body);
    const paths = (req.body as { paths?: unknown }).paths;
    if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string'))
      throw new HttpFailure(400, 'invalid_request', 'Paramètre « paths » invalide : une liste de noms d’objets est attendue.');
    const visible = await visibleNames(
      claims,
      bucketId,
      (paths as string[]).filter((p) => !invalidObjectName(p)),
    );
    return reply.send(
      (paths as string[]).map((name) =>
        visible.has(name)
          ? { error: null, path: name, signedURL: signedPath(bucketId, name, signDownload(jwtSecret, `${bucketId}/${name}`, expiresIn)) }
          : { error: 'Either the object does not exist or you do not have access to it', path: name, signedURL: null },
      ),
    );
  }

  /**
   * POST /object/upload/sign/<bucket>/<name>: a signed upload URL, made only if the caller may write
   * that object now (its insert is tried, then undone, as hosted Storage does).
   */
  async function signUploadUrl(req: FastifyRequest, reply: FastifyReply) {
    const { bucket: bucketId, '*': rawName } = req.params as { bucket: string; '*': string };
    const claims = callerClaims(req);
    const name = objectName(rawName);
    const upsert = req.headers['x-upsert'] === 'true';
    if (!(await bucketById(bucketId))) throw new HttpFailure(404, 'Bucket not found', 'Bucket not found');
    await asCaller(claims, async (c) => {
      await c.query('savepoint try_upload');
      await c.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3, $4)
         ${upsert ? 'on conflict (bucket_id, name) do update set updated_at = now()' : ''}`,
        [bucketId, name, claims.sub ?? null, claims.sub ?? null],
      );
      await c.query('rollback to savepoint try_upload');
    });
    // The token is readable by whoever holds the URL: it carries what the policies may use, not the signer's e-mail or session.
    const { exp: _exp, iat: _iat, email: _email, phone: _phone, session_id: _session, user_metadata: _userMetadata, ...signer } = claims;
    const token = signUpload(jwtSecret, `${bucketId}/${name}`, upsert, signer);
    return reply.send({ url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token });
  }

  /** PUT /object/upload/sign/<bucket>/<name>?token=…: one upload, as the URL's signer, under the policies of now. */
  async function uploadToSignedUrl(req: FastifyRequest, reply: FastifyReply) {
    const { bucket: bucketId, '*': rawName } = req.params as { bucket: string; '*': string };
    const name = objectName(rawName);
    const grant = uploadGrants.verify(jwtSecret, (req.query as { token?: string }).token, `${bucketId}/${name}`);
    uploadGrants.take(grant);
    try {
      const stored = await storeUpload(req, grant.claims, bucketId, name, grant.upsert);
      return reply.send({ Key: stored.Key, Id: stored.Id });
    } catch (err) {
      uploadGrants.giveBack(grant);
      throw err;
    }
  }

  return async function plugin(app: FastifyInstance) {
    lenientJson(app);
    app.setErrorHandler((err: Error & { statusCode?: number; code?: string; validation?: { instancePath: string }[] }, _req, reply) => {
      const failure = err instanceof DatabaseError ? databaseFailure(err) : err;
      if (failure instanceof HttpFailure) return storageError(reply, failure.status, failure.error, failure.message);
      if (err.validation) {
        const field = err.validation[0]?.instancePath.replace(/^\//, '') ?? '';
        return storageError(reply, 400, 'invalid_request', `Paramètre « ${field} » invalide : ${LIST_FIELD_RULES[field] ?? 'valeur refusée'}.`);
      }
      if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413) {
        return storageError(reply, 413, 'Payload too large', 'La requête dépasse la taille maximale permise.');
      }
      if (err.statusCode && err.statusCode < 500) return storageError(reply, err.statusCode, 'Invalid request', err.message);
      if (databaseUnavailable(err)) return unavailable(reply, DATABASE_UNAVAILABLE_MESSAGE);
      app.log.error(err);
      return storageError(reply, 500, 'Internal', 'Internal Server Error');
    });

    app.setNotFoundHandler((req, reply) => storageError(reply, 404, 'not_found', `Route inexistante : ${req.method} ${req.url.split('?')[0]}.`));
    app.post('/object/list/:bucket', { schema: { body: LIST_BODY_SCHEMA } }, list);
    app.post('/object/list-v2/:bucket', { schema: { body: LIST_V2_BODY_SCHEMA } }, async (req, reply) => {
      const { bucket: bucketId } = req.params as { bucket: string };
      return reply.send(await asCaller(callerClaims(req), (c) => listV2(c, bucketId, req.body as ListV2Body)));
    });
    app.post('/object/sign/:bucket/*', signOne);
    app.post('/object/sign/:bucket', signMany);
    app.get('/object/sign/:bucket/*', (req, reply) => download(req, reply, 'signed'));
    app.post('/object/upload/sign/:bucket/*', signUploadUrl);
    objectRoutes(app, { pool, files, callerClaims, asCaller, bucketById });
    app.get('/object/public/:bucket/*', (req, reply) => download(req, reply, 'public'));
    // supabase-js's download() asks /object/<bucket>/<name>; Storage also has the explicit form.
    app.get('/object/authenticated/:bucket/*', (req, reply) => download(req, reply, 'authenticated'));
    app.get('/object/:bucket/*', (req, reply) => download(req, reply, 'authenticated'));
    await app.register(async (uploads) => {
      // Every body of an upload is left unread for receiveUpload (storage-upload.ts), whatever its
      // content type: Fastify's JSON and text parsers would otherwise take it (and store 0 bytes).
      uploads.removeAllContentTypeParsers();
      uploads.addContentTypeParser('*', (_req, _payload, done) => done(null));
      await uploads.register(multipart, { limits: { fileSize: MAX_BODY_BYTES, files: 1 } });
      uploads.post('/object/:bucket/*', (req, reply) => upload(req, reply, req.headers['x-upsert'] === 'true'));
      uploads.put('/object/:bucket/*', (req, reply) => upload(req, reply, true));
      uploads.put('/object/upload/sign/:bucket/*', uploadToSignedUrl);
    });
    app.delete('/object/:bucket', remove);

    bucketRoutes(app, { callerClaims, asCaller, files });
  };
}
