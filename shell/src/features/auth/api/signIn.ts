// Light: /signin imports this (no TanStack Query there, see @tablee/action).
import { useAction } from '@tablee/action';
import { signIn } from '@tablee/shared/supabase';
import { signInErrorMessage } from './authErrors';

export interface Credentials {
  email: string;
  password: string;
}

/** Signs the owner in; rejects with the French message chosen from Supabase Auth's answer. */
export async function signInWithPassword({ email, password }: Credentials): Promise<void> {
  const result = await signIn(email, password);
  if (!result.ok) throw new Error(signInErrorMessage(result.error));
}

export const useSignIn = () => useAction(signInWithPassword);
