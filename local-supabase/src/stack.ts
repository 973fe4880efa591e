import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cors from '@fastify/cors';
import proxy from '@fastify/http-proxy';
import type { StackConfig } from './config';
import { loadOrCreateKeys, type StackKeys } from './keys';
import { startDatabase, type Database } from './postgres';
import { migrate, type MigrationReport } from './migrate';
import { startPostgrest, type PostgrestProcess } from './postgrest';
import { authRoutes } from './auth';
import { storageRoutes, storageError } from './storage';
import { ObjectFiles, UPLOAD_DIR, watchDeletedObjects } from './object-files';
import { assertPortFree } from './ports';
import { StartupError } from './errors';
import { startOrphanGuard } from './orphan-guard';
import { unavailable, type ReplyLike } from './database-unavailable';
import { linger } from './lingering-close';

export interface RunningStack {
  url: string;
  dbUrl: string;
  keys: StackKeys;
  migrations: MigrationReport;
  stop(): Promise<void>;
}

/** Headers the browser must be allowed to read: the API version (auth error codes) and Content-Range (PostgREST counts). */
const EXPOSED_HEADERS = ['x-supabase-api-version', 'content-range', 'content-profile', 'content-location', 'location'];

/** The largest request body, on every endpoint: Fastify's bodyLimit, and the one /rest/v1 reads before PostgREST gets it. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** An error in PostgREST's body shape, which supabase-js turns into its PostgrestError. */
function restError(reply: ReplyLike, status: number, code: string, message: string, details: string | null = null) {
  return reply.code(status).send({ code, message, details, hint: null });
}

/** While PostgREST restarts (or cannot be reached): 503, which clients retry, rather than a 500. */
function restUnavailable(reply: ReplyLike) {
  return unavailable(reply, 'L’API REST redémarre ; réessayez dans un instant.');
}

function ensureDataDir(dir: string) {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
    if (!fs.statSync(dir).isDirectory()) throw new Error('not a directory');
  } catch {
    throw new StartupError(`Le dossier de données ${dir} est inutilisable (création ou écriture impossible).`);
  }
}

/**
 * Copies the seed's storage files (supabase/seed/storage/<bucket>/<name>) next to the objects seed.sql
 * recorded, and points the seeded photo URLs (written for the default port) at this stack's address.
 */
async function copySeedStorage(db: Database, supabaseDir: string, storageDir: string, publicUrl: string) {
  const source = path.join(supabaseDir, 'seed', 'storage');
  if (fs.existsSync(source)) fs.cpSync(source, storageDir, { recursive: true, force: false });
  await db.pool.query("update public.restaurant_photos set url = replace(url, 'http://localhost:54321/', $1) where url like 'http://localhost:54321/%'", [`${publicUrl}/`]);
}

function buildApp(config: StackConfig, keys: StackKeys, db: Database, postgrest: PostgrestProcess, publicUrl: string, files: ObjectFiles): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
    // A path Fastify cannot decode (a lone `%`): answered in the shape of the API it was meant for.
    frameworkErrors: (error, req, frameworkReply) => {
      const reply = frameworkReply as FastifyReply;
      if (req.url.startsWith('/storage/')) return storageError(reply, 400, 'invalid_key', 'Nom d’objet invalide : l’adresse contient un « % » qui n’encode aucun caractère.');
      if (req.url.startsWith('/rest/')) return restError(reply, 400, 'invalid_request', 'Adresse invalide : elle contient un « % » qui n’encode aucun caractère.');
      return reply.code(400).send({ error: 'Bad Request', message: error.message });
    },
  });
  app.register(cors, {
    origin: config.corsOrigins === '*' ? true : config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 3600,
  });
  app.register(async (rest) => {
    // supabase-js always sends a Bearer token; a bare `apikey` (curl) is used as one, as Supabase's gateway does.
    rest.addHook('onRequest', async (req, reply) => {
      if (!postgrest.up) return restUnavailable(reply);
      if (!req.headers.authorization && typeof req.headers.apikey === 'string') req.headers.authorization = `Bearer ${req.headers.apikey}`;
    });
    // The whole body is read here first, up to the limit (Fastify answers 413 past it, counting the bytes
    // of a chunked body as they come), so PostgREST, which has no limit of its own, never sees a larger
    // one. It is then handed on as a stream, untouched, with the client's own headers.
    rest.removeAllContentTypeParsers();
    rest.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) => done(null, Readable.from([body])));
    rest.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
      if (err.statusCode === 413) {
        // Refused on its Content-Length before a byte was read, the client still sending: Fastify asks to
        // close the connection, which Node does as soon as the answer is written, and the client, writing
        // into a closed socket, gets EPIPE instead of the 413. The rest is read and dropped instead.
        reply.removeHeader('connection');
        linger(req);
        return restError(reply, 413, 'request_too_large', 'La requête dépasse la taille maximale de 1 Mo.', `Taille maximale : ${BODY_LIMIT_BYTES} octets.`);
      }
      if (err.statusCode && err.statusCode < 500) return restError(reply, err.statusCode, 'invalid_request', `Requête invalide : ${err.message}`);
      return restError(reply, 500, 'internal_error', 'Erreur interne de local-supabase.');
    });
    await rest.register(proxy, {
      upstream: postgrest.url,
      prefix: '/rest/v1',
      rewritePrefix: '',
      proxyPayloads: false,
      // PostgREST went away between the check above and the request (killed, restarting).
      replyOptions: { onError: (reply) => restUnavailable(reply) },
    });
  });
  app.register(authRoutes(config, db.pool, keys.jwtSecret, publicUrl), { prefix: '/auth/v1' });
  app.register(storageRoutes(db.pool, keys.jwtSecret, files), { prefix: '/storage/v1' });
  app.get('/', async () => ({ name: 'local-supabase', rest: '/rest/v1', auth: '/auth/v1', storage: '/storage/v1' }));
  return app;
}

/** Starts PostgreSQL (or uses DATABASE_URL), migrates and seeds it, starts PostgREST and serves one Supabase-compatible origin. */
export async function startStack(config: StackConfig, log: (line: string) => void = console.log): Promise<RunningStack> {
  const stops: (() => Promise<void>)[] = [];
  const guard = startOrphanGuard();
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((err) => log(`arrêt : ${String(err)}`));
    stops.length = 0;
    guard.close();
  };
  try {
    await assertPortFree(config.port, 'API local-supabase');
    ensureDataDir(config.dataDir);
    const keys = loadOrCreateKeys(config.dataDir);
    const db = await startDatabase(config, log, guard);
    stops.push(() => db.stop());
    const migrations = await migrate(db.pool, config.supabaseDir, keys, config.seed);
    const storageDir = path.join(config.dataDir, 'storage');
    fs.mkdirSync(storageDir, { recursive: true });
    const url = `http://localhost:${config.port}`;
    if (migrations.seeded) await copySeedStorage(db, config.supabaseDir, storageDir, url);
    // Uploads interrupted by a previous stop; then the files of rows deleted since (by a migration, or while stopped) go.
    fs.rmSync(path.join(storageDir, UPLOAD_DIR), { recursive: true, force: true });
    const files = new ObjectFiles(storageDir, db.pool);
    const deletions = await watchDeletedObjects(db.url, files, log);
    stops.push(() => deletions.stop());
    const postgrest = await startPostgrest(config, keys, db.url, log, guard);
    stops.push(() => postgrest.stop());
    const app = buildApp(config, keys, db, postgrest, url, files);
    await app.listen({ port: config.port, host: '0.0.0.0' });
    stops.push(() => app.close());
    return { url, dbUrl: db.url, keys, migrations, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

export type { PostgrestProcess };
