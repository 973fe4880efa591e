/**
 * supabase/schemas/, the declared schema, against supabase/migrations/, what is applied everywhere:
 * both built in throw-away databases of one PostgreSQL server (each on Supabase's own roles and
 * schemas, local-supabase/sql/bootstrap.sql) and compared. `pnpm db:diff <name>` writes their
 * difference as a migration; local-supabase/test/integration/declarative-schema.test.ts fails on any.
 *
 * The difference is what @pgkit/migra (the npm port of migra, the differ of `supabase db diff`) gives,
 * privileges included, and the comments migra does not compare.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { run as migra } from '@pgkit/migra';

// Loaded by jest (CommonJS) and by tsx scripts run from the package (ES module, no __dirname).
const packageDir = typeof __dirname === 'string' ? path.resolve(__dirname, '..') : process.cwd();

export const SUPABASE_DIR = path.resolve(packageDir, '../supabase');
export const MIGRATIONS_DIR = path.join(SUPABASE_DIR, 'migrations');
export const SCHEMAS_DIR = path.join(SUPABASE_DIR, 'schemas');
const BOOTSTRAP = path.join(packageDir, 'sql/bootstrap.sql');

/** Supabase CLI naming: <version>_<name>.sql, applied in version order. */
export function migrationFiles(dir = MIGRATIONS_DIR): { version: string; name: string; file: string }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(f)!;
      return { version, name, file: path.join(dir, f) };
    });
}

/** The schema files, applied in the order of their names as the Supabase CLI applies its schema_paths. */
export function schemaFiles(dir = SCHEMAS_DIR): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => path.join(dir, f));
}

export interface SchemaDatabases {
  /** Superuser URLs of the two databases. */
  fromMigrations: string;
  fromSchemas: string;
  drop(): Promise<void>;
}

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

async function onClient<T>(url: string, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: url });
  // A connection ended by the server (the databases dropped after a failure) fails its query, not the process.
  db.on('error', () => undefined);
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** Runs each file whole, in one transaction per file (as migrate.ts applies a migration); names the file that fails. */
async function applyFiles(url: string, files: string[]): Promise<void> {
  await onClient(url, async (db) => {
    for (const file of files) {
      const sql = fs.readFileSync(file, 'utf8');
      try {
        await db.query(`begin;${sql}\n;commit;`);
      } catch (err) {
        await db.query('rollback');
        // PostgreSQL gives the character where the failing statement went wrong: say its line.
        const at = Number((err as { position?: string }).position) - 'begin;'.length;
        const line = at > 0 ? `:${sql.slice(0, at).split('\n').length}` : '';
        throw new Error(`${path.relative(SUPABASE_DIR, file)}${line} : ${(err as Error).message}`);
      }
    }
  });
}

/**
 * Creates the two databases on the server of `adminUrl` (a superuser's) and builds them: one from the
 * migrations, one from the schema files. The roles they share are the server's, created by bootstrap.sql
 * when missing and otherwise left as they are.
 */
export async function buildSchemaDatabases(adminUrl: string, { migrations = MIGRATIONS_DIR, schemas = SCHEMAS_DIR } = {}): Promise<SchemaDatabases> {
  const suffix = randomBytes(4).toString('hex');
  const names = { fromMigrations: `schema_from_migrations_${suffix}`, fromSchemas: `schema_from_files_${suffix}` };
  const drop = () =>
    onClient(adminUrl, async (db) => {
      for (const name of Object.values(names)) await db.query(`drop database if exists ${name} with (force)`);
    });
  await onClient(adminUrl, async (db) => {
    for (const name of Object.values(names)) await db.query(`create database ${name} template template0 encoding 'UTF8'`);
  });
  try {
    const urls = { fromMigrations: withDatabase(adminUrl, names.fromMigrations), fromSchemas: withDatabase(adminUrl, names.fromSchemas) };
    // One after the other: both create the server's roles when they are missing.
    for (const url of Object.values(urls)) await onClient(url, (db) => db.query(fs.readFileSync(BOOTSTRAP, 'utf8')));
    await Promise.all([
      applyFiles(
        urls.fromMigrations,
        migrationFiles(migrations).map((m) => m.file),
      ),
      applyFiles(urls.fromSchemas, schemaFiles(schemas)),
    ]);
    return { ...urls, drop };
  } catch (err) {
    await drop();
    throw err;
  }
}

/**
 * The statements that bring the database of `fromUrl` to the schema of `toUrl`: migra's (tables,
 * columns, constraints, indexes, views, functions, triggers, policies, RLS, extensions, privileges),
 * then the comments that differ. Empty when the two are the same.
 */
export async function diffSchemas(fromUrl: string, toUrl: string): Promise<string> {
  const migration = await migra(fromUrl, toUrl, { unsafe: true, withPrivileges: true });
  // migra does not compare comments: an object's comment is part of what the schema files declare.
  const [from, to] = await Promise.all([comments(fromUrl), comments(toUrl)]);
  // A comment removed is written only when its object is still there (a dropped object takes its comment along).
  const changedComments = [...new Set([...from.texts.keys(), ...to.texts.keys()])]
    .filter((target) => from.texts.get(target) !== to.texts.get(target) && to.objects.has(target))
    .sort()
    .map((target) => `comment on ${target} is ${to.texts.has(target) ? literal(to.texts.get(target)!) : 'null'};`);
  return [migration.sql.trim(), changedComments.join('\n')].filter(Boolean).join('\n\n');
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

const COMMENT_KINDS: Record<string, string> = {
  schema: 'schema',
  table: 'table',
  view: 'view',
  'materialized view': 'materialized view',
  sequence: 'sequence',
  index: 'index',
  function: 'function',
  procedure: 'procedure',
  type: 'type',
  domain: 'domain',
  'table column': 'column',
  'view column': 'column',
  'table constraint': 'constraint',
  'domain constraint': 'constraint',
  policy: 'policy',
  trigger: 'trigger',
};

/** The comments of the objects of the schemas public and private (and private itself), by `comment on` target. */
async function comments(url: string): Promise<{ objects: Set<string>; texts: Map<string, string> }> {
  return onClient(url, async (db) => {
    const found = await db.query<{ type: string; identity: string; text: string | null }>(
      `with objects as (
         select 'pg_proc'::regclass as classid, p.oid as objid, 0 as objsubid from pg_proc p where p.pronamespace::regnamespace::text in ('public', 'private')
         union all select 'pg_class'::regclass, c.oid, 0 from pg_class c where c.relnamespace::regnamespace::text in ('public', 'private') and c.relkind in ('r', 'v', 'm', 'S', 'i')
         union all select 'pg_class'::regclass, a.attrelid, a.attnum from pg_attribute a join pg_class c on c.oid = a.attrelid
                    where c.relnamespace::regnamespace::text in ('public', 'private') and c.relkind in ('r', 'v', 'm') and a.attnum > 0 and not a.attisdropped
         union all select 'pg_type'::regclass, t.oid, 0 from pg_type t where t.typnamespace::regnamespace::text in ('public', 'private') and t.typtype in ('d', 'e')
         union all select 'pg_constraint'::regclass, k.oid, 0 from pg_constraint k where k.connamespace::regnamespace::text in ('public', 'private')
         union all select 'pg_policy'::regclass, p.oid, 0 from pg_policy p
         union all select 'pg_trigger'::regclass, g.oid, 0 from pg_trigger g join pg_class c on c.oid = g.tgrelid where c.relnamespace::regnamespace::text in ('public', 'private') and not g.tgisinternal
         union all select 'pg_namespace'::regclass, n.oid, 0 from pg_namespace n where n.nspname = 'private'
       )
       select i.type, i.identity, d.description as text
         from objects o
         cross join lateral pg_identify_object(o.classid, o.objid, o.objsubid) i
         left join pg_description d on d.classoid = o.classid and d.objoid = o.objid and d.objsubid = o.objsubid
        -- Objects of an extension are the extension's.
        where not exists (select 1 from pg_depend e where e.classid = o.classid and e.objid = o.objid and e.deptype = 'e')`,
    );
    const objects = new Set<string>();
    const texts = new Map<string, string>();
    for (const row of found.rows) {
      const kind = COMMENT_KINDS[row.type];
      if (!kind) continue;
      const target = `${kind} ${row.identity}`;
      objects.add(target);
      if (row.text !== null) texts.set(target, row.text);
    }
    return { objects, texts };
  });
}
