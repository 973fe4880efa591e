import { initSupabase, startSession } from '@tablee/shared';
import { resetSupabaseForTests, stopSessionForTests } from '@tablee/shared/testing';
import { getSupabase } from '@tablee/domain';

export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.fr`;

/** A new owner, signed in through the one Supabase client of @tablee/shared (fresh client and session). */
export async function signInNewOwner() {
  stopSessionForTests();
  resetSupabaseForTests();
  localStorage.clear();
  initSupabase({ url: process.env.TEST_SUPABASE_URL!, anonKey: process.env.TEST_SUPABASE_ANON_KEY! });
  // The same client, typed by the database's types.
  const client = getSupabase();
  await startSession();
  const email = uniqueEmail('onboarding');
  expect((await client.auth.signUp({ email, password: 'secret-123' })).error).toBeNull();
  const signIn = await client.auth.signInWithPassword({ email, password: 'secret-123' });
  expect(signIn.error).toBeNull();
  return { client, email, userId: signIn.data.user!.id };
}

/** An empty restaurant of the signed-in owner, as 'Démarrer' creates it. */
export async function newRestaurant(client: Awaited<ReturnType<typeof signInNewOwner>>['client']): Promise<string> {
  const { data, error } = await client.rpc('start_restaurant_onboarding');
  expect(error).toBeNull();
  return data!;
}
