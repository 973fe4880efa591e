/** An owner's own account: what deleting it does (public.account_deletion_preview, public.delete_my_account). */

/** The restaurants the account alone owns, deleted with it; those it leaves (another owner stays, or it is a manager there). */
export interface AccountDeletion {
  deleted: { id: string; name: string }[];
  left: { id: string; name: string }[];
}
