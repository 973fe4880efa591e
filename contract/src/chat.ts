/**
 * The assistant's web chat (assistant service, /api/chat/{restaurantId}/messages): a customer's
 * message in, the assistant's replies out; then what the restaurant's staff wrote since. Refusals and
 * the rate limit answer in the shapes of the request routes (Refusal, RateLimited).
 */
import { z } from 'zod';
import { contractSchemas } from './requests';

/** The most a message may weigh, in UTF-8 bytes: the body limit of the route, and the schema's. */
export const CHAT_MESSAGE_MAX_BYTES = 4096;

export const chatParams = z.object({ restaurantId: z.guid() });

const conversationCredentials = z
  .object({
    id: z.guid().describe('The conversation, as the first answer gave it.'),
    token: z.string().min(1).max(200).describe('Its token (given once, with the first answer): needed to continue or read it.'),
  })
  .register(contractSchemas, { id: 'ChatConversation' });

export const chatMessage = z
  .object({
    conversation: conversationCredentials.optional().describe('Absent for the first message: the answer opens a conversation.'),
    text: z
      .string({ error: 'Le message doit être un texte.' })
      .trim()
      .min(1, { error: 'Écrivez votre message.' })
      .refine((text) => new TextEncoder().encode(text).length <= CHAT_MESSAGE_MAX_BYTES, { error: 'Le message dépasse 4 Ko.' })
      .describe('What the customer wrote (at most 4 KB).'),
  })
  .register(contractSchemas, { id: 'ChatMessage' });

export const chatAnswer = z
  .object({
    conversation: z.object({ id: z.guid(), token: z.string().optional().describe('Only in the answer that opened the conversation.') }),
    replies: z.array(z.object({ text: z.string() })).describe('What the assistant says, in order (none once the restaurant has taken over).'),
    suggestions: z.array(z.string()).describe('Answers the customer may tap.'),
    answered_by: z.enum(['assistant', 'staff']).describe('staff: the restaurant answers this conversation itself (poll GET for its messages).'),
    request: z
      .object({ numero: z.string(), status: z.string(), respond_by: z.string() })
      .optional()
      .describe('The request this message sent to the restaurant: its number, status and the time by which the restaurant answers.'),
  })
  .register(contractSchemas, { id: 'ChatAnswer' });

export const staffMessagesQuery = z.object({
  conversation: z.guid(),
  token: z.string().min(1).max(200),
  after: z.iso.datetime({ offset: true }).optional().describe('Only what was written after this instant (the last message’s created_at).'),
});

export const staffMessages = z
  .object({
    answered_by: z.enum(['assistant', 'staff']),
    messages: z.array(z.object({ id: z.guid(), text: z.string(), created_at: z.string(), author: z.literal('Restaurant') })),
  })
  .register(contractSchemas, { id: 'StaffMessages' });

export type ChatMessage = z.input<typeof chatMessage>;
export type ChatAnswer = z.output<typeof chatAnswer>;
export type StaffMessages = z.output<typeof staffMessages>;
