// Light: /signup imports this (no TanStack Query there, see @tablee/action).
import { useAction } from '@tablee/action';
import { signUp } from '@tablee/shared/supabase';
import { signUpErrorMessage } from './authErrors';
import type { Credentials } from './signIn';

/** What /signup passes to /signin on success. */
export interface SignedUpState {
  signedUp: true;
  email: string;
  /** An invitation's page the sign-up was started from: back to it once signed in. */
  from?: string;
}

/**
 * Creates the owner's account (not signed in); resolves true when Auth's confirmations are on (a link was
 * e-mailed, the account waits for it); rejects with the French message chosen from Supabase Auth's answer.
 */
export async function createAccount({ email, password }: Credentials): Promise<boolean> {
  const result = await signUp(email, password);
  if (!result.ok) throw new Error(signUpErrorMessage(result.error));
  return result.confirmationSent ?? false;
}

export const useSignUp = () => useAction(createAccount);
