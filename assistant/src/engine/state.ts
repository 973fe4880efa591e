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

const conversationState = z.object({
  greeted: z.boolean().default(false),
  slots: requestSlots.default({}),
  expecting: z.enum(SLOTS).optional(),
  confirming: z.boolean().default(false),
  requests: z.array(z.object({ numero: z.string(), status: z.string(), respond_by: z.string() })).default([]),
});

export type RequestSlots = z.output<typeof requestSlots>;
export type ConversationState = z.output<typeof conversationState>;

export function readState(stored: unknown): ConversationState {
  const parsed = conversationState.safeParse(stored ?? {});
  return parsed.success ? parsed.data : conversationState.parse({});
}
