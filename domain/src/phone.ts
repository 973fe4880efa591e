/**
 * The restaurant's phone numbers (WhatsApp, 'Téléphone du restaurant'): typed in any usual way, French
 * by default ('06 12 34 56 78', '+33 6 12 34 56 78', '0033 6…') or international ('+44 20 7946 0958');
 * stored in E.164 ('+33612345678', what save_restaurant_information accepts); shown in French format.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

export const PHONE_MESSAGE = 'Numéro de téléphone invalide (ex. 06 12 34 56 78, ou +44 20 7946 0958 hors de France)';

/** The E.164 form of a typed number, or null when it is not a valid phone number. */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'FR');
  return parsed?.isValid() ? parsed.number : null;
}

/** A stored number as the owner and the customers read it: French ones '06 12 34 56 78', others '+44 20 7946 0958'; anything else as stored. */
export function formatPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored.trim(), 'FR');
  if (!parsed?.isValid()) return stored;
  return parsed.country === 'FR' ? parsed.formatNational() : parsed.formatInternational();
}

/** The same shape as the database's check (private.is_e164): '+', then up to 15 digits, the first not 0. */
export const isE164 = (value: string): boolean => /^\+[1-9]\d{6,14}$/.test(value);
