/**
 * The chatbot's refusals: `{code, field, message}` with a French message, the shape
 * public.submit_group_request refuses in (its `details` is the field). Shape errors found by the
 * contract's zod schema (declared on the route) are put in the same words here; the SQL function's own refusals pass through.
 */
import type { z } from 'zod';
import { fieldPath, requestFieldLabel, STORABLE_TEXT, unstorableTextRefusal } from '@tablee/domain/request-fields';

export interface Refusal {
  code: string;
  field: string | null;
  message: string;
}

/** A refusal answered with its HTTP status by the route's error handler. */
export class RefusalError extends Error {
  constructor(
    readonly statusCode: number,
    readonly refusal: Refusal,
  ) {
    super(refusal.code);
  }
}

export const REFUSALS = {
  keyRequired: { code: 'key_required', field: null, message: "Clé d'assistant manquante : envoyez-la dans l'en-tête Authorization: Bearer <clé>." },
  invalidKey: { code: 'invalid_key', field: null, message: "Clé d'assistant inconnue ou révoquée : créez-en une nouvelle dans « Votre assistant »." },
  wrongRestaurant: { code: 'wrong_restaurant', field: null, message: "Cette clé d'assistant est celle d'un autre restaurant." },
  invalidJson: { code: 'invalid_json', field: null, message: "Le corps de la demande n'est pas un JSON valide." },
  tooLarge: { code: 'too_large', field: null, message: 'La demande est trop volumineuse (512 Ko au plus, conversation comprise).' },
  notJson: { code: 'unsupported_media_type', field: null, message: 'Envoyez la demande en JSON (Content-Type: application/json).' },
  badRequest: { code: 'invalid_request', field: null, message: 'Requête invalide.' },
  notObject: { code: 'invalid_request', field: null, message: 'La demande doit être un objet JSON.' },
  webTooLarge: { code: 'too_large', field: null, message: 'La demande est trop volumineuse (16 Ko au plus).' },
  honeypot: { code: 'automated_request', field: null, message: "La demande n'a pas pu être envoyée : elle semble remplie automatiquement." },
  unknownRestaurant: {
    code: 'unknown_restaurant',
    field: 'restaurantId',
    message: "L'identifiant du restaurant dans l'adresse n'est pas valide : aucun restaurant ne porte cet identifiant.",
  },
  webConversation: { code: 'unknown_field', field: 'conversation', message: 'Une demande envoyée depuis la page du restaurant ne porte pas de conversation.' },
} satisfies Record<string, Refusal>;

/** Format errors with a code of their own, in the SQL function's words. */
const FORMATS: Record<string, Refusal> = {
  date: { code: 'invalid_date', field: 'date', message: 'La date doit être une date réelle au format AAAA-MM-JJ.' },
  arrival_time: { code: 'invalid_arrival_time', field: 'arrival_time', message: "L'heure d'arrivée doit être au format HH:MM." },
};

const CONVERSATION: Refusal = {
  code: 'invalid_conversation',
  field: 'conversation',
  message: "La conversation doit être {id} d'une conversation du restaurant, ou {messages} à enregistrer.",
};

const EXPECTED: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre entier',
  int: 'un nombre entier',
  object: 'un objet',
  array: 'une liste',
};

const FORMAT_WORDS: Record<string, string> = {
  guid: 'un identifiant (UUID)',
  datetime: 'une date et heure ISO 8601 avec son fuseau (par exemple 2026-12-05T18:30:00+01:00)',
};

const fieldOf = fieldPath;
const labelOf = requestFieldLabel;

/** A shape error of a body of the contract (the request, the owner's booking) as the refusal answered 422. */
export function refusalOf(issue: z.core.$ZodIssue, prefix: PropertyKey[] = []): Refusal {
  const path = [...prefix, ...issue.path];
  const field = fieldOf(path);
  const label = labelOf(path);
  if (path.length === 0 && issue.code === 'invalid_type') return REFUSALS.notObject;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { code: 'required', field, message: `${label} est obligatoire.` };
      return {
        code: issue.expected === 'int' || issue.expected === 'number' ? 'invalid_number' : 'invalid_field',
        field,
        message: `${label} doit être ${EXPECTED[issue.expected] ?? "d'un autre type"}.`,
      };
    case 'too_small':
      return { code: 'invalid_number', field, message: `${label} doit être au moins ${String(issue.minimum)}.` };
    case 'too_big':
      return { code: 'too_long', field, message: `${label} dépasse ${Number(issue.maximum).toLocaleString('fr-FR')} caractères.` };
    case 'invalid_format':
      if (issue.format === 'regex' && issue.pattern === String(STORABLE_TEXT)) return unstorableTextRefusal(path);
      return FORMATS[field] ?? { code: 'invalid_field', field, message: `${label} doit être ${FORMAT_WORDS[issue.format] ?? 'bien formé'}.` };
    case 'invalid_value':
      return { code: 'invalid_field', field, message: `${label} doit être ${issue.values.map(String).join(' ou ')}.` };
    case 'unrecognized_keys': {
      const unknown = fieldOf([...path, issue.keys[0]]);
      return { code: 'unknown_field', field: unknown, message: `Champ inconnu : ${unknown}. Les champs possibles sont décrits sur /api/openapi.json.` };
    }
    case 'invalid_union': {
      // The conversation is {id} or {messages}: the branch whose keys were given says what is wrong in it.
      const given = issue.errors.filter((branch) => !branch.some((i) => i.code === 'unrecognized_keys' && i.path.length === 0));
      return given.length === 1 ? refusalOf(given[0][0], path) : { ...CONVERSATION, field };
    }
    default:
      return { code: 'invalid_field', field, message: `${label} n'est pas valide.` };
  }
}
