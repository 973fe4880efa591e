import { getSupabase } from '@tablee/domain';
// Light: /reset-password imports this (no TanStack Query there, see @tablee/shared/action); the
// account page uses the same hook.
import { useAction } from '@tablee/shared/action';
import { passwordChangeErrorMessage } from './messages';

/** The signed-in owner's new password (after a recovery link, or from the account page). */
export async function updatePassword(password: string): Promise<void> {
  const { error } = await getSupabase().auth.updateUser({ password });
  if (error) throw new Error(passwordChangeErrorMessage(error));
}

export const useUpdatePassword = () => useAction(updatePassword);
