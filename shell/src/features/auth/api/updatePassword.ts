import { getSupabase } from '@tablee/domain';
// Light: /reset-password imports this (no TanStack Query there, see @tablee/action); the
// account page uses the same hook.
import { useAction } from '@tablee/action';
import { passwordChangeErrorMessage } from './messages';

/**
 * The signed-in owner's new password. From the account page the current one goes with it (Auth's
 * `current_password`: a stolen session alone cannot change the password); after a recovery link there is
 * none, and the session the link opened is enough.
 */
export async function updatePassword({ password, currentPassword }: { password: string; currentPassword?: string }): Promise<void> {
  const { error } = await getSupabase().auth.updateUser(currentPassword === undefined ? { password } : { password, current_password: currentPassword });
  if (error) throw new Error(passwordChangeErrorMessage(error));
}

export const useUpdatePassword = () => useAction(updatePassword);
