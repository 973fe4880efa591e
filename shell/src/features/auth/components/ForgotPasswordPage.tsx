// The session part of the kernel only: this public page loads no antd, as /signin.
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useRequestPasswordReset } from '../api/requestPasswordReset';
import { ACCOUNT_MESSAGES } from '../api/messages';
import { AuthAlert, AuthCard, SubmitButton } from './AuthCard';

/** What /signin passes here: the address already typed. */
export interface ForgotPasswordState {
  email?: string;
}

/**
 * /forgot-password: the owner gives their address; the answer never says whether it has an
 * account (the server answers the same), only that an e-mail was sent if it has one.
 */
export function ForgotPasswordPage() {
  const state = (useLocation().state ?? null) as ForgotPasswordState | null;
  const [email, setEmail] = useState(state?.email ?? '');
  const request = useRequestPasswordReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || request.isPending) return;
    request.mutate(email.trim());
  };

  return (
    <AuthCard
      title="Mot de passe oublié"
      footer={
        <Link to="/signin" style={{ textDecoration: 'underline' }}>
          Retour à la connexion
        </Link>
      }
    >
      {request.isSuccess ? (
        <AuthAlert type="success">{ACCOUNT_MESSAGES.resetSent}</AuthAlert>
      ) : (
        <form onSubmit={submit} className="ta-form">
          <p style={{ margin: 0 }}>Indiquez l’adresse email de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.</p>
          <label htmlFor="forgot-email">Email</label>
          <input id="forgot-email" className="ta-input" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          {request.error && <AuthAlert type="error">{request.error.message}</AuthAlert>}
          <SubmitButton pending={request.isPending} disabled={request.isPending || !email.trim()}>
            {request.isPending ? 'Envoi...' : 'Envoyer le lien'}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
