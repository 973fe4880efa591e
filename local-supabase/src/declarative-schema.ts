/**
 * supabase/schemas/, the declared schema, against supabase/migrations/, what is applied everywhere:
 * both built in throw-away databases of one PostgreSQL server (each on Supabase's own roles and
 * schemas, local-supabase/sql/bootstrap.sql) and compared. `pnpm db:diff <name>` writes their
 * difference as a migration; local-supabase/test/integration/declarative-schema.test.ts fails on any.
 *
 * The difference is what @pgkit/migra (the npm port of migra, the differ of `supabase db diff`) gives,
 * and the privileges and comments migra does not compare.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient } from '@pgkit/client';
import { run as migra } from '@pgkit/migra';

// Loaded by jest (CommonJS) and by tsx scripts run from the package (ES module, no __dirname).
const packageDir = typeof __dirname === 'string' ? path.resolve(__dirname, '..') : process.cwd();

export const SUPABASE_DIR = path.resolve(packageDir, '../supabase');
export const MIGRATIONS_DIR = path.join(SUPABASE_DIR, 'migrations');
export const SCHEMAS_DIR = path.join(SUPABASE_DIR, 'schemas');
const BOOTSTRAP = path.join(packageDir, 'sql/bootstrap.sql');

/**
 * Supabase CLI naming: <version>_<name>.sql, applied in version order. The same list as migrate.ts's, which
 * jest cannot load (it reads import.meta): the tests build databases through this file.
 */
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

/** Runs `sql` in one transaction on the database of `url`. */
export async function applySql(url: string, sql: string): Promise<void> {
  await onClient(url, async (db) => {
    await db.query(`begin;\n${sql}\n;commit;`).catch(async (err: Error) => {
      await db.query('rollback');
      throw err;
    });
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

/** Builds the two databases, runs `work` on their URLs, drops them. */
export async function onSchemaDatabases<T>(adminUrl: string, work: (fromMigrations: string, fromSchemas: string) => Promise<T>): Promise<T> {
  const databases = await buildSchemaDatabases(adminUrl);
  try {
    return await work(databases.fromMigrations, databases.fromSchemas);
  } finally {
    await databases.drop();
  }
}

/**
 * The statements that bring the database of `fromUrl` to the schema of `toUrl`, empty when the two are
 * the same: migra's (tables, columns, constraints, indexes, views, functions, triggers, policies, RLS,
 * extensions), then the privileges and comments that differ, which migra does not compare (it reads only
 * table grants, and no comments). Those are read once migra's statements have been run on the first
 * database, so that what creating an object gives (its default privileges) and what re-creating one
 * loses (its comment) are counted: the first database is changed, it must be a throw-away one.
 */
export async function diffSchemas(fromUrl: string, toUrl: string): Promise<string> {
  const [from, to] = [fromUrl, toUrl].map((url) => createClient(url, { pgpOptions: { initialize: { noWarnings: true } } }));
  let structure: string;
  try {
    structure = (await migra(from, to, { unsafe: true })).sql.trim();
  } finally {
    await Promise.all([from.end(), to.end()]);
  }
  if (structure) await applySql(fromUrl, structure);
  const [before, after] = await Promise.all([catalogExtras(fromUrl), catalogExtras(toUrl)]);
  return [structure, privilegeChanges(before.privileges, after.privileges), commentChanges(before, after)].filter(Boolean).join('\n\n');
}

interface CatalogExtras {
  /** `<kind>\t<target>\t<grantee>` → its privileges, sorted. */
  privileges: Map<string, string[]>;
  /** The objects that may carry a comment, by `comment on` target; and their comments. */
  objects: Set<string>;
  comments: Map<string, string>;
}

function commentChanges(from: CatalogExtras, to: CatalogExtras): string {
  // A comment removed is written only when its object is still there (a dropped object takes its comment along).
  return [...new Set([...from.comments.keys(), ...to.comments.keys()])]
    .filter((target) => from.comments.get(target) !== to.comments.get(target) && to.objects.has(target))
    .sort()
    .map((target) => `comment on ${target} is ${to.comments.has(target) ? literal(to.comments.get(target)!) : 'null'};`)
    .join('\n');
}

/** `revoke … from …;` then `grant … to …;` per object, grantees with the same change together. */
function privilegeChanges(from: Map<string, string[]>, to: Map<string, string[]>): string {
  const statements = new Map<string, string[]>();
  const add = (statement: string, grantee: string) => statements.set(statement, [...(statements.get(statement) ?? []), grantee]);
  for (const key of [...new Set([...from.keys(), ...to.keys()])].sort()) {
    const [kind, target, grantee] = key.split('\t');
    const had = from.get(key) ?? [];
    const has = to.get(key) ?? [];
    const on = (privileges: string[]) =>
      kind === 'column' ? `${privileges.join(', ')} (${target.replace(/^.*\./, '')}) on table ${target.replace(/\.[^.]*$/, '')}` : `${privileges.join(', ')} on ${kind} ${target}`;
    const lost = had.filter((p) => !has.includes(p));
    const gained = has.filter((p) => !had.includes(p));
    if (lost.length) add(`revoke ${on(lost)} from`, grantee);
    if (gained.length) add(`grant ${on(gained)} to`, grantee);
  }
  // Revokes first: a revoke of a table's privilege also takes its columns'.
  return [...statements]
    .sort(([a], [b]) => Number(a.startsWith('grant')) - Number(b.startsWith('grant')))
    .map(([statement, grantees]) => `${statement} ${grantees.join(', ')};`)
    .join('\n');
}

/** Objects of the schemas public and private (and private itself), those of extensions left out. */
const OUR_OBJECTS = `
  select 'pg_proc'::regclass as classid, p.oid as objid, 0 as objsubid from pg_proc p where p.pronamespace::regnamespace::text in ('public', 'private')
  union all select 'pg_class'::regclass, c.oid, 0 from pg_class c where c.relnamespace::regnamespace::text in ('public', 'private') and c.relkind in ('r', 'v', 'm', 'S', 'i')
  union all select 'pg_class'::regclass, a.attrelid, a.attnum from pg_attribute a join pg_class c on c.oid = a.attrelid
             where c.relnamespace::regnamespace::text in ('public', 'private') and c.relkind in ('r', 'v', 'm') and a.attnum > 0 and not a.attisdropped
  union all select 'pg_type'::regclass, t.oid, 0 from pg_type t where t.typnamespace::regnamespace::text in ('public', 'private') and t.typtype in ('d', 'e')
  union all select 'pg_constraint'::regclass, k.oid, 0 from pg_constraint k where k.connamespace::regnamespace::text in ('public', 'private')
  union all select 'pg_policy'::regclass, p.oid, 0 from pg_policy p
  union all select 'pg_trigger'::regclass, g.oid, 0 from pg_trigger g join pg_proc f on f.oid = g.tgfoid
             where f.pronamespace::regnamespace::text in ('public', 'private') and not g.tgisinternal
  union all select 'pg_namespace'::regclass, n.oid, 0 from pg_namespace n where n.nspname = 'private'`;

async function catalogExtras(url: string): Promise<CatalogExtras> {
  return onClient(url, async (db) => {
    // Every name schema-qualified (a function's argument types too).
    await db.query("set search_path = ''");
    const described = await db.query<{ type: string; identity: string; text: string | null }>(
      `with objects as (${OUR_OBJECTS})
       select i.type, case when o.classid = 'pg_proc'::regclass then o.objid::regprocedure::text else i.identity end as identity, d.description as text
         from objects o
         cross join lateral pg_identify_object(o.classid, o.objid, o.objsubid) i
         left join pg_description d on d.classoid = o.classid and d.objoid = o.objid and d.objsubid = o.objsubid
        where not exists (select 1 from pg_depend e where e.classid = o.classid and e.objid = o.objid and e.deptype = 'e')`,
    );
    const objects = new Set<string>();
    const comments = new Map<string, string>();
    for (const row of described.rows) {
      const kind = COMMENT_KINDS[row.type];
      if (!kind) continue;
      const target = `${kind} ${row.identity}`;
      objects.add(target);
      if (row.text !== null) comments.set(target, row.text);
    }
    // An object never granted nor revoked has its kind's default privileges (acldefault); the owner's are left out.
    const granted = await db.query<{ kind: string; target: string; grantee: string; privileges: string[] }>(
      `with acls as (
         select 'function' as kind, p.oid::regprocedure::text as target, coalesce(p.proacl, acldefault('f', p.proowner)) as acl, p.proowner as owner
           from pg_proc p where p.pronamespace::regnamespace::text in ('public', 'private')
            and not exists (select 1 from pg_depend e where e.classid = 'pg_proc'::regclass and e.objid = p.oid and e.deptype = 'e')
         union all
         select case c.relkind when 'S' then 'sequence' else 'table' end, c.oid::regclass::text, coalesce(c.relacl, acldefault(case c.relkind when 'S' then 's' else 'r' end::"char", c.relowner)), c.relowner
           from pg_class c where c.relnamespace::regnamespace::text in ('public', 'private') and c.relkind in ('r', 'v', 'm', 'S')
         union all
         select 'column', format('%s.%I', c.oid::regclass, a.attname), a.attacl, c.relowner
           from pg_attribute a join pg_class c on c.oid = a.attrelid
          where c.relnamespace::regnamespace::text in ('public', 'private') and a.attnum > 0 and not a.attisdropped and a.attacl is not null
         union all
         select 'type', t.oid::regtype::text, coalesce(t.typacl, acldefault('T', t.typowner)), t.typowner
           from pg_type t where t.typnamespace::regnamespace::text in ('public', 'private') and t.typtype in ('d', 'e')
         union all
         select 'schema', quote_ident(n.nspname), coalesce(n.nspacl, acldefault('n', n.nspowner)), n.nspowner
           from pg_namespace n where n.nspname = 'private'
       )
       select a.kind, a.target, case when x.grantee = 0 then 'public' else quote_ident(r.rolname) end as grantee,
              array_agg(lower(x.privilege_type) order by x.privilege_type) as privileges
         from acls a cross join lateral aclexplode(a.acl) x left join pg_roles r on r.oid = x.grantee
        where x.grantee <> a.owner
        group by 1, 2, 3`,
    );
    const privileges = new Map(granted.rows.map((g) => [`${g.kind}\t${g.target}\t${g.grantee}`, g.privileges]));
    return { privileges, objects, comments };
  });
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

/**
 * The tables whose rows differ between the two databases: the lists the schema owns (reservation
 * statuses, transitions, reasons, response times) and the storage buckets, which migra does not
 * compare. Such a change is written by hand in the migration (an insert, an update).
 */
export async function rowDifferences(fromUrl: string, toUrl: string): Promise<string[]> {
  const [from, to] = await Promise.all([fromUrl, toUrl].map(tableRows));
  return [...new Set([...from.keys(), ...to.keys()])].filter((table) => from.get(table) !== to.get(table)).sort();
}

async function tableRows(url: string): Promise<Map<string, string>> {
  return onClient(url, async (db) => {
    const tables = await db.query<{ name: string }>(`select c.oid::regclass::text as name from pg_class c where c.relnamespace::regnamespace::text in ('public', 'private') and c.relkind = 'r'`);
    const rows = new Map<string, string>();
    const read = async (name: string, from: string) =>
      rows.set(name, (await db.query<{ rows: string }>(`select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]')::text as rows from ${from} t`)).rows[0].rows);
    for (const { name } of tables.rows) await read(name, name);
    // A bucket's dates are when it was created.
    await read('storage.buckets', '(select id, name, public, file_size_limit, allowed_mime_types from storage.buckets)');
    return rows;
  });
}
