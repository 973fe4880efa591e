/**
 * `supabase gen types typescript --schema public`, as postgres-meta runs it for the Supabase CLI
 * (its server's one-shot PG_META_GENERATE_TYPES mode): @supabase/postgrest-typegen's introspection,
 * canonical sort and TypeScript template, the result printed as it is. Run by typegen.ts in a process
 * of its own (the package is an ES module, which jest cannot load).
 *   TYPEGEN_DATABASE_URL=<superuser URL> TYPEGEN_POSTGREST_VERSION=12.0.2 node --import tsx src/typegen-cli.ts
 */
import { generateTypescript, introspect, sortGeneratorMetadata } from '@supabase/postgrest-typegen';
import pg from 'pg';

// postgres-meta's own parsers (its lib/db.ts): bigints as numbers when safe, dates and times as text.
const asText = (value: string) => value;
const parsers: Record<number, (value: string) => unknown> = {
  [pg.types.builtins.INT8]: (value) => (Number.isSafeInteger(Number(value)) ? Number(value) : value),
  [pg.types.builtins.DATE]: asText,
  [pg.types.builtins.INTERVAL]: asText,
  [pg.types.builtins.TIMESTAMP]: asText,
  [pg.types.builtins.TIMESTAMPTZ]: asText,
};

const db = new pg.Client({
  connectionString: process.env.TYPEGEN_DATABASE_URL,
  types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser },
});
await db.connect();
try {
  const metadata = sortGeneratorMetadata(await introspect(db, { includedSchemas: ['public'] }));
  console.log(
    await generateTypescript(metadata, {
      detectOneToOneRelationships: true,
      postgrestVersion: process.env.TYPEGEN_POSTGREST_VERSION,
      defaultSchema: 'public',
    }),
  );
} finally {
  await db.end();
}
