import fs from 'node:fs';
import { client, withDb } from './clients';
import { png } from './images';
import { launchStack, tempDataDir, type LaunchedStack } from './launch';
import { childrenOf, isRunning, stillRuns } from './processes';

/**
 * Stacks of a test file's own, for what the run's stack must never go through (killed processes,
 * dropped connections, restarts): each is stopped and its data removed after every test, even a failed
 * one; and should a stack have died leaving children behind (the defect these tests are about), they
 * are killed too.
 */
export function ownStacks() {
  const started: { stack: LaunchedStack; dataDir: string; children: { pid: number; command: string }[] }[] = [];
  afterEach(async () => {
    for (const { stack, dataDir, children } of started.splice(0).reverse()) {
      if (isRunning(stack.pid)) children.push(...childrenOf(stack.pid));
      await stack.stop();
      for (const child of children) if (stillRuns(child)) process.kill(child.pid, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
  return async (label: string, options: Partial<Parameters<typeof launchStack>[0]> = {}) => {
    const dataDir = options.dataDir ?? tempDataDir(label);
    const stack = await launchStack({ ...options, dataDir, env: { LOCAL_SUPABASE_SEED: 'false', ...options.env } }).catch((err: unknown) => {
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      throw err;
    });
    started.push({ stack, dataDir, children: childrenOf(stack.pid) });
    return stack;
  };
}

export const BUCKET = 'restaurant-photos';

/** An owner of a restaurant on `stack`, signed in through supabase-js, with one photo uploaded. */
export async function ownerWithPhoto(stack: LaunchedStack, label: string) {
  const email = `${label}-${Date.now()}@test.tablee.fr`;
  const password = 'motdepasse-solide';
  const c = client(stack.anonKey, stack.url);
  const signedUp = await c.auth.signUp({ email, password });
  if (signedUp.error) throw signedUp.error;
  const restaurant = await c.from('restaurants').insert({ name: label }).select('id').single();
  if (restaurant.error) throw restaurant.error;
  const restaurantId = restaurant.data.id as string;
  const photo = `${restaurantId}/1-salle.png`;
  const upload = await c.storage.from(BUCKET).upload(photo, png(), { contentType: 'image/png' });
  if (upload.error) throw upload.error;
  return { client: c, email, password, restaurantId, photo };
}

type Owner = Awaited<ReturnType<typeof ownerWithPhoto>>;

/** Auth, storage and rest each answer a real call: a fresh sign-in, an upload and a read of the owner's restaurant. */
export async function answersEverything(stack: LaunchedStack, owner: Owner): Promise<{ auth: unknown; storage: unknown; rest: unknown }> {
  const fresh = client(stack.anonKey, stack.url);
  const signIn = await fresh.auth.signInWithPassword({ email: owner.email, password: owner.password });
  const upload = await fresh.storage.from(BUCKET).upload(`${owner.restaurantId}/${Date.now()}-${Math.random().toString(36).slice(2)}.png`, png(), { contentType: 'image/png' });
  const read = await fresh.from('restaurants').select('id').eq('id', owner.restaurantId);
  return { auth: signIn.error, storage: upload.error, rest: read.error ?? (read.data?.length === 1 ? null : read.data) };
}

export const allAnswered = (result: { auth: unknown; storage: unknown; rest: unknown }) => result.auth === null && result.storage === null && result.rest === null;

/** Deletes a storage row with SQL as superuser, bypassing the API (as a trigger or an administrator would). */
export const deleteObjectRow = (stack: LaunchedStack, name: string) => withDb((db) => db.query('delete from storage.objects where bucket_id = $1 and name = $2', [BUCKET, name]), stack.dbUrl);
