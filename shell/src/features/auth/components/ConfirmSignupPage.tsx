// The session part of the kernel only: this public page loads no antd, as /signin.
import { Link, Navigate } from 'react-router';
import { pendingInvitation } from '../api/pendingInvitation';
import { ACCOUNT_MESSAGES } from '../api/messages';
import { useVerifyEmailLink } from '../api/verifyEmailLink';
import { AuthAlert, AuthCard } from './AuthCard';

/**
 * /confirm-signup?token_hash=…&type=email, the link of the confirmation e-mail (Auth's confirmations
 * on): opening it confirms the address and signs the owner in.
 */
export function ConfirmSignupPage() {
  const link = useVerifyEmailLink('email');
  // The account was created from an invitation: signed in now, back to it, which joins the team.
  const invitation = link.isSuccess ? pendingInvitation() : null;
  if (invitation) return <Navigate to={invitation} replace />;
  return (
    <AuthCard title="Confirmation de l’adresse email" footer={link.isSuccess ? <Link to="/dashboard">Aller au tableau de bord</Link> : <Link to="/signin">Aller à la connexion</Link>}>
      {(link.isIdle || link.isPending) && (
        <p role="status" style={{ textAlign: 'center' }}>
          Vérification du lien...
        </p>
      )}
      {link.isSuccess && <AuthAlert type="success">{ACCOUNT_MESSAGES.emailConfirmed}</AuthAlert>}
      {link.error && <AuthAlert type="error">{link.error.message}</AuthAlert>}
    </AuthCard>
  );
}
