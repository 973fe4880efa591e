import type { FormInstance } from 'antd';

export type Path = (string | number)[];

const isFilled = (value: unknown) => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '') && !(Array.isArray(value) && value.length === 0);

/**
 * Checks, with the form's own rules, the fields the owner has filled or touched, and shows their
 * messages; answers the fields refused (their names). A required field never touched is not an error
 * here: it is missing, and Terminer lists it (restaurant_completeness).
 */
export async function refusedFilledFields(form: FormInstance): Promise<Path[]> {
  const names = form
    .getFieldsError()
    .map((field) => field.name)
    .filter((name) => form.isFieldTouched(name) || isFilled(form.getFieldValue(name)));
  if (names.length === 0) return [];
  try {
    await form.validateFields(names);
    return [];
  } catch (error) {
    // antd rejects with the fields' errors; anything else (an unmounted form) is not the owner's to fix.
    const fields = (error as { errorFields?: { name: Path }[] }).errorFields;
    if (fields?.length) return fields.map((f) => f.name);
    throw error;
  }
}

const get = (value: unknown, path: Path): unknown => path.reduce<unknown>((v, key) => (v == null ? undefined : (v as Record<string | number, unknown>)[key]), value);

function set<T>(value: T, [key, ...rest]: Path, field: unknown): T {
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[key] = rest.length ? set(copy[key] ?? {}, rest, field) : field;
  return copy as T;
}

/** `value` with each refused field put back to what is stored for it: what the save may store. */
export function withStoredFields<T>(value: T, stored: T, refused: Path[]): T {
  return refused.reduce((out, path) => set(out, path, get(stored, path)), value);
}
