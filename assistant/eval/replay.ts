/**
 * One dialogue replayed through the web chat's HTTP API, as a customer would type it, each reply
 * checked against its turn's expectations; then what the conversation stored, read from the
 * throw-away database. The first thing that does not hold fails the dialogue (what follows it would
 * only fail in its wake).
 */
import { withDb } from '@tablee/local-supabase/test/clients';
import type { Dialogue, StoredRequest, TurnExpectation } from './dialogues';
import { PlaceholderError, resolvePlaceholders } from './placeholders';
import { say, type ChatAnswerBody, type Conversation, type DemoRestaurant } from './stack';

export interface Failure {
  /** The turn (from 1) whose reply failed; null for what was stored at the end. */
  turn: number | null;
  said?: string;
  reason: string;
  replies?: string;
}

export interface Outcome {
  dialogue: Dialogue;
  failure?: Failure;
}

export interface ReplayContext {
  url: string;
  dbUrl: string;
  restaurants: DemoRestaurant[];
  /** Today in Paris, YYYY-MM-DD: the placeholders' dates count from it, as the engine's do. */
  today: string;
}

/** Compared without case, with one apostrophe and one space: the assistant writes ’ and 32,00 € with a no-break space, a dialogue ' and a space. */
const comparable = (text: string) => text.toLowerCase().replace(/[’‘]/g, "'").replace(/\s/g, ' ');

const quoted = (text: string) => `« ${text} »`;

/** What a reply breaks of its turn's expectations, or null. */
function replyFailure(answer: ChatAnswerBody, expect: TurnExpectation, resolve: (text: string) => string): string | null {
  const replies = comparable(answer.replies.map((r) => r.text).join('\n'));
  for (const wanted of expect.contains ?? []) {
    if (!replies.includes(comparable(resolve(wanted)))) return `the reply does not contain ${quoted(resolve(wanted))}`;
  }
  for (const unwanted of expect.notContains ?? []) {
    if (replies.includes(comparable(resolve(unwanted)))) return `the reply contains ${quoted(resolve(unwanted))}`;
  }
  if (expect.request === true && !answer.request) return 'no request was sent';
  if (expect.request === false && answer.request) return `a request was sent (${answer.request.numero})`;
  const offered = answer.suggestions.map(comparable);
  for (const wanted of expect.suggestions ?? []) {
    if (!offered.includes(comparable(resolve(wanted)))) return `no suggestion ${quoted(resolve(wanted))} (offered: ${answer.suggestions.join(', ') || 'none'})`;
  }
  return null;
}

interface StoredRow {
  date: string;
  arrival_time: string;
  adults: number;
  children: number;
  menu: string | null;
  dietary: string | null;
  name: string;
  email: string | null;
  phone: string | null;
}

const storedOf = (dbUrl: string, conversationId: string) =>
  withDb(
    async (db) =>
      (
        await db.query<StoredRow>(
          `select to_char(r.reservation_date, 'YYYY-MM-DD') as date, to_char(r.arrival_time, 'HH24:MI') as arrival_time,
                  r.number_people as adults, r.children, m.name as menu, r.dietary_notes as dietary,
                  r.customer_name as name, r.email, r.phone_number as phone
             from public.restaurant_reservations r left join public.restaurant_menus m on m.id = r.selected_menu_id
            where r.conversation_id = $1 order by r.created_at, r.numero_reservation_restaurateur`,
          [conversationId],
        )
      ).rows,
    dbUrl,
  );

/** What a stored request breaks of its expectation, or null. */
function requestFailure(row: StoredRow, expected: StoredRequest, resolve: (text: string) => string): string | null {
  const resolved = (value: string | undefined) => (value === undefined ? undefined : resolve(value));
  const exact: [keyof StoredRow, string | number | null | undefined][] = [
    ['date', resolved(expected.date)],
    ['arrival_time', resolved(expected.arrivalTime)],
    ['adults', expected.adults],
    ['children', expected.children],
    ['menu', expected.menu],
    ['name', expected.name],
    ['email', expected.email],
    ['phone', expected.phone],
  ];
  for (const [field, wanted] of exact) {
    if (wanted !== undefined && row[field] !== wanted) return `${field} is ${JSON.stringify(row[field])}, expected ${JSON.stringify(wanted)}`;
  }
  if (expected.dietary === null && row.dietary !== null) return `dietary notes ${quoted(row.dietary)}, expected none`;
  for (const words of expected.dietary ?? []) {
    if (!comparable(row.dietary ?? '').includes(comparable(words))) return `dietary notes ${quoted(row.dietary ?? '')} do not contain ${quoted(words)}`;
  }
  return null;
}

async function storedFailure(dialogue: Dialogue, context: ReplayContext, conversationId: string, resolve: (text: string) => string): Promise<string | null> {
  const expected = dialogue.stored;
  if (!expected) return null;
  const rows = await storedOf(context.dbUrl, conversationId);
  if (rows.length !== expected.count) return `${rows.length} request(s) stored, expected ${expected.count}`;
  for (const [index, wanted] of (expected.requests ?? []).entries()) {
    const failure = requestFailure(rows[index], wanted, resolve);
    if (failure) return `request ${index + 1}: ${failure}`;
  }
  return null;
}

export async function replay(dialogue: Dialogue, context: ReplayContext): Promise<Outcome> {
  const restaurant = context.restaurants.find((r) => r.name === dialogue.restaurant);
  if (!restaurant) return { dialogue, failure: { turn: null, reason: `no demo restaurant named ${quoted(dialogue.restaurant)}` } };
  const resolve = (text: string) => resolvePlaceholders(text, restaurant.knowledge, context.today);
  let conversation: Conversation | undefined;
  let turn = 0;
  try {
    for (const step of dialogue.turns) {
      turn += 1;
      const said = resolve(step.say);
      const { status, body } = await say(context.url, restaurant.id, said, conversation);
      if (status !== 200) return { dialogue, failure: { turn, said, reason: `HTTP ${status}: ${JSON.stringify(body)}` } };
      conversation ??= { id: body.conversation.id, token: body.conversation.token ?? '' };
      const reason = step.expect ? replyFailure(body, step.expect, resolve) : null;
      if (reason) return { dialogue, failure: { turn, said, reason, replies: body.replies.map((r) => r.text).join('\n') } };
    }
    const reason = conversation ? await storedFailure(dialogue, context, conversation.id, resolve) : null;
    return reason ? { dialogue, failure: { turn: null, reason } } : { dialogue };
  } catch (error) {
    if (!(error instanceof PlaceholderError)) throw error;
    return { dialogue, failure: { turn, reason: `placeholder: ${error.message}` } };
  }
}
