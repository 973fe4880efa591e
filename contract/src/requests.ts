/**
 * The chatbot’s contract, written once: the body of POST /api/restaurants/{restaurantId}/requests (and
 * of the owner's booking) and their answers. The routes declare these and GET /api/openapi.json is
 * generated from them. Only the shape is checked here; the restaurant’s rules (dates, hours, group sizes,
 * menus, the customer’s contact…) are public.submit_group_request’s, which refuses in the same shape.
 */
import { z } from 'zod';
import { RESERVATION_STATUS_CODES, type ReservationStatus } from '@tablee/domain/reservation-status';
import { STORABLE_TEXT } from '@tablee/domain/request-fields';

/** A text of the request: never a NUL character, which PostgreSQL cannot store (refused on its field, refusals.ts). */
const text = () => z.string().regex(STORABLE_TEXT);

/**
 * The schemas named in the OpenAPI document (components.schemas), by id: an answer as `Id`, a body as
 * `IdInput` (fastify-type-provider-zod names the input side of every registered schema so).
 */
export const contractSchemas = z.registry<{ id?: string; description?: string }>();
// Ids are z.guid(), any 8-4-4-4-12 hex as PostgreSQL takes it: z.uuid() would refuse ids that are not RFC 9562 variants.

export const requestOption = z
  .strictObject({
    option_id: z.guid().describe('An option of the restaurant: `options[].id` of assistant_knowledge.'),
    quantity: z.int().min(1).nullish().describe('Default: one per adult for an option priced per person, one for an option priced in total.'),
  })
  .register(contractSchemas, { id: 'RequestOption' });

export const conversationMessage = z
  .strictObject({
    role: z.enum(['user', 'assistant']),
    content: text(),
    sent_at: z.iso.datetime({ offset: true }).describe('ISO 8601 with its offset, e.g. 2026-12-05T18:30:00+01:00.'),
  })
  .register(contractSchemas, { id: 'ConversationMessage' });

export const requestConversation = z
  .union([
    z.strictObject({ id: z.guid().describe('A conversation of the restaurant already stored.') }),
    z.strictObject({ messages: z.array(conversationMessage).describe('The conversation to store with the request (1 to 500 messages).') }),
  ])
  .describe('The conversation the request comes from: `{id}` of a stored one, or `{messages}` to store.')
  .register(contractSchemas, { id: 'RequestConversation' });

export const groupRequest = z
  .strictObject({
    external_id: text().max(200).describe('The sender’s id for this request: the same id again answers the same reservation (200); with another body, 409.'),
    date: z.iso.date().describe('YYYY-MM-DD, a day the restaurant is open, from now to one year ahead.'),
    arrival_time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
      .describe('HH:MM (Europe/Paris), one of the day’s arrival times (assistant_knowledge: days[].services[].arrival_times).'),
    adults: z.int().min(1).describe('Adults; with the children, within the service’s group size.'),
    children: z.int().min(0).nullish().describe('Children (default 0): they take the children’s menu.'),
    menu_id: z.guid().nullish().describe('A menu of the restaurant served at that service: `menus[].id` of assistant_knowledge (not the children’s menu).'),
    options: z.array(requestOption).nullish().describe('Options of the restaurant (at most 50).'),
    customer: z
      .strictObject({
        name: text().describe('Required, at most 200 characters.'),
        email: text().nullish().describe('One plain address.'),
        phone: text().nullish().describe('6 to 15 digits.'),
      })
      .describe('Who asks: a name, and an e-mail address or a phone number (at least one) for the restaurant’s answer.'),
    message: text().max(2000).nullish().describe('The customer’s own words for the restaurant.'),
    dietary_notes: text()
      .max(1000)
      .nullish()
      .describe(
        'Allergies and diets of the group, in the customer’s words (e.g. « deux sans gluten, une allergie aux arachides »; the request page’s « Allergies et régimes »): shown first, in red, in the owner’s new-request e-mail and WhatsApp message, and printed first on the kitchen sheet.',
      ),
    conversation: requestConversation.nullish(),
  })
  .describe('A group request. Optional fields may be absent or null. Unknown fields are refused.')
  .register(contractSchemas, { id: 'GroupRequest' });

export type GroupRequest = z.infer<typeof groupRequest>;

/**
 * 'Nouvelle réservation': a booking the owner takes (by phone), as the signed-in owner. The request's
 * fields but the chatbot's own (the customer's message, the conversation), the owner's internal notes,
 * and whether to accept it at once; `preview`: nothing is stored, the answer says what accepting would
 * mean for the plan (its warnings) or refuses as the booking itself would be refused.
 */
export const ownerBooking = groupRequest
  .omit({ message: true, conversation: true })
  .extend({
    notes: text().max(2000).nullish().describe('The owner’s internal notes: never shown to the customer; printed on the dining-room sheet.'),
    accept: z.boolean().nullish().describe('Accepted at once (« Confirmer directement »): the customer gets the acceptance e-mail.'),
    preview: z.boolean().nullish().describe('Nothing is stored: the refusals, or the warnings to confirm before accepting.'),
  })
  .describe('A booking the owner takes. Unknown fields are refused.')
  .register(contractSchemas, { id: 'OwnerBooking' });

/**
 * 'Modifier': any of the booking's fields (its external_id aside) and the internal notes, laid over the
 * reservation by public.modify_reservation and checked as a request is; `preview`: nothing is changed.
 */
export const reservationChanges = ownerBooking
  .omit({ external_id: true, accept: true, preview: true })
  .partial()
  .extend({ preview: z.boolean().nullish().describe('Nothing is changed: what would change, and the warnings to confirm first.') })
  .describe('A change of a reservation. Unknown fields are refused.')
  .register(contractSchemas, { id: 'ReservationChanges' });

export const reservationChangesAnswer = z
  .object({
    preview: z.boolean().describe('True when nothing was changed.'),
    changed: z.boolean().describe('False when the fields sent are the reservation’s own: nothing to save.'),
    summary: z.string().nullable().describe('What changed, in French, as the history says it; null when nothing.'),
    warnings: z.array(z.string()).describe('What the plan says of the reservation as changed (capacity, hours), in French; empty when none.'),
    customer_notified: z.boolean().describe('The customer of an accepted or paid reservation will be e-mailed the new details.'),
  })
  .register(contractSchemas, { id: 'ReservationChangesAnswer' });

export const reservationParams = z.object({ reservationId: z.guid() });

export const deposit = z
  .object({
    method: z.enum(['acompte', 'empreinte']).describe('acompte: money taken in advance (arrhes or an acompte under the CGV: nature); empreinte: a card imprint, nothing taken.'),
    amount: z.number().describe('Euros TTC.'),
    percentage: z.number().optional().describe('Set when the terms are a share of the total.'),
    nature: z
      .enum(['arrhes', 'acompte'])
      .optional()
      .describe(
        'Set for money taken in advance (method acompte): what it is under the restaurant’s CGV (French law). arrhes (Code civil art. 1590, the default): a customer who withdraws loses them, a restaurant that withdraws repays double; acompte: a firm commitment, the whole price is owed. Read as arrhes when absent.',
      ),
  })
  .describe('What the restaurant will ask in advance once it accepts; null when nothing.')
  .register(contractSchemas, { id: 'Deposit' });

const statuses = Object.keys(RESERVATION_STATUS_CODES) as [ReservationStatus, ...ReservationStatus[]];

export const submittedRequest = z
  .object({
    reservation: z.object({
      id: z.guid(),
      numero: z.string().describe('The reservation’s number for the customer (TBL-…).'),
      numero_restaurateur: z.string().describe('The restaurant’s own number (R-0001…).'),
      code_reservation: z.string().describe('The customer’s code, to give with the number.'),
      status: z.enum(statuses).describe('pending for a new request; a replay answers the current status.'),
      respond_by: z.iso.datetime({ offset: true }).describe('When the restaurant should have answered: its promised response time counted within its opening hours (Europe/Paris).'),
      total_amount: z.number().describe('Euros TTC: the menu per adult, the children’s menu per child, the options.'),
      deposit: deposit.nullable(),
    }),
    warnings: z.array(z.string()).describe('What the restaurant will see before accepting (capacity, hours), in French; empty when none.'),
    customer_page_url: z
      .string()
      .optional()
      .describe(
        'The customer’s own page (/ma-reservation/{token} on the application’s origin), where they follow, change or cancel the request and write to the restaurant; the link every e-mail to them carries. Given to the restaurant’s request page (no key) and to the owner’s booking (not a preview); absent otherwise.',
      ),
  })
  .register(contractSchemas, { id: 'SubmittedRequest' });

export const refusal = z
  .object({
    code: z.string().describe('Machine-readable reason, e.g. date_in_past, group_size, invalid_key (README, "Requests in").'),
    field: z.string().nullable().describe('The field at fault (dotted path, e.g. customer.email), or null.'),
    message: z.string().describe('In French, fit to show to the customer.'),
  })
  .register(contractSchemas, { id: 'Refusal' });

/**
 * A request checked before it is sent (POST …/requests/check): the request's fields but its
 * external_id, the customer's details optional (a page filled in step by step has them last).
 */
export const requestToCheck = groupRequest
  .omit({ external_id: true })
  .partial({ customer: true })
  .describe('A request to check. Unknown fields are refused.')
  .register(contractSchemas, { id: 'RequestToCheck' });

/** What submitting the request would answer, nothing stored (public.check_group_request). */
export const requestCheck = z
  .object({
    refusal: refusal.nullable().describe('The first thing submitting it would refuse, in French, on its field (`customer` while the customer’s details are absent); null when nothing.'),
    total_amount: z
      .number()
      .nullable()
      .describe('Euros TTC, once what it books (date, time, group, menu, options) is right, even beside a refusal of the customer’s details or the texts; null before.'),
    deposit: deposit.nullable(),
    warnings: z.array(z.string()).describe('What the restaurant will see before accepting (capacity, hours), in French; empty when none.'),
  })
  .register(contractSchemas, { id: 'RequestCheck' });

/** The shape of Supabase Auth’s (GoTrue’s) 429, which the chatbot’s backend already reads. */
export const rateLimited = z
  .object({
    code: z.literal(429),
    error_code: z.literal('over_request_rate_limit'),
    msg: z.string().describe('In French.'),
  })
  .register(contractSchemas, { id: 'RateLimited' });

/** The answer to the owner's booking: the request's answer, and whether it was a preview (nothing stored). */
export const ownerBookingAnswer = submittedRequest
  .extend({ preview: z.boolean().describe('True when nothing was stored: the warnings to confirm before accepting.') })
  .register(contractSchemas, { id: 'OwnerBookingAnswer' });

export const requestParams = z.object({ restaurantId: z.guid() });

export type SubmittedRequest = z.output<typeof submittedRequest>;
export type OwnerBookingAnswer = z.output<typeof ownerBookingAnswer>;
export type RefusalAnswer = z.output<typeof refusal>;
export type RateLimitedAnswer = z.output<typeof rateLimited>;
export type OwnerBooking = z.input<typeof ownerBooking>;
export type ReservationChanges = z.input<typeof reservationChanges>;
export type RequestToCheck = z.input<typeof requestToCheck>;
export type RequestCheck = z.output<typeof requestCheck>;
export type ReservationChangesAnswer = z.output<typeof reservationChangesAnswer>;
export type ConversationMessage = z.input<typeof conversationMessage>;
