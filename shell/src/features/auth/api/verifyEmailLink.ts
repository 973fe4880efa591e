import { getSupabase } from '@tablee/domain';
import { ACCOUNT_MESSAGES, verifyErrorMessage } from './messages';

export type EmailLinkType = 'recovery' | 'email_change';

/**
 * Opens the link of an e-mail (recovery or e-mail change): its `token_hash` is verified once; the
 * answer is a session, which signs the owner in (supabase-js stores it and the kernel's session follows).
 */
export async function verifyEmailLink(search: string, type: EmailLinkType): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  const params = new URLSearchParams(search);
  const tokenHash = params.get('token_hash');
  if (!tokenHash || params.get('type') !== type) return { ok: false, message: ACCOUNT_MESSAGES.linkIncomplete };
  try {
    const { data, error } = await getSupabase().auth.verifyOtp({ token_hash: tokenHash, type });
    if (error || !data.session) return { ok: false, message: verifyErrorMessage(error) };
    return { ok: true, email: data.session.user.email ?? '' };
  } catch (err) {
    return { ok: false, message: verifyErrorMessage(err) };
  }
}
