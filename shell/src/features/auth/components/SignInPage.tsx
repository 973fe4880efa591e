import type { SignInRedirectState } from '@tablee/shared';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
// No antd, no TanStack Query on this page: its write is a light action (see ../api/signIn).
import { SIGN_IN_MESSAGES } from '../api/authErrors';
import { ACCOUNT_MESSAGES } from '../api/messages';
import { invitationFrom } from '../api/pendingInvitation';
import { useResendConfirmation } from '../api/resendConfirmation';
import { useSignIn } from '../api/signIn';
import type { SignedUpState } from '../api/signUp';
import { ResendButton } from './SignUpPage';
import { AuthAlert, AuthCard, SubmitButton } from './AuthCard';
import type { ForgotPasswordState } from './ForgotPasswordPage';
import { PasswordInput } from './PasswordInput';

export const SIGNED_UP_MESSAGE = 'Compte créé avec succès ! Vous pouvez maintenant vous connecter.';

/**
 * /signin (spec §2, §5, §8): email and password required; after sign-in, back to the page the guard
 * remembered, else /restaurants (which leads to the dashboard). `onIntent` runs when the owner enters
 * the form (focus, typing) or submits: the light start loads the application meanwhile, so it is there once signed in.
 */
export function SignInPage({ onIntent }: { onIntent?: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? null) as (SignInRedirectState & Partial<SignedUpState> & { accountDeleted?: boolean }) | null;
  const [email, setEmail] = useState(state?.email ?? '');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const error = signIn.error?.message;
  const resend = useResendConfirmation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onIntent?.();
    if (!email || !password || signIn.isPending) return;
    signIn.mutate({ email, password }, { onSuccess: () => navigate(state?.from || '/restaurants', { replace: true }) });
  };

  return (
    <AuthCard
      title="Connexion"
      footer={
        <>
          Pas encore de compte ?{' '}
          <Link to="/signup" state={invitationFrom(state?.from) ? { from: state?.from, email } : undefined} style={{ textDecoration: 'underline' }}>
            Créer un compte
          </Link>
        </>
      }
    >
      {state?.signedUp && !error && <AuthAlert type="success">{SIGNED_UP_MESSAGE}</AuthAlert>}
      {state?.accountDeleted && !error && <AuthAlert type="success">{ACCOUNT_MESSAGES.accountDeleted}</AuthAlert>}
      <form onSubmit={submit} onFocus={onIntent} onChange={onIntent} className="ta-form">
        <label htmlFor="signin-email">Email</label>
        <input id="signin-email" className="ta-input" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="signin-password">Mot de passe</label>
        <PasswordInput id="signin-password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <Link to="/forgot-password" state={{ email } satisfies ForgotPasswordState} style={{ alignSelf: 'flex-end' }}>
          Mot de passe oublié ?
        </Link>
        {error && (
          <AuthAlert type="error">
            {error}
            {/* Auth's email_not_confirmed: what to do, and the link sent again. */}
            {error === SIGN_IN_MESSAGES.emailNotConfirmed && <> {ACCOUNT_MESSAGES.notConfirmedHelp}</>}
          </AuthAlert>
        )}
        {error === SIGN_IN_MESSAGES.emailNotConfirmed && <ResendButton email={email.trim()} resend={resend} />}
        <SubmitButton pending={signIn.isPending} disabled={signIn.isPending}>
          {signIn.isPending ? 'Connexion...' : 'Se connecter'}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
