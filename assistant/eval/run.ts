/**
 * `pnpm eval:assistant`: the dialogues of eval/dialogues/ replayed against the engine, on a stack of
 * its own (local-supabase with the demo data, the assistant in this process), then a table by
 * category and each failure's turn and reason. Exits 1 when any dialogue fails; stops what it started
 * whatever happens, Ctrl-C included.
 *
 *   pnpm eval:assistant                  every dialogue
 *   pnpm eval:assistant refusals typo-2  the dialogues of a category, or whose id contains the word
 *
 * EVAL_CONCURRENCY (4): how many dialogues are replayed at once (each its own conversation).
 */
import path from 'node:path';
import { parisDayAndTime } from '@tablee/domain/french';
import { loadDialogues, type Dialogue } from './dialogues';
import { replay, type Outcome, type ReplayContext } from './replay';
import { cleanUp, startAssistantStack, stopOnSignals, wasInterrupted } from './stack';

const CONCURRENCY = Number(process.env.EVAL_CONCURRENCY ?? 4);

/** The dialogues the command line names (a category, or part of an id); all when it names none. */
function selected(dialogues: Dialogue[], words: string[]): Dialogue[] {
  if (words.length === 0) return dialogues;
  return dialogues.filter((d) => words.some((word) => d.category === word || d.id.includes(word)));
}

/** Replays the dialogues, `CONCURRENCY` at a time, in their order. */
async function replayAll(dialogues: Dialogue[], context: ReplayContext): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(dialogues.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < dialogues.length; index = next++) {
      outcomes[index] = await replay(dialogues[index], context);
      process.stdout.write(outcomes[index].failure ? '✗' : '.');
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, CONCURRENCY) }, worker));
  process.stdout.write('\n');
  return outcomes;
}

function printTable(outcomes: Outcome[]): void {
  const categories = [...new Set(outcomes.map((o) => o.dialogue.category))];
  const row = (label: string, of: Outcome[]) => {
    const failed = of.filter((o) => o.failure).length;
    console.log(`| ${label} | ${of.length} | ${of.length - failed} | ${failed} |`);
  };
  console.log('\n| category | dialogues | passed | failed |');
  console.log('|---|---:|---:|---:|');
  for (const category of categories)
    row(
      category,
      outcomes.filter((o) => o.dialogue.category === category),
    );
  row('**all**', outcomes);
}

function printFailures(outcomes: Outcome[]): void {
  const failed = outcomes.filter((o) => o.failure);
  if (failed.length === 0) return;
  console.log('\nFailures:\n');
  for (const { dialogue, failure } of failed) {
    const where = failure!.turn === null ? 'at the end' : `turn ${failure!.turn}${failure!.said ? ` « ${failure!.said} »` : ''}`;
    console.log(`✗ ${dialogue.id} (${dialogue.file}), ${where}: ${failure!.reason}`);
    if (failure!.replies !== undefined) console.log(`    replied: ${failure!.replies.replace(/\n/g, ' ⏎ ')}`);
  }
}

async function main(): Promise<void> {
  const dialogues = selected(loadDialogues(path.join(import.meta.dirname, 'dialogues')), process.argv.slice(2));
  if (dialogues.length === 0) throw new Error('no dialogue selected');
  console.log(`Starting a throw-away stack for ${dialogues.length} dialogues…`);
  const { url, stack, restaurants } = await startAssistantStack('eval-assistant');
  const outcomes = await replayAll(dialogues, { url, dbUrl: stack.dbUrl, restaurants, today: parisDayAndTime(new Date()).day });
  printTable(outcomes);
  printFailures(outcomes);
  if (outcomes.some((o) => o.failure)) process.exitCode = 1;
}

stopOnSignals();
main()
  .catch((err: unknown) => {
    if (!wasInterrupted()) console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
