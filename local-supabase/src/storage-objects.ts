import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import type { Claims } from './jwt';
import { invalidObjectName, UPLOAD_DIR, type ObjectFiles } from './object-files';
import { HttpFailure } from './storage-errors';
import type { BucketRow } from './storage-buckets';

/**
 * Storage's calls on objects already stored: move, copy and info. Each runs as the caller (its
 * policies decide); the file follows its row, under both objects' locks (object-files.ts).
 */

export interface ObjectContext {
  pool: Pool;
  files: ObjectFiles;
  callerClaims(req: FastifyRequest): Claims;
  asCaller<T>(claims: Claims, work: (client: PoolClient) => Promise<T>, beforeCommit?: (result: T) => Promise<void>): Promise<T>;
  bucketById(id: string): Promise<BucketRow | undefined>;
}

export /** An object name from the URL (Fastify has already decoded it once) or a body: the same rules as hosted Supabase, and what a disk can hold. */
function objectName(name: string): string {
  const reason = invalidObjectName(name);
  if (reason) throw new HttpFailure(400, 'invalid_key', `Nom d’objet invalide : ${reason}.`);
  return name;
}

export function objectRoutes(app: FastifyInstance, ctx: ObjectContext) {
  const { pool, files, callerClaims, asCaller, bucketById } = ctx;

  /** The body of move and copy, as supabase-js sends it. */
  function moveBody(body: unknown) {
    const b = (body ?? {}) as Record<string, unknown>;
    for (const field of ['bucketId', 'sourceKey', 'destinationKey'] as const) {
      if (typeof b[field] !== 'string' || !b[field]) throw new HttpFailure(400, 'invalid_request', `Paramètre « ${field} » manquant ou invalide.`);
    }
    if (b.destinationBucket !== undefined && b.destinationBucket !== null && typeof b.destinationBucket !== 'string') {
      throw new HttpFailure(400, 'invalid_request', 'Paramètre « destinationBucket » invalide.');
    }
    const bucketId = b.bucketId as string;
    return {
      bucketId,
      source: objectName(b.sourceKey as string),
      destinationBucket: (b.destinationBucket as string | undefined) || bucketId,
      destination: objectName(b.destinationKey as string),
    };
  }

  /** Runs `work` holding both objects' locks, taken in one order so that two opposite moves cannot wait on each other. */
  function bothExclusive<T>(a: [string, string], b: [string, string], work: () => Promise<T>): Promise<T> {
    const [first, second] = [a, b].sort((x, y) => (x.join('/') < y.join('/') ? -1 : 1));
    if (first.join('/') === second.join('/')) return files.exclusive(first[0], first[1], work);
    return files.exclusive(first[0], first[1], () => files.exclusive(second[0], second[1], work));
  }

  /**
   * POST /object/move: the row is renamed as the caller (its update policy decides: USING for the
   * source, WITH CHECK for the destination), and the file follows it.
   */
  async function moveObject(req: FastifyRequest, reply: FastifyReply) {
    const claims = callerClaims(req);
    const m = moveBody(req.body);
    if (!(await bucketById(m.destinationBucket))) throw new HttpFailure(404, 'Bucket not found', 'Bucket not found');
    const from = files.path(m.bucketId, m.source);
    const to = files.path(m.destinationBucket, m.destination);
    await bothExclusive([m.bucketId, m.source], [m.destinationBucket, m.destination], async () => {
      let moved = false;
      try {
        await asCaller(
          claims,
          async (c) => {
            const { rowCount } = await c.query(
              `update storage.objects set bucket_id = $3, name = $4, updated_at = now(), version = gen_random_uuid()::text
                where bucket_id = $1 and name = $2`,
              [m.bucketId, m.source, m.destinationBucket, m.destination],
            );
            if (!rowCount) throw new HttpFailure(404, 'not_found', 'Object not found');
          },
          async () => {
            await fs.promises.mkdir(path.dirname(to), { recursive: true });
            await fs.promises.rename(from, to);
            moved = true;
          },
        );
      } catch (err) {
        if (moved) await fs.promises.rename(to, from).catch(() => undefined);
        throw err;
      }
    });
    return reply.send({ message: 'Successfully moved' });
  }

  /** POST /object/copy: the source is read as the caller (select policy), the copy written as the caller (insert policy; x-upsert to overwrite). */
  async function copyObject(req: FastifyRequest, reply: FastifyReply) {
    const claims = callerClaims(req);
    const m = moveBody(req.body);
    const upsert = req.headers['x-upsert'] === 'true';
    if (!(await bucketById(m.destinationBucket))) throw new HttpFailure(404, 'Bucket not found', 'Bucket not found');
    const to = files.path(m.destinationBucket, m.destination);
    const temp = path.join(files.dir, UPLOAD_DIR, randomUUID());
    try {
      const row = await bothExclusive([m.bucketId, m.source], [m.destinationBucket, m.destination], () =>
        asCaller(
          claims,
          async (c) => {
            const source = (
              await c.query<{ metadata: unknown; user_metadata: unknown }>('select metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2', [m.bucketId, m.source])
            ).rows[0];
            if (!source) throw new HttpFailure(404, 'not_found', 'Object not found');
            const { rows } = await c.query<{ id: string }>(
              `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
               values ($1, $2, $3, $4, $5, $6, gen_random_uuid()::text)
               ${upsert ? 'on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now(), owner = excluded.owner, owner_id = excluded.owner_id' : ''}
               returning id`,
              [m.destinationBucket, m.destination, claims.sub ?? null, claims.sub ?? null, source.metadata, source.user_metadata],
            );
            return rows[0];
          },
          async () => {
            await fs.promises.mkdir(path.dirname(temp), { recursive: true });
            await fs.promises.copyFile(files.path(m.bucketId, m.source), temp);
            await fs.promises.mkdir(path.dirname(to), { recursive: true });
            await fs.promises.rename(temp, to);
          },
        ),
      );
      return reply.send({ Id: row.id, Key: `${m.destinationBucket}/${m.destination}` });
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }

  /** GET /object/info/<bucket>/<name>: the object's description, as hosted Storage gives it, if the caller may read it. */
  /** GET /object/info/[authenticated/|public/]<bucket>/<name>: the public form needs no key, for a public bucket only. */
  async function objectInfo(req: FastifyRequest, reply: FastifyReply, access: 'public' | 'authenticated') {
    const { bucket: bucketId, '*': rawName } = req.params as { bucket: string; '*': string };
    const name = objectName(rawName);
    type Row = {
      id: string;
      name: string;
      bucket_id: string;
      version: string | null;
      created_at: Date;
      updated_at: Date;
      metadata: Record<string, unknown> | null;
      user_metadata: Record<string, unknown> | null;
    };
    const lookup = 'select id, name, bucket_id, version, created_at, updated_at, metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2';
    let row: Row | undefined;
    if (access === 'public') {
      const bucket = await bucketById(bucketId);
      if (!bucket || !bucket.public) throw new HttpFailure(400, 'Bucket not found', 'Bucket not found');
      row = (await pool.query<Row>(lookup, [bucketId, name])).rows[0];
    } else {
      row = await asCaller(callerClaims(req), async (c) => (await c.query<Row>(lookup, [bucketId, name])).rows[0]);
    }
    if (!row) throw new HttpFailure(404, 'not_found', 'Object not found');
    return reply.send({
      id: row.id,
      version: row.version,
      name: row.name,
      bucket_id: row.bucket_id,
      created_at: row.created_at,
      size: row.metadata?.size ?? null,
      cache_control: row.metadata?.cacheControl ?? null,
      content_type: row.metadata?.mimetype ?? null,
      etag: row.metadata?.eTag ?? null,
      last_modified: row.metadata?.lastModified ?? row.updated_at,
      metadata: row.user_metadata ?? {},
    });
  }

  app.post('/object/move', moveObject);
  app.post('/object/copy', copyObject);
  app.get('/object/info/:bucket/*', (req, reply) => objectInfo(req, reply, 'authenticated'));
  app.get('/object/info/authenticated/:bucket/*', (req, reply) => objectInfo(req, reply, 'authenticated'));
  app.get('/object/info/public/:bucket/*', (req, reply) => objectInfo(req, reply, 'public'));
}
