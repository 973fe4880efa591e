/** The data calls every section shares: one nested select through the restaurant, one rpc per save. */
import { getSupabase, type Database } from '@tablee/domain';
import type { FieldPath, SectionApi } from './contract';
import { textTooLongMessage } from './field-rules';
import { UNSAFE_LINK_MESSAGE } from './links';

export const NOT_FOUND_OR_FORBIDDEN = 'Restaurant non trouvé ou accès non autorisé';

/**
 * A value the database refused, with its French message: what the owner must correct, not a failure
 * to retry. `column` ('<table>.<column>') names the field when the refusal does.
 */
export class RefusedValueError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly column?: string,
  ) {
    super(message);
    this.name = 'RefusedValueError';
  }
}

const COLUMN = /^[a-z_]+\.[a-z_]+$/;

/**
 * One Error for every failed data call of the sections, carrying the database's French message:
 * - a check of the profile's rules (private.check_*) raises its own message with its column as hint;
 * - a `<table>_<column>_max_<N>` or `_safe_link` check is named in PostgreSQL's (English) message: its
 *   French message is the form's (textTooLongMessage, UNSAFE_LINK_MESSAGE), on that column;
 * - a save function's refusal (22023) is in French already.
 */
export function dataError(error: { message?: string; code?: string; hint?: string | null }): Error {
  const message = error.message ?? '';
  const code = error.code ?? '';
  // PGRST116: `.single()` matched no row — RLS hides another owner's restaurant exactly like a missing one.
  if (code === 'PGRST116') return Object.assign(new Error(NOT_FOUND_OR_FORBIDDEN), { code });
  if (error.hint && COLUMN.test(error.hint) && (code === '23514' || code === '22023')) return new RefusedValueError(message, code, error.hint);
  const check = code === '23514' ? /relation "([a-z_]+)" violates check constraint "([a-z_0-9]+)"/.exec(message) : null;
  if (check) {
    const [, table, constraint] = check;
    const column = (suffix: RegExp) => `${table}.${constraint.slice(table.length + 1).replace(suffix, '')}`;
    const tooLong = /_max_(\d+)$/.exec(constraint);
    if (tooLong) return new RefusedValueError(textTooLongMessage(Number(tooLong[1])), code, column(/_max_\d+$/));
    if (constraint.endsWith('_safe_link')) return new RefusedValueError(UNSAFE_LINK_MESSAGE, code, column(/_safe_link$/));
  }
  if (code === '22023' && message) return new RefusedValueError(message, code);
  return Object.assign(new Error(message || 'Erreur inconnue'), { code });
}

/**
 * What a failed save says to the owner: a refusal's own French message, on its field when the section
 * has it (`field`); null for a failure (the page's generic message: retrying may help).
 */
export function saveRefusal(err: unknown, api: Pick<SectionApi<unknown>, 'fields'>): { message: string; field?: FieldPath } | null {
  if (!(err instanceof RefusedValueError)) return null;
  const field = err.column ? api.fields?.[err.column] : undefined;
  return field ? { message: err.message, field } : { message: err.message };
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
