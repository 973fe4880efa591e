import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DatabaseError, type PoolClient } from 'pg';
import type { Claims } from './jwt';
import type { ObjectFiles } from './object-files';
import { HttpFailure } from './storage-errors';
import { sizeLimitBytes } from './storage-signed';

/**
 * Storage's bucket calls (list, get, create, update, empty, delete), each run as the caller's role:
 * storage.buckets' RLS decides (no policy grants it to anon or authenticated, so only the service
 * role manages buckets, as on hosted Supabase).
 */

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

/** A bucket with hosted Supabase's fields only (pg reads bigint as a string): GET /bucket/{id}'s columns. */
export function bucketJson(b: BucketRow) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner,
    public: b.public,
    file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
    allowed_mime_types: b.allowed_mime_types,
    created_at: b.created_at,
    updated_at: b.updated_at,
  };
}

/** A bucket as GET /bucket lists it: its columns and its `type` (a standard bucket: Storage also has analytics ones). */
const listedBucketJson = (b: BucketRow) => ({ ...bucketJson(b), type: 'STANDARD' });

const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at';

interface BucketContext {
  callerClaims(req: FastifyRequest): Claims;
  asCaller<T>(claims: Claims, work: (client: PoolClient) => Promise<T>): Promise<T>;
  files: ObjectFiles;
}

type BucketBody = { id?: unknown; name?: unknown; public?: unknown; file_size_limit?: unknown; allowed_mime_types?: unknown };

function mimeTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && /^[\w.+-]+\/(\*|[\w.+-]+)$/.test(v))) {
    throw new HttpFailure(400, 'invalid_request', 'Paramètre « allowed_mime_types » invalide : une liste de types comme « image/png » ou « image/* » est attendue.');
  }
  return value as string[];
}

function publicFlag(value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw new HttpFailure(400, 'invalid_request', 'Paramètre « public » invalide : vrai ou faux est attendu.');
  return value;
}

const notFound = () => new HttpFailure(404, 'Bucket not found', 'Bucket not found');

export function bucketRoutes(app: FastifyInstance, ctx: BucketContext) {
  app.get('/bucket', async (req, reply) => {
    const rows = await ctx.asCaller(ctx.callerClaims(req), async (c) => (await c.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets order by id`)).rows);
    return reply.send(rows.map(listedBucketJson));
  });

  app.get('/bucket/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    const rows = await ctx.asCaller(ctx.callerClaims(req), async (c) => (await c.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows);
    if (!rows[0]) throw notFound();
    return reply.send(bucketJson(rows[0]));
  });

  app.post('/bucket', async (req, reply) => {
    const body = (req.body ?? {}) as BucketBody;
    const id = body.id ?? body.name;
    if (typeof id !== 'string' || !/^[A-Za-z0-9_!\-.*'() &$@=;:+,?]+$/.test(id) || id === '.' || id === '..' || id === '.tmp') {
      throw new HttpFailure(400, 'invalid_request', "Nom de compartiment invalide (permis : lettres sans accent, chiffres et _ ! - . * ' ( ) & $ @ = ; : + , ?).");
    }
    const values = [id, typeof body.name === 'string' ? body.name : id, publicFlag(body.public) ?? false, sizeLimitBytes(body.file_size_limit), mimeTypes(body.allowed_mime_types)];
    await ctx.asCaller(ctx.callerClaims(req), (c) => c.query('insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5)', values));
    return reply.send({ name: id });
  });

  // The fields sent are changed; those left out stay (null clears a limit), as hosted Storage does.
  app.put('/bucket/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    const body = (req.body ?? {}) as BucketBody;
    const sets: string[] = [];
    const values: unknown[] = [id];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (body.public !== undefined) set('public', publicFlag(body.public));
    if ('file_size_limit' in body) set('file_size_limit', sizeLimitBytes(body.file_size_limit));
    if ('allowed_mime_types' in body) set('allowed_mime_types', mimeTypes(body.allowed_mime_types));
    const { rowCount } = await ctx.asCaller(ctx.callerClaims(req), (c) => c.query(`update storage.buckets set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1`, values));
    if (!rowCount) throw notFound();
    return reply.send({ message: 'Successfully updated' });
  });

  // Every object the caller may delete goes, with its file (RLS leaves the others, as for remove).
  app.post('/bucket/:id/empty', async (req, reply) => {
    const { id } = req.params as { id: string };
    const deleted = await ctx.asCaller(ctx.callerClaims(req), async (c) => {
      if (!(await c.query('select 1 from storage.buckets where id = $1', [id])).rowCount) throw notFound();
      return (await c.query<{ name: string }>('delete from storage.objects where bucket_id = $1 returning name', [id])).rows;
    });
    await Promise.all(deleted.map((row) => ctx.files.removeIfRowGone(id, row.name)));
    return reply.send({ message: 'Successfully emptied' });
  });

  app.delete('/bucket/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    try {
      const { rowCount } = await ctx.asCaller(ctx.callerClaims(req), (c) => c.query('delete from storage.buckets where id = $1', [id]));
      if (!rowCount) throw notFound();
    } catch (err) {
      if (err instanceof DatabaseError && err.code === '23503') {
        throw new HttpFailure(409, 'InvalidRequest', 'Le compartiment n’est pas vide : videz-le avant de le supprimer.');
      }
      throw err;
    }
    return reply.send({ message: 'Successfully deleted' });
  });
}
