/**
 * What the assistant remembers of a conversation between two messages: the request being gathered,
 * what it last asked, whether it awaits the customer's confirmation, and the requests already sent.
 * Stored by public.record_assistant_turn (conversations.assistant_state) and read back with the next
 * message; parsed here, so that a state written by an older version of the engine starts afresh
 * rather than failing.
 */
import { z } from 'zod';

const SLOTS = ['date', 'time', 'people', 'children', 'menu', 'dietary', 'name', 'contact', 'confirmation'] as const;

const requestSlots = z.object({
  date: z.string().optional(),
  service: z.enum(['lunch', 'dinner']).optional(),
  time: z.string().optional(),
  adults: z.number().int().optional(),
  children: z.number().int().optional(),
  menuId: z.string().optional(),
  /** The menu question was asked and answered without a menu ('à la carte', 'non'). */
  noMenu: z.boolean().optional(),
  dietary: z.string().optional(),
  /** The allergies question was asked: asked once per request. */
  dietaryAsked: z.boolean().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
});

/** A request as check_group_request and submit_group_request read it (dialogue.ts GroupRequest). */
const groupRequest = z.object({
  external_id: z.string(),
  date: z.string(),
  arrival_time: z.string(),
  adults: z.number().int(),
  children: z.number().int(),
  menu_id: z.string().optional(),
  dietary_notes: z.string().optional(),
  customer: z.object({ name: z.string(), email: z.string().optional(), phone: z.string().optional() }).optional(),
  conversation: z.object({ id: z.string() }).optional(),
});

const conversationState = z.object({
  greeted: z.boolean().default(false),
  slots: requestSlots.default({}),
  expecting: z.enum(SLOTS).optional(),
  confirming: z.boolean().default(false),
  /** What the request books, as the database last accepted it (dialogue.ts bookingOf): asked again only when it changes, and at the recap. */
  checkedBooking: z.string().optional(),
  requests: z.array(z.object({ numero: z.string(), status: z.string(), respond_by: z.string() })).default([]),
  /** With a model (llm/agent.ts): the request checked and recapped, which only the customer's confirmation sends. */
  pending: groupRequest.optional(),
  /** With a model: the last exchanges it is shown. */
  history: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })).optional(),
});

export type RequestSlots = z.output<typeof requestSlots>;
export type ConversationState = z.output<typeof conversationState>;

export function readState(stored: unknown): ConversationState {
  const parsed = conversationState.safeParse(stored ?? {});
  return parsed.success ? parsed.data : conversationState.parse({});
}
