import { getSupabase } from '@tablee/domain';
// Light: /reset-password and /confirm-email import this (no TanStack Query there, see @tablee/action).
import { useAction } from '@tablee/action';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, verifyErrorMessage } from './messages';

export type EmailLinkType = 'recovery' | 'email_change' | 'email';

/**
 * Opens the link of an e-mail (recovery or e-mail change): its `token_hash` is verified; the answer is
 * a session, which signs the owner in (supabase-js stores it and the kernel's session follows).
 * Resolves with the account's address, or null for the first of the two links of an e-mail change
 * (Auth's secure e-mail change: accepted, no session, the change waits for the other address's link);
 * rejects with the French message.
 */
export async function verifyEmailLink({ search, type }: { search: string; type: EmailLinkType }): Promise<string | null> {
  const params = new URLSearchParams(search);
  const tokenHash = params.get('token_hash');
  if (!tokenHash || params.get('type') !== type) throw new Error(ACCOUNT_MESSAGES.linkIncomplete);
  try {
    const { data, error } = await getSupabase().auth.verifyOtp({ token_hash: tokenHash, type });
    if (!error && data.session) return data.session.user.email ?? '';
    if (!error && type === 'email_change') return null;
    throw error;
  } catch (err) {
    throw new Error(verifyErrorMessage(err));
  }
}

/**
 * The link the page was opened with, verified on arrival and only once: its token serves once, so
 * React's strict mode running the effect twice, or the page mounted again, finds the same call. Once
 * verified, the token leaves the address, so that a reload does not present it again.
 */
export function useVerifyEmailLink(type: EmailLinkType) {
  const navigate = useNavigate();
  const { search } = useLocation();
  // The address as opened: taking the token out of it afterwards is not another link to verify.
  const [link] = useState(search);
  const verification = useAction(verifyEmailLink, { once: `email-link ${type} ${link}` });
  const { mutate } = verification;
  useEffect(() => {
    mutate({ search: link, type }, { onSuccess: () => navigate({ search: '' }, { replace: true }) });
  }, [mutate, link, type, navigate]);
  return verification;
}
