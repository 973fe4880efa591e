// The core and the session part of the kernel only: this page loads no antd.
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { invitationFrom } from '../api/pendingInvitation';
import { ACCOUNT_MESSAGES } from '../api/messages';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../api/password';
import { useResendConfirmation } from '../api/resendConfirmation';
import { useSignUp, type SignedUpState } from '../api/signUp';
import { AuthAlert, AuthCard, SubmitButton } from './AuthCard';
import { PasswordHelp, PasswordInput } from './PasswordInput';

/**
 * /signup (spec §2, §5, §8): live counter n/6 then '✓ Mot de passe valide'; submit disabled while the
 * password is short, the email empty or a request pending. Success does not sign in: it goes to
 * /signin with a success message and the email.
 */
export function SignUpPage() {
  const navigate = useNavigate();
  // Sent by an invitation's page: its address, and back to it once signed in.
  const invited = (useLocation().state ?? null) as { from?: string; email?: string } | null;
  const from = invitationFrom(invited?.from);
  const [email, setEmail] = useState(from ? (invited?.email ?? '') : '');
  const [password, setPassword] = useState('');
  // With Auth's confirmations on: the address the link went to.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signUp = useSignUp();
  const problem = passwordProblem(password);
  const passwordValid = problem === null;
  const canSubmit = passwordValid && email.trim() !== '' && !signUp.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const address = email.trim();
    signUp.mutate(
      { email: address, password },
      {
        onSuccess: (confirmationSent) => (confirmationSent ? setSentTo(address) : navigate('/signin', { state: { signedUp: true, email: address, from } satisfies SignedUpState })),
      },
    );
  };

  if (sentTo) return <CheckYourInbox email={sentTo} from={from} />;

  return (
    <AuthCard
      title="Créer un compte"
      footer={
        <>
          Déjà un compte ?{' '}
          <Link to="/signin" state={from ? { from, email } : undefined} style={{ textDecoration: 'underline' }}>
            Se connecter
          </Link>
        </>
      }
    >
      <form onSubmit={submit} className="ta-form">
        <label htmlFor="signup-email">Email</label>
        <input
          id="signup-email"
          className="ta-input"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            // A refusal of the address sent (« Un compte existe déjà… ») no longer speaks of the one typed.
            if (signUp.error) signUp.reset();
          }}
        />
        <label htmlFor="signup-password">Mot de passe</label>
        <PasswordInput
          id="signup-password"
          name="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          aria-describedby="signup-password-help"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordHelp id="signup-password-help" password={password} />
        {signUp.error && <AuthAlert type="error">{signUp.error.message}</AuthAlert>}
        <SubmitButton pending={signUp.isPending} disabled={!canSubmit}>
          {signUp.isPending ? 'Création du compte...' : 'Créer mon compte'}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

/** After sign-up with Auth's confirmations on: the account waits for the link e-mailed to it. */
function CheckYourInbox({ email, from }: { email: string; from?: string }) {
  const resend = useResendConfirmation();
  return (
    <AuthCard
      title="Vérifiez votre boîte mail"
      footer={
        <Link to="/signin" state={{ email, from }} style={{ textDecoration: 'underline' }}>
          Aller à la connexion
        </Link>
      }
    >
      <AuthAlert type="success">{ACCOUNT_MESSAGES.confirmationSent(email)}</AuthAlert>
      <ResendButton email={email} resend={resend} />
    </AuthCard>
  );
}

/** 'Renvoyer l’e-mail' and what came of it. */
export function ResendButton({ email, resend }: { email: string; resend: ReturnType<typeof useResendConfirmation> }) {
  return (
    <>
      {resend.isSuccess && <AuthAlert type="success">{ACCOUNT_MESSAGES.confirmationResent(email)}</AuthAlert>}
      {resend.error && <AuthAlert type="error">{resend.error.message}</AuthAlert>}
      <button type="button" className="ta-button" disabled={resend.isPending} aria-busy={resend.isPending || undefined} onClick={() => resend.mutate(email)}>
        Renvoyer l’e-mail
      </button>
    </>
  );
}
