// The session part of the kernel only: this public page loads no antd, as /signin.
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '../api/messages';
import { useVerifyEmailLink } from '../api/verifyEmailLink';
import { AuthAlert, AuthCard } from './AuthCard';

/**
 * /confirm-email?token_hash=…&type=email_change, the link sent to a new address from the
 * account page: opening it makes that address the account's (and signs the owner in with it).
 */
export function ConfirmEmailPage() {
  const link = useVerifyEmailLink('email_change');

  return (
    <AuthCard title="Confirmation de l’adresse email" footer={link.isSuccess ? <Link to="/dashboard">Aller au tableau de bord</Link> : <Link to="/account">Retour à mon compte</Link>}>
      {(link.isIdle || link.isPending) && (
        <p role="status" style={{ textAlign: 'center' }}>
          Vérification du lien...
        </p>
      )}
      {link.isSuccess && <AuthAlert type="success">{ACCOUNT_MESSAGES.emailChanged(link.data ?? '')}</AuthAlert>}
      {link.error && <AuthAlert type="error">{link.error.message}</AuthAlert>}
    </AuthCard>
  );
}
