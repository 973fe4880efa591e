import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random letters and digits, as the tails of Stripe's ids and keys. */
export function randomToken(length: number): string {
  let out = '';
  for (const byte of randomBytes(length)) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** An id with Stripe's prefix for its kind of object (cs_test_, pi_, ch_, re_, seti_, pm_, cus_, acct_, evt_…). */
export function newId(prefix: string, length = 24): string {
  return prefix + randomToken(length);
}

/** Stripe's timestamps: whole seconds since the epoch. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
