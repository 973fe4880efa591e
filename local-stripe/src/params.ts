import { invalidParam, missingParam, type Json } from './errors';

/**
 * Readers of the parameters of a call, as qs parsed them from Stripe's form encoding (every leaf a string).
 * Each names the parameter as Stripe does in its errors (`line_items[0][price_data][unit_amount]`).
 */

export function optionalString(body: Json, key: string, label = key): string | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(label, `Invalid string: ${JSON.stringify(value)}`);
  return value;
}

export function requiredString(body: Json, key: string, label = key): string {
  const value = optionalString(body, key, label);
  if (value === undefined || value === '') throw missingParam(label);
  return value;
}

export function optionalInteger(body: Json, key: string, label = key): number | undefined {
  const value = optionalString(body, key, label);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidParam(label, `Invalid integer: ${value}`, 'parameter_invalid_integer');
  return Number(value);
}

export function requiredInteger(body: Json, key: string, label = key): number {
  const value = optionalInteger(body, key, label);
  if (value === undefined) throw missingParam(label);
  return value;
}

export function optionalBoolean(body: Json, key: string, label = key): boolean | undefined {
  const value = optionalString(body, key, label);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidParam(label, `Invalid boolean: ${value}`);
  return value === 'true';
}

export function optionalEnum<T extends string>(body: Json, key: string, values: readonly T[], label = key): T | undefined {
  const value = optionalString(body, key, label);
  if (value === undefined) return undefined;
  if (!(values as readonly string[]).includes(value)) throw invalidParam(label, `Invalid ${label}: must be one of ${values.join(', ')}`);
  return value as T;
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A hash parameter; an empty string is Stripe's way of sending an empty one. */
export function optionalObject(body: Json, key: string, label = key): Json | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (value === '') return {};
  if (!isObject(value)) throw invalidParam(label, `Invalid object`);
  return value;
}

/** An array parameter (`key[0]…`). qs makes an object of indexes above its array limit: its values, in order. */
export function optionalList(body: Json, key: string, label = key): unknown[] | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value;
  if (isObject(value) && Object.keys(value).every((k) => /^\d+$/.test(k))) {
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => value[k]);
  }
  throw invalidParam(label, `Invalid array`);
}

/** Stripe's metadata rules: at most 50 keys of up to 40 characters, string values of up to 500; an empty value is no value. */
export function metadata(body: Json, key = 'metadata', label = key): Record<string, string> {
  const value = optionalObject(body, key, label);
  if (!value) return {};
  const out: Record<string, string> = {};
  for (const [name, entry] of Object.entries(value)) {
    const param = `${label}[${name}]`;
    if (typeof entry !== 'string') throw invalidParam(param, `Invalid string: ${JSON.stringify(entry)}`);
    if (name.length > 40) throw invalidParam(param, `Metadata keys can have up to 40 characters; ${name} has ${name.length}.`);
    if (entry.length > 500) throw invalidParam(param, `Metadata values can have up to 500 characters, but you passed in a value that is ${entry.length} characters.`);
    if (entry !== '') out[name] = entry;
  }
  if (Object.keys(out).length > 50) throw invalidParam(label, 'You can specify up to 50 keys in metadata.');
  return out;
}

export function validUrl(value: string | undefined, label: string): string | undefined {
  if (value === undefined) return undefined;
  try {
    new URL(value.replace('{CHECKOUT_SESSION_ID}', 'cs'));
  } catch {
    throw invalidParam(label, 'Not a valid URL');
  }
  return value;
}
