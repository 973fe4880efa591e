/**
 * The eval's dialogues, as data (eval/dialogues/*.json, documented in eval/README.md): each a
 * restaurant, the customer's turns with what each reply must (not) say, and what the conversation
 * must have stored at the end. Read and checked here, so that a typo in a file fails loudly rather
 * than passing silently.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const text = z.string().min(1);

const turnExpectation = z.strictObject({
  /** Each must be in the turn's replies (case aside, apostrophes straight). */
  contains: z.array(text).optional(),
  /** None may be in the turn's replies. */
  notContains: z.array(text).optional(),
  /** A request was sent by this turn (true), or not (false). */
  request: z.boolean().optional(),
  /** Each must be one of the suggestions (buttons) offered. */
  suggestions: z.array(text).optional(),
});

const turn = z.strictObject({
  say: text,
  expect: turnExpectation.optional(),
});

const storedRequest = z.strictObject({
  date: text.optional(),
  arrivalTime: text.optional(),
  adults: z.number().int().optional(),
  children: z.number().int().optional(),
  /** The menu's name; null: no menu chosen. */
  menu: text.nullable().optional(),
  /** Each must be in the dietary notes (case aside); null: no notes stored. */
  dietary: z.union([z.array(text), z.null()]).optional(),
  name: text.optional(),
  email: text.nullable().optional(),
  phone: text.nullable().optional(),
});

const stored = z.strictObject({
  /** How many requests the conversation stored. */
  count: z.number().int().min(0),
  /** The stored requests in the order they were sent, each checked on the fields given. */
  requests: z.array(storedRequest).optional(),
});

const dialogue = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, 'ids are lower-case words joined by dashes'),
  category: z.string().regex(/^[a-z0-9-]+$/),
  /** The restaurant's name, as in the demo data. */
  restaurant: text,
  /** What the dialogue checks, in a sentence: read when it fails. */
  about: text.optional(),
  turns: z.array(turn).min(1),
  stored: stored.optional(),
});

export type TurnExpectation = z.output<typeof turnExpectation>;
export type StoredRequest = z.output<typeof storedRequest>;
export type Dialogue = z.output<typeof dialogue> & { file: string };

/** Every dialogue of the JSON files in `dir`; a file that does not fit the format throws, naming it. */
export function loadDialogues(dir: string): Dialogue[] {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const dialogues = files.flatMap((file) => {
    const parsed = z.array(dialogue).safeParse(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${file}: ${issue.path.join('.')}: ${issue.message}`);
    }
    return parsed.data.map((d) => ({ ...d, file }));
  });
  const seen = new Set<string>();
  for (const d of dialogues) {
    if (seen.has(d.id)) throw new Error(`${d.file}: the id ${d.id} is used twice`);
    seen.add(d.id);
  }
  return dialogues;
}
