/**
 * The database's types, as `pnpm gen:types` generates them from the migrations (database.types.ts,
 * never edited by hand). Everything that reads or writes the database is typed by them.
 */
export type { Database, Json, Tables, TablesInsert, TablesUpdate } from './database.types';
