/**
 * The invitation a visitor left to create their account. With Auth's confirmations on, the account is
 * opened by the link of another e-mail (/confirm-signup), often in another tab: that page reads it here
 * and goes back to the invitation. Light (no dependency): the sign-up pages import it.
 */
const KEY = 'tablee.pending-invitation';

/** Only an invitation page of this app, never an address from elsewhere. */
const isInvitationPath = (path: string | null | undefined): path is string => !!path && /^\/invitation\/[A-Za-z0-9_-]{20,200}$/.test(path);

export function rememberInvitation(path: string): void {
  try {
    if (isInvitationPath(path)) localStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode): the sign-in page still comes back to it (its `from`).
  }
}

export function pendingInvitation(): string | null {
  try {
    const path = localStorage.getItem(KEY);
    return isInvitationPath(path) ? path : null;
  } catch {
    return null;
  }
}

export function forgetInvitation(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** Where a page of the sign-up goes back to after it: an invitation's page only. */
export const invitationFrom = (from: string | undefined): string | undefined => (isInvitationPath(from) ? from : undefined);
