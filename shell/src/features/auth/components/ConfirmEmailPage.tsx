// The session part of the kernel only: this public page loads no antd, as /signin (issue 15).
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '../api/messages';
import { verifyEmailLink } from '../api/verifyEmailLink';
import { AuthAlert, AuthCard } from './AuthCard';

type LinkState = { status: 'verifying' } | { status: 'done'; email: string } | { status: 'invalid'; message: string };

/**
 * /confirm-email?token_hash=…&type=email_change (issue 18), the link sent to a new address from the
 * account page: opening it makes that address the account's (and signs the owner in with it).
 */
export function ConfirmEmailPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [link, setLink] = useState<LinkState>({ status: 'verifying' });
  const verification = useRef<ReturnType<typeof verifyEmailLink> | null>(null);

  useEffect(() => {
    let current = true;
    verification.current ??= verifyEmailLink(search, 'email_change').then((result) => {
      // The token has served: out of the address, so that a reload does not present it again.
      if (result.ok) navigate({ search: '' }, { replace: true });
      return result;
    });
    void verification.current.then((result) => {
      if (current) setLink(result.ok ? { status: 'done', email: result.email } : { status: 'invalid', message: result.message });
    });
    return () => {
      current = false;
    };
  }, [search, navigate]);

  return (
    <AuthCard
      title="Confirmation de l’adresse email"
      footer={
        link.status === 'done' ? (
          <Link to="/dashboard">Aller au tableau de bord</Link>
        ) : (
          <Link to="/account">Retour à mon compte</Link>
        )
      }
    >
      {link.status === 'verifying' && (
        <p role="status" style={{ textAlign: 'center' }}>
          Vérification du lien...
        </p>
      )}
      {link.status === 'done' && <AuthAlert type="success">{ACCOUNT_MESSAGES.emailChanged(link.email)}</AuthAlert>}
      {link.status === 'invalid' && <AuthAlert type="error">{link.message}</AuthAlert>}
    </AuthCard>
  );
}
