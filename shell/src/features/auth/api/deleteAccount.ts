import { getSupabase, removeRestaurantPhotoFiles, type AccountDeletion } from '@tablee/domain';
// The auth feature's writes share one shape (see @tablee/action); the session's atoms carry the change.
import { useAction } from '@tablee/action';

/** What deleting the account does: the restaurants it alone owns, deleted; those it leaves. */
export type AccountDeletionPreview = AccountDeletion;

export const ACCOUNT_DELETION_MESSAGES = {
  wrongPassword: 'Mot de passe incorrect',
  failed: 'Échec de la suppression du compte. Veuillez réessayer.',
} as const;

/** The SQL's 28P01 is the wrong password; 42501 a session gone; anything else, a failure to retry. */
function deletionError(error: { code?: string; message?: string }): Error {
  if (error.code === '28P01') return new Error(ACCOUNT_DELETION_MESSAGES.wrongPassword);
  if (error.code === '42501' || error.code === 'PGRST301') return new Error('Votre session a expiré. Reconnectez-vous puis recommencez.');
  return new Error(ACCOUNT_DELETION_MESSAGES.failed);
}

/** Checks the password and says which restaurants go with the account and which it leaves. Changes nothing. */
export async function previewAccountDeletion(password: string): Promise<AccountDeletionPreview> {
  const { data, error } = await getSupabase().rpc('account_deletion_preview', { p_password: password });
  if (error) throw deletionError(error);
  return data;
}

/**
 * Deletes the signed-in owner's account (public.delete_my_account). The photo files of the restaurants it alone
 * owns go first, through the Storage API, as deleteRestaurant does (on hosted Supabase the one way the files go;
 * the database then removes their rows with the restaurants). The password was checked by the preview just before,
 * so a typo does not remove any photo; the function checks it again.
 */
export async function deleteMyAccount({ password, preview }: { password: string; preview: AccountDeletionPreview }): Promise<AccountDeletionPreview> {
  for (const restaurant of preview.deleted) await removeRestaurantPhotoFiles(restaurant.id);
  const { data, error } = await getSupabase().rpc('delete_my_account', { p_password: password });
  if (error) throw deletionError(error);
  return data;
}

export const usePreviewAccountDeletion = () => useAction(previewAccountDeletion);
export const useDeleteMyAccount = () => useAction(deleteMyAccount);
