import { getSupabase } from '@tablee/domain';
import { resetRequestErrorMessage } from './messages';

/**
 * Asks for a recovery e-mail. The server answers the same whether or not the address has an account;
 * its link opens /reset-password of this origin with `?token_hash=…&type=recovery`.
 */
export async function requestPasswordReset(email: string): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const { error } = await getSupabase().auth.resetPasswordForEmail(email, { redirectTo: `${window.location.origin}/reset-password` });
    return error ? { ok: false, message: resetRequestErrorMessage(error) } : { ok: true };
  } catch (err) {
    return { ok: false, message: resetRequestErrorMessage(err) };
  }
}
