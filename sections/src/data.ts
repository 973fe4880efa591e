/** The data calls every section shares: one nested select through the restaurant, one rpc per save. */
import { getSupabase, type Database } from '@tablee/domain';
import { UNSAFE_LINK_MESSAGE } from './links';

export const NOT_FOUND_OR_FORBIDDEN = 'Restaurant non trouvé ou accès non autorisé';

/** The database bounds each free-text column with a check named '<table>_<column>_max_<N>'. */
export const textTooLongMessage = (max: number) => `Texte trop long : ${max.toLocaleString('fr-FR')} caractères au plus`;

/** One Error for every failed data call of the sections, carrying the database's French message. */
export function dataError(error: { message?: string; code?: string }): Error {
  // PGRST116: `.single()` matched no row — RLS hides another owner's restaurant exactly like a missing one.
  if (error.code === 'PGRST116') return Object.assign(new Error(NOT_FOUND_OR_FORBIDDEN), { code: error.code });
  const tooLong = error.code === '23514' ? /_max_(\d+)"/.exec(error.message ?? '') : null;
  if (tooLong) return Object.assign(new Error(textTooLongMessage(Number(tooLong[1]))), { code: error.code });
  if (error.code === '23514' && /_safe_link"/.test(error.message ?? '')) return Object.assign(new Error(UNSAFE_LINK_MESSAGE), { code: error.code });
  return Object.assign(new Error(error.message || 'Erreur inconnue'), { code: error.code });
}

/**
 * The restaurant's row with the given columns and embedded tables, in one request, typed from the
 * columns by the database's types. Through the restaurant, so a missing or foreign restaurant is an
 * error rather than an empty section.
 */
export async function selectRestaurant<Columns extends string>(restaurantId: string, columns: Columns) {
  const { data, error } = await getSupabase().from('restaurants').select(columns).eq('id', restaurantId).single();
  if (error) throw dataError(error);
  return data;
}

type DatabaseFunctions = Database['public']['Functions'];

/**
 * A save function of the database: one transaction. Its name is checked against the generated types;
 * its arguments are not, as our section values are interfaces that TypeScript will not take for `Json`.
 */
export async function callRpc(fn: keyof DatabaseFunctions, args: Record<string, unknown>): Promise<void> {
  const { error } = await getSupabase().rpc(fn, args as never);
  if (error) throw dataError(error);
}

/** A one-to-one embed arrives as an object (or a one-element list, depending on PostgREST's view of the key). */
export const embeddedOne = <T>(v: T | T[] | null | undefined): T | null => (Array.isArray(v) ? (v[0] ?? null) : (v ?? null));
