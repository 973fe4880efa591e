// The session part of the kernel only: this public page loads no antd, as /signin.
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '../api/messages';
import { useVerifyEmailLink } from '../api/verifyEmailLink';
import { AuthAlert, AuthCard } from './AuthCard';

/**
 * /confirm-email?token_hash=…&type=email_change, the links sent to the new and the current address
 * from the account page: the first opened is accepted and waits for the other; the second makes the
 * new address the account's (and signs the owner in with it).
 */
export function ConfirmEmailPage() {
  const link = useVerifyEmailLink('email_change');

  return (
    <AuthCard
      title="Confirmation de l’adresse email"
      footer={link.isSuccess && link.data !== null ? <Link to="/dashboard">Aller au tableau de bord</Link> : <Link to="/account">Retour à mon compte</Link>}
    >
      {(link.isIdle || link.isPending) && (
        <p role="status" style={{ textAlign: 'center' }}>
          Vérification du lien...
        </p>
      )}
      {link.isSuccess && link.data === null && <AuthAlert type="success">{ACCOUNT_MESSAGES.emailHalfConfirmed}</AuthAlert>}
      {link.isSuccess && link.data !== null && <AuthAlert type="success">{ACCOUNT_MESSAGES.emailChanged(link.data ?? '')}</AuthAlert>}
      {link.error && <AuthAlert type="error">{link.error.message}</AuthAlert>}
    </AuthCard>
  );
}
