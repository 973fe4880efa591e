/**
 * One customer message, whatever its channel: stored (public.receive_customer_message), answered by
 * the engine unless the restaurant has taken the conversation over, and the answer recorded
 * (public.record_assistant_turn) on the state it was computed from. Two messages of one conversation
 * at once: the later one finds the state moved (409), reads it again and is answered after the
 * first, in order; a request confirmed twice is sent once (its external_id is the conversation's).
 */
import { randomUUID } from 'node:crypto';
import type { PostgrestError } from '@supabase/supabase-js';
import type { ChatAnswer } from '@tablee/contract';
import type { ReceivedMessageAnswer } from '@tablee/domain/function-answers';
import { parisDayAndTime } from '@tablee/domain/french';
import { customerPagePath } from '@tablee/domain/customer-page';
import { answer, RefusalOfSubmit, type EngineTools, type GroupRequest, type Turn } from '../engine/dialogue';
import { readState, type ConversationState } from '../engine/state';
import { answerWithModel, type ModelSettings } from '../llm/agent';
import { cachedKnowledge } from './knowledge';
import type { Db } from '../lib/supabase';

/** A refusal of the database (PostgREST's status and our {code, details, message}), passed on as the routes answer it. */
export class ChatRefusal extends Error {
  constructor(
    readonly status: number,
    readonly refusal: { code: string; field: string | null; message: string },
  ) {
    super(refusal.message);
  }
}

/** Our database is unavailable or answered what it should not: the caller says so, nothing half-done. */
export class DatabaseFailure extends Error {
  override readonly name = 'DatabaseFailure';
}

/** How many times a turn is computed again when another message moved the conversation meanwhile. */
const MAX_ATTEMPTS = 5;

function refusalOf(error: PostgrestError, status: number): ChatRefusal | DatabaseFailure {
  if (status >= 500 || status === 0) return new DatabaseFailure(error.message);
  return new ChatRefusal(status, { code: error.code, field: error.details || null, message: error.message });
}

/** A call of one SQL function: its answer, or its refusal thrown. */
async function call<T>(query: PromiseLike<{ data: T | null; error: PostgrestError | null; status: number }>): Promise<T> {
  const { data, error, status } = await query;
  if (error) throw refusalOf(error, status);
  if (data === null) throw new DatabaseFailure('no answer');
  return data;
}

export interface IncomingMessage {
  restaurantId: string;
  channel: 'web' | 'whatsapp';
  conversation?: { id: string; token: string };
  text: string;
  /** The customer's number on WhatsApp. */
  contact?: string;
  /** The channel's id of the message (WhatsApp's wamid): a message received twice is answered once. */
  channelMessageId?: string;
  /** The service's own reply instead of the engine's (a message it cannot read: a voice note, an image); the state is kept. */
  reply?: string;
}

export interface TurnResult extends ChatAnswer {
  /** The message was received before (a channel's retry): nothing was answered now. */
  duplicate: boolean;
}

function toolsFor(db: Db, restaurantId: string, conversationId: string, knowledge: EngineTools['knowledge'], appUrl: string): EngineTools {
  return {
    knowledge,
    today: parisDayAndTime(new Date()).day,
    conversationId,
    check: (request: GroupRequest) => call(db.rpc('check_group_request', { p_restaurant_id: restaurantId, p_request: request as never })),
    submit: async (request: GroupRequest) => {
      const { data, error, status } = await db.rpc('submit_group_request', { p_restaurant_id: restaurantId, p_request: request as never, p_source: 'assistant' });
      if (error && status < 500 && status > 0) throw new RefusalOfSubmit({ status, code: error.code, field: error.details || null, message: error.message });
      if (error || !data) throw new DatabaseFailure(error?.message ?? 'no answer');
      // The customer's page, in the reply that tells them the request was sent (whichever brain writes it).
      const [page] = await call(db.rpc('customer_page_tokens', { p_reservation_ids: [data.reservation.id] }));
      if (!page) throw new DatabaseFailure('no token for the request sent');
      return { ...data, pageUrl: `${appUrl}${customerPagePath(page.token)}` };
    },
    faq: async (question: string) => (await db.rpc('assistant_faq_match', { p_restaurant_id: restaurantId, p_question: question })).data ?? null,
  };
}

/** Who writes the replies: a model when one is configured (and answers in time), else the built-in engine. */
export interface Brain {
  /** The application's public origin: the customer's page (/ma-reservation/{token}) the reply sending a request links to. */
  appUrl: string;
  model?: ModelSettings;
  /** Told when the model failed and the engine answered instead. */
  onModelFailure?: (error: unknown) => void;
}

/** On WhatsApp the customer's number is known (wa_id, digits with the country code): the request's phone, never asked. */
function withKnownContact(state: ConversationState, message: IncomingMessage): ConversationState {
  if (message.channel !== 'whatsapp' || !message.contact || state.slots.phone || state.slots.email) return state;
  return { ...state, slots: { ...state.slots, phone: `+${message.contact}` } };
}

export async function runTurn(db: Db, message: IncomingMessage, brain: Brain): Promise<TurnResult> {
  // Each message has an id on its channel; on the web, one of ours, so that a turn computed again reads the same message.
  const channelMessageId = message.channelMessageId ?? `web:${randomUUID()}`;
  const receive = () =>
    call<ReceivedMessageAnswer>(
      db.rpc('receive_customer_message', {
        p_restaurant_id: message.restaurantId,
        p_channel: message.channel,
        p_conversation: (message.conversation ?? null) as never,
        p_text: message.text,
        ...(message.contact ? { p_contact: message.contact } : {}),
        p_channel_message_id: channelMessageId,
      }),
    );
  const first = await receive();
  const conversation = { id: first.conversation.id, ...(first.conversation.token ? { token: first.conversation.token } : {}) };
  const silent = (answeredBy: 'assistant' | 'staff', duplicate: boolean): TurnResult => ({ conversation, replies: [], suggestions: [], answered_by: answeredBy, duplicate });
  if (first.duplicate) return silent(first.answered_by, true);

  // The engine's answer, or the service's own reply (the state kept as it was).
  const reply = message.reply;
  let think: (state: unknown) => Promise<Turn>;
  if (reply === undefined) {
    const knowledge = await cachedKnowledge(message.restaurantId, () => call(db.rpc('assistant_knowledge', { p_restaurant_id: message.restaurantId })));
    const tools = toolsFor(db, message.restaurantId, conversation.id, knowledge, brain.appUrl);
    const { model, onModelFailure } = brain;
    const read = (state: unknown) => withKnownContact(readState(state), message);
    think = (state) =>
      model
        ? answerWithModel(read(state), message.text, tools, model).catch((error: unknown) => {
            onModelFailure?.(error);
            return answer(read(state), message.text, tools);
          })
        : answer(read(state), message.text, tools);
  } else think = async (state) => ({ state: readState(state), replies: [reply], suggestions: [] });
  let received = first;
  for (let attempt = 1; ; attempt += 1) {
    if (received.answered_by === 'staff') return silent('staff', false);
    const turn = await think(received.state);
    const { error, status } = await db.rpc('record_assistant_turn', {
      p_conversation_id: conversation.id,
      p_version: received.version,
      p_state: turn.state as never,
      p_replies: turn.replies,
      ...(turn.handOver ? { p_hand_over: turn.handOver } : {}),
      ...(turn.contact ? { p_contact: turn.contact } : {}),
    });
    if (!error) {
      return {
        conversation,
        replies: turn.replies.map((text) => ({ text })),
        suggestions: turn.suggestions,
        answered_by: 'assistant',
        duplicate: false,
        ...(turn.request ? { request: turn.request } : {}),
      };
    }
    if (error.code !== 'conversation_moved' || attempt >= MAX_ATTEMPTS) throw refusalOf(error, status);
    // Another message was answered meanwhile (or the staff took over): read where the conversation is now.
    received = await receive();
  }
}
