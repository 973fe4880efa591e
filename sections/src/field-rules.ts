/**
 * The rules of the profile's text fields that the database holds (supabase/migrations/
 * 20261128000200_profile_value_rules.sql and the `_max_<N>` checks), mirrored for the forms, which
 * must apply them before a save: each field's maximum length, and one line for names.
 * sections/test/integration/profile-rules.test.ts checks that these say what the database says.
 */
import type { FormRule as Rule } from 'antd';

/** Each bounded text column of the profile: its check `<table>_<column>_max_<N>`. */
export const TEXT_MAX = {
  restaurants: { name: 200, address: 500, description: 10_000, url: 2048, first_message: 10_000 },
  restaurant_contacts: { email: 320, whatsapp: 100 },
  restaurant_billing: {
    company_name: 200,
    legal_form: 200,
    siret_number: 100,
    rcs_city: 200,
    vat_number: 100,
    address: 500,
    postal_code: 100,
    city: 200,
    country: 200,
    payment_link: 500,
    iban: 100,
    bic: 100,
    contact_name: 200,
    contact_email: 320,
    contact_phone: 100,
  },
  restaurant_cgv: { link: 2048 },
  restaurant_closures: { reason: 200 },
  restaurant_faqs: { question: 1000, answer: 10_000 },
  restaurant_menus: { name: 200, content: 10_000 },
  menu_items: { name: 200 },
  menu_item_alternatives: { name: 200, other_dietary_notes: 500 },
  restaurant_options: { title: 200 },
  restaurant_photos: { alt_text: 500, original_filename: 200, filename: 2048, mime_type: 100, url: 2048 },
} as const;

export type TextTable = keyof typeof TEXT_MAX;
export type TextColumn<T extends TextTable> = keyof (typeof TEXT_MAX)[T] & string;

/** The columns that hold one line (their check `<table>_<column>_one_line`): names, and what reaches an e-mail header. */
export const ONE_LINE_COLUMNS = [
  'restaurants.name',
  'restaurant_contacts.email',
  'restaurant_billing.company_name',
  'restaurant_billing.contact_name',
  'restaurant_billing.contact_email',
  'restaurant_menus.name',
  'menu_items.name',
  'menu_item_alternatives.name',
  'restaurant_options.title',
] as const;

/** The database's own messages (private.check_one_line, the `_max_<N>` checks as the app reads them). */
export const ONE_LINE_MESSAGE = 'Une seule ligne : retirez les retours à la ligne';
export const textTooLongMessage = (max: number) => `Texte trop long : ${max.toLocaleString('fr-FR')} caractères au plus`;

/** private.is_one_line: no control character (CR, LF, tab…) nor Unicode line or paragraph separator. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const NOT_ONE_LINE = /[\u0001-\u001f\u007f-\u009f\u2028\u2029]/;
export const isOneLine = (text: string): boolean => !NOT_ONE_LINE.test(text);

export const maxLengthOf = <T extends TextTable>(table: T, column: TextColumn<T>): number => (TEXT_MAX[table] as Record<string, number>)[column];

/**
 * The form rules of the field stored in `table.column`: its maximum (the input's `maxLength` stops
 * typing there; the rule also catches a value loaded longer) and, for a one-line column, no line break.
 */
export function textRules<T extends TextTable>(table: T, column: TextColumn<T>): Rule[] {
  const max = maxLengthOf(table, column);
  const rules: Rule[] = [{ max, message: textTooLongMessage(max) }];
  if ((ONE_LINE_COLUMNS as readonly string[]).includes(`${table}.${column}`)) {
    rules.push({ validator: (_, value: unknown) => (typeof value !== 'string' || isOneLine(value) ? Promise.resolve() : Promise.reject(new Error(ONE_LINE_MESSAGE))) });
  }
  return rules;
}
