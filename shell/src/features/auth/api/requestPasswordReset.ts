import { getSupabase } from '@tablee/domain';
// Light: /forgot-password imports this (no TanStack Query there, see @tablee/action).
import { useAction } from '@tablee/action';
import { resetRequestErrorMessage } from './messages';

/**
 * Asks for a recovery e-mail. The server answers the same whether or not the address has an account;
 * its link opens /reset-password of this origin with `?token_hash=…&type=recovery`. Rejects with the
 * French message.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  try {
    const { error } = await getSupabase().auth.resetPasswordForEmail(email, { redirectTo: `${window.location.origin}/reset-password` });
    if (error) throw error;
  } catch (err) {
    throw new Error(resetRequestErrorMessage(err));
  }
}

export const useRequestPasswordReset = () => useAction(requestPasswordReset);
