import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import proxy from '@fastify/http-proxy';
import type { StackConfig } from './config';
import { loadOrCreateKeys, type StackKeys } from './keys';
import { startDatabase, type Database } from './postgres';
import { migrate, type MigrationReport } from './migrate';
import { startPostgrest, type PostgrestProcess } from './postgrest';
import { authRoutes } from './auth';
import { storageRoutes } from './storage';
import { assertPortFree } from './ports';
import { StartupError } from './errors';

export interface RunningStack {
  url: string;
  dbUrl: string;
  keys: StackKeys;
  migrations: MigrationReport;
  stop(): Promise<void>;
}

/** Headers the browser must be allowed to read: the API version (auth error codes) and Content-Range (PostgREST counts). */
const EXPOSED_HEADERS = ['x-supabase-api-version', 'content-range', 'content-profile', 'content-location', 'location'];

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
  await db.pool.query("update public.restaurant_photos set url = replace(url, 'http://localhost:54321/', $1) where url like 'http://localhost:54321/%'", [
    `${publicUrl}/`,
  ]);
}

function buildApp(config: StackConfig, keys: StackKeys, db: Database, postgrestUrl: string, publicUrl: string, storageDir: string): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, trustProxy: false });
  app.register(cors, {
    origin: config.corsOrigins === '*' ? true : config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 3600,
  });
  app.register(
    async (rest) => {
      // supabase-js always sends a Bearer token; a bare `apikey` (curl) is used as one, as Supabase's gateway does.
      rest.addHook('onRequest', async (req) => {
        if (!req.headers.authorization && typeof req.headers.apikey === 'string') req.headers.authorization = `Bearer ${req.headers.apikey}`;
      });
      await rest.register(proxy, { upstream: postgrestUrl, prefix: '/rest/v1', rewritePrefix: '' });
    },
  );
  app.register(authRoutes(config, db.pool, keys.jwtSecret, publicUrl), { prefix: '/auth/v1' });
  app.register(storageRoutes(db.pool, keys.jwtSecret, storageDir), { prefix: '/storage/v1' });
  app.get('/', async () => ({ name: 'local-supabase', rest: '/rest/v1', auth: '/auth/v1', storage: '/storage/v1' }));
  return app;
}

/** Starts PostgreSQL (or uses DATABASE_URL), migrates and seeds it, starts PostgREST and serves one Supabase-compatible origin. */
export async function startStack(config: StackConfig, log: (line: string) => void = console.log): Promise<RunningStack> {
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((err) => log(`arrêt : ${String(err)}`));
    stops.length = 0;
  };
  try {
    await assertPortFree(config.port, 'API local-supabase');
    ensureDataDir(config.dataDir);
    const keys = loadOrCreateKeys(config.dataDir);
    const db = await startDatabase(config, log);
    stops.push(() => db.stop());
    const migrations = await migrate(db.pool, config.supabaseDir, keys, config.seed);
    const storageDir = path.join(config.dataDir, 'storage');
    fs.mkdirSync(storageDir, { recursive: true });
    const url = `http://localhost:${config.port}`;
    if (migrations.seeded) await copySeedStorage(db, config.supabaseDir, storageDir, url);
    const postgrest = await startPostgrest(config, keys, db.url, log);
    stops.push(() => postgrest.stop());
    const app = buildApp(config, keys, db, postgrest.url, url, storageDir);
    await app.listen({ port: config.port, host: '0.0.0.0' });
    stops.push(() => app.close());
    return { url, dbUrl: db.url, keys, migrations, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

export type { PostgrestProcess };
