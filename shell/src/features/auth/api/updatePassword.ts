import { getSupabase } from '@tablee/domain';
import { passwordChangeErrorMessage } from './messages';

/** The signed-in owner's new password (after a recovery link, or from the account page). */
export async function updatePassword(password: string): Promise<void> {
  const { error } = await getSupabase().auth.updateUser({ password });
  if (error) throw new Error(passwordChangeErrorMessage(error));
}
