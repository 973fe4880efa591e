/**
 * A throw-away stack for the eval and the bench: local-supabase on a temporary data directory (demo
 * data seeded), the demo restaurants' request pages switched on by their owner, and the assistant built
 * in this process on a free port. Everything started is stopped by `cleanUp`, last first, whatever
 * failed, and on Ctrl-C.
 */
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { AssistantKnowledge } from '@tablee/domain/assistant-knowledge';
import { freePort, launchStack, tempDataDir, type LaunchedStack } from '@tablee/local-supabase/test/launch';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const DEMO_OWNER = { email: 'demo@tablee.fr', password: 'tablee-demo' };

export interface DemoRestaurant {
  id: string;
  name: string;
  knowledge: AssistantKnowledge;
}

export interface AssistantStack {
  /** The assistant's base URL, e.g. http://127.0.0.1:23456. */
  url: string;
  stack: LaunchedStack;
  restaurants: DemoRestaurant[];
}

/** Stops what was started, last first, each whatever the others did. */
const cleanups: (() => Promise<unknown> | void)[] = [];

export async function cleanUp(): Promise<void> {
  for (const step of cleanups.splice(0).reverse()) await Promise.resolve(step()).catch((err: unknown) => console.error(err));
}

let interrupted = false;

/** Ctrl-C or a kill: stop the stack before leaving, then exit as interrupted. */
export function stopOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      void cleanUp().then(() => process.exit(130));
    });
  }
}

/** Whether Ctrl-C stopped the stack: what fails then (the answers cut off) is no failure to report. */
export const wasInterrupted = (): boolean => interrupted;

const ownerClient = (stack: LaunchedStack): SupabaseClient =>
  createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });

/** The demo owner's restaurants, each switched on (the chat answers only then) with its knowledge. */
async function demoRestaurants(stack: LaunchedStack): Promise<DemoRestaurant[]> {
  const owner = ownerClient(stack);
  const signedIn = await owner.auth.signInWithPassword(DEMO_OWNER);
  if (signedIn.error) throw signedIn.error;
  const { data, error } = await owner.from('restaurants').select('id, name').order('name');
  if (error) throw new Error(error.message);
  const restaurants: DemoRestaurant[] = [];
  for (const { id, name } of data as { id: string; name: string }[]) {
    const switched = await owner.rpc('set_request_page', { p_restaurant_id: id, p_enabled: true });
    if (switched.error) throw new Error(`set_request_page(${name}): ${switched.error.message}`);
    const knowledge = await owner.rpc('assistant_knowledge', { p_restaurant_id: id });
    if (knowledge.error) throw new Error(`assistant_knowledge(${name}): ${knowledge.error.message}`);
    restaurants.push({ id, name, knowledge: knowledge.data as AssistantKnowledge });
  }
  await owner.auth.signOut();
  return restaurants;
}

/** The stack, started and ready: its restaurants switched on, the assistant listening. `cleanUp` stops all of it. */
export async function startAssistantStack(label: string): Promise<AssistantStack> {
  const dataDir = tempDataDir(label);
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const stack = await launchStack({ dataDir });
  cleanups.push(() => stack.stop());
  const restaurants = await demoRestaurants(stack);

  const config = loadConfig({
    SUPABASE_URL: stack.url,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    LOG_LEVEL: 'warn',
    // Every conversation comes from this one address: the limits must not be what is measured.
    CHAT_RATE_LIMIT_MAX: '1000000',
    CHAT_CONVERSATION_LIMIT_MAX: '1000000',
  });
  const port = await freePort();
  const app = await buildApp({ ...config, port, host: '127.0.0.1' }, { logStream: new Writable({ write: (_chunk, _encoding, done) => done() }) });
  cleanups.push(() => app.close());
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}`, stack, restaurants };
}

/** One message of the web chat's API, as the restaurant's page sends it. */
export interface ChatAnswerBody {
  conversation: { id: string; token?: string };
  replies: { text: string }[];
  suggestions: string[];
  answered_by: string;
  request?: { numero: string; status: string; respond_by: string };
}

export interface Conversation {
  id: string;
  token: string;
}

/** Sends one customer message; the answer's status and body (a refusal's body too). */
export async function say(base: string, restaurantId: string, text: string, conversation?: Conversation): Promise<{ status: number; body: ChatAnswerBody }> {
  const response = await fetch(`${base}/api/chat/${restaurantId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...(conversation ? { conversation } : {}), text }),
  });
  return { status: response.status, body: (await response.json()) as ChatAnswerBody };
}
