/**
 * The web chat: POST /api/chat/{restaurantId}/messages (a customer's message, the assistant's replies)
 * and GET …/messages (what the restaurant's staff wrote since), for a restaurant whose online requests
 * are on and whose profile is complete (else 404 requests_closed, from SQL). Limited per client
 * address and per conversation; a message weighs at most 4 KB.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHAT_MESSAGE_MAX_BYTES, chatAnswer, chatMessage, chatParams, rateLimited, refusal, staffMessages, staffMessagesQuery, type StaffMessages } from '@tablee/contract';
import type { Config } from '../config';
import { answers } from '@tablee/contract/fastify';
import type { Db } from '../lib/supabase';
import { ChatRefusal, DatabaseFailure, runTurn, type Brain } from './turn';

export const CHAT_PATH = '/api/chat/:restaurantId/messages';

/** The body limit: the message's 4 KB, with room for the JSON around it and its escapes. */
const BODY_LIMIT = CHAT_MESSAGE_MAX_BYTES * 2 + 1024;

export function chatRoutes(instance: FastifyInstance, { config, db, brain }: { config: Config; db: Db; brain: Brain }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const perAddress = { max: config.addressLimit.max, timeWindow: config.addressLimit.timeWindowMs, keyGenerator: (request: FastifyRequest) => `chat-ip:${request.ip}` };
  // A conversation's own budget, whatever the addresses it is written from; a first message counts on its address.
  const perConversation = app.rateLimit({
    max: config.conversationLimit.max,
    timeWindow: config.conversationLimit.timeWindowMs,
    keyGenerator: (request) => {
      const body = request.body as { conversation?: { id?: string } } | undefined;
      const query = request.query as { conversation?: string } | undefined;
      const id = body?.conversation?.id ?? query?.conversation;
      return id ? `chat-conversation:${id.toLowerCase()}` : `chat-new:${request.ip}`;
    },
  });
  const refusals = {
    404: [refusal, 'The restaurant takes no online requests now (`requests_closed`), or the conversation is unknown (`unknown_conversation`).'],
    422: [refusal, 'The message does not fit the contract; `field` names the field.'],
    429: [rateLimited, 'Too many messages from this address or in this conversation; see Retry-After.'],
    503: [refusal, 'The database is momentarily unavailable: try again after Retry-After seconds.'],
  } as const;

  app.post(
    CHAT_PATH,
    {
      bodyLimit: BODY_LIMIT,
      config: { rateLimit: perAddress },
      preHandler: perConversation,
      schema: {
        operationId: 'sendChatMessage',
        summary: 'A customer’s message to the restaurant’s assistant; its replies.',
        description:
          'The first message opens a conversation: its answer gives `conversation.id` and `conversation.token` (keep both: they continue and read it). The assistant answers from the restaurant’s profile and FAQ, gathers a group request, checks it and sends it once the customer confirms (`request`). Once the restaurant has taken the conversation over, `replies` is empty and `answered_by` is `staff`.',
        params: chatParams,
        body: chatMessage,
        ...answers({ 200: [chatAnswer, 'Answered.'], ...refusals }),
      },
    },
    async (request, reply) => {
      const { conversation, text } = request.body;
      const { duplicate: _duplicate, ...answer } = await runTurn(
        db,
        { restaurantId: request.params.restaurantId.toLowerCase(), channel: 'web', conversation, text },
        { ...brain, onModelFailure: (error) => request.log.warn({ err: error }, 'model failed: the engine answered') },
      );
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  app.get(
    CHAT_PATH,
    {
      config: { rateLimit: perAddress },
      preHandler: perConversation,
      schema: {
        operationId: 'readStaffMessages',
        summary: 'What the restaurant’s staff wrote in a conversation since an instant.',
        params: chatParams,
        querystring: staffMessagesQuery,
        ...answers({ 200: [staffMessages, 'The staff’s messages, oldest first, and who answers now.'], ...refusals }),
      },
    },
    async (request, reply) => {
      const { conversation, token, after } = request.query;
      const { data, error, status } = await db.rpc('staff_messages_since', {
        p_restaurant_id: request.params.restaurantId.toLowerCase(),
        p_conversation: { id: conversation, token } as never,
        ...(after ? { p_after: after } : {}),
      });
      if (error) throw status >= 500 || status === 0 ? new DatabaseFailure(error.message) : new ChatRefusal(status, { code: error.code, field: error.details || null, message: error.message });
      const answer: StaffMessages = { answered_by: data.answered_by, messages: data.messages.map((m) => ({ ...m, author: 'Restaurant' as const })) };
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
