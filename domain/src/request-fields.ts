/**
 * The fields of a group request (the chatbot's contract, the owner's booking and 'Modifier'), as a
 * French message names them, and the one rule every text of a request follows before it reaches the
 * database: PostgreSQL's text and jsonb cannot hold a NUL character (it answers 22P05), so a text with
 * one is refused on its field instead.
 */

/** How each field is named in a message (the SQL function's words where it has some); `*` stands for a position in a list. */
export const REQUEST_FIELD_LABELS: Record<string, string> = {
  external_id: "L'identifiant de la demande (external_id)",
  date: 'La date',
  arrival_time: "L'heure d'arrivée",
  adults: "Le nombre d'adultes",
  children: "Le nombre d'enfants",
  menu_id: 'Le menu (menu_id)',
  options: 'La liste des options',
  'options.*': 'Une option',
  'options.*.option_id': "L'option (option_id)",
  'options.*.quantity': "La quantité d'une option",
  customer: 'Le client (customer)',
  'customer.name': 'Le nom du client',
  'customer.email': "L'adresse e-mail du client",
  'customer.phone': 'Le téléphone du client',
  message: 'Le message',
  dietary_notes: 'Le champ allergies et régimes',
  notes: 'Les notes internes',
  accept: 'Le choix « Confirmer directement »',
  preview: 'Le choix de l’aperçu',
  conversation: 'La conversation',
  'conversation.id': "L'identifiant de la conversation",
  'conversation.messages': 'La liste des messages de la conversation',
  'conversation.messages.*': 'Un message de la conversation',
  'conversation.messages.*.role': "Le rôle d'un message",
  'conversation.messages.*.content': "Le contenu d'un message",
  'conversation.messages.*.sent_at': "La date d'envoi d'un message",
};

/** The field's dotted path (customer.name, options.0.quantity). */
export const fieldPath = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** How a message names the field at `path`. */
export const requestFieldLabel = (path: readonly PropertyKey[]) =>
  REQUEST_FIELD_LABELS[path.map((p) => (typeof p === 'number' || /^\d+$/.test(String(p)) ? '*' : String(p))).join('.')] ?? `Le champ ${fieldPath(path)}`;

/** A text PostgreSQL can store: no NUL character (named on purpose: that control character is the rule). */
// eslint-disable-next-line no-control-regex
export const STORABLE_TEXT = /^[^\u0000]*$/;

/** The refusal of a text holding a NUL character, on its field. */
export function unstorableTextRefusal(path: readonly PropertyKey[]): { code: 'invalid_character'; field: string; message: string } {
  const label = requestFieldLabel(path);
  const verb = label.startsWith('Les ') ? 'contiennent' : 'contient';
  return { code: 'invalid_character', field: fieldPath(path), message: `${label} ${verb} un caractère non autorisé (caractère nul).` };
}
