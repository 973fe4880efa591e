import { getSupabase } from '@tablee/domain';
// Light: /signin and /signup import this (no TanStack Query there, see @tablee/action).
import { useAction } from '@tablee/action';
import { SIGN_IN_MESSAGES } from './authErrors';
import { ACCOUNT_MESSAGES } from './messages';

/**
 * 'Renvoyer l’e-mail': a new confirmation link for an account not yet confirmed (Auth answers the same
 * for any address, and sends only to such an account). Resolves with the address.
 */
export async function resendConfirmation(email: string): Promise<string> {
  const { error } = await getSupabase().auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${window.location.origin}/confirm-signup` } });
  if (error) throw new Error(error.code === 'over_email_send_rate_limit' || error.status === 429 ? SIGN_IN_MESSAGES.tooManyRequests : ACCOUNT_MESSAGES.resendFailed);
  return email;
}

export const useResendConfirmation = () => useAction(resendConfirmation);
