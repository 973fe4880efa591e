import { getSupabase } from '@tablee/domain';
import { emailChangeErrorMessage } from './messages';

/**
 * Asks to change the signed-in owner's e-mail: a link goes to the new address, which becomes the
 * account's once that link (/confirm-email of this origin) is opened.
 */
export async function changeEmail(email: string): Promise<void> {
  const { error } = await getSupabase().auth.updateUser({ email }, { emailRedirectTo: `${window.location.origin}/confirm-email` });
  if (error) throw new Error(emailChangeErrorMessage(error));
}
