/**
 * The customers' rights on the reservation service: an owner erases a customer of the guest
 * book, the database's rows (public.erase_customer, run as the owner) and the outbox's files.
 */
import { z } from 'zod';
import { contractSchemas } from './requests';

export const customerErasureBody = z
  .object({
    restaurant_id: z.guid().describe('The restaurant’s id.'),
    customer_id: z.guid().describe('The guest book’s entry (restaurant_customers.id).'),
  })
  .register(contractSchemas, { id: 'CustomerErasureBody' });

export const customerErasureAnswer = z
  .object({
    success: z.literal(true),
    message: z.string().describe('In French, for the owner: « Client effacé ».'),
    reservations: z.int().describe('Reservations anonymised (they keep dates, covers and amounts; the name becomes « Client effacé »).'),
    conversations: z.int().describe('Conversations deleted.'),
    messages: z.int().describe('Messages of those conversations deleted.'),
    outbox: z.int().describe('Outbox rows deleted (messages to the person, or about their reservations and conversations).'),
    files: z.int().describe('Files of the outbox folder deleted (the .eml and .json written instead of sending, when no SMTP or WhatsApp is set).'),
  })
  .register(contractSchemas, { id: 'CustomerErasureAnswer' });

/** A refusal of the erasure (French `message`): not an owner, no such customer, no session, a malformed body, too many requests, the database away. */
export const customerErasureRefusal = z
  .object({
    success: z.literal(false),
    message: z.string().describe('In French, fit to show to the owner.'),
    code: z.string().optional().describe('`api_unavailable` while the database is away (503, Retry-After).'),
  })
  .register(contractSchemas, { id: 'CustomerErasureRefusal' });

export type CustomerErasureBody = z.input<typeof customerErasureBody>;
export type CustomerErasureAnswer = z.output<typeof customerErasureAnswer>;
export type CustomerErasureRefusal = z.output<typeof customerErasureRefusal>;
