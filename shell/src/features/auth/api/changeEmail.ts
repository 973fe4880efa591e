import { getSupabase } from '@tablee/domain';
// The auth feature's writes share one shape with its light pages (see @tablee/action); none
// touches the query cache: the session's atoms carry the change.
import { useAction } from '@tablee/action';
import { emailChangeErrorMessage } from './messages';

/**
 * Asks to change the signed-in owner's e-mail: a link goes to the new address, which becomes the
 * account's once that link (/confirm-email of this origin) is opened. Resolves with that address.
 */
export async function changeEmail(email: string): Promise<string> {
  const { error } = await getSupabase().auth.updateUser({ email }, { emailRedirectTo: `${window.location.origin}/confirm-email` });
  if (error) throw new Error(emailChangeErrorMessage(error));
  return email;
}

export const useChangeEmail = () => useAction(changeEmail);
