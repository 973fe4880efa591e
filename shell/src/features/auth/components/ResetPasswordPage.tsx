// The session part of the kernel only: this public page loads no antd, as /signin (issue 15).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '../api/messages';
import { updatePassword } from '../api/updatePassword';
import { verifyEmailLink } from '../api/verifyEmailLink';
import { AuthAlert, AuthCard, SubmitButton } from './AuthCard';
import { NewPasswordFields, newPasswordProblem } from './NewPasswordFields';

/** What the protected layout shows once, above the page it opens (see ProtectedLayout). */
export interface NoticeState {
  notice: string;
}

type LinkState = { status: 'verifying' } | { status: 'ready' } | { status: 'invalid'; message: string };

/**
 * /reset-password?token_hash=…&type=recovery (issue 18), the link of the recovery e-mail: verified once
 * on arrival (which signs the owner in), then a new password; saved, it goes to /dashboard with a notice.
 * A used or expired link says so and offers to ask again.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [link, setLink] = useState<LinkState>({ status: 'verifying' });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // A link serves once: verified once even when React runs the effect twice (StrictMode).
  const verification = useRef<ReturnType<typeof verifyEmailLink> | null>(null);

  useEffect(() => {
    let current = true;
    verification.current ??= verifyEmailLink(search, 'recovery').then((result) => {
      // The token has served: out of the address, so that a reload does not present it again.
      if (result.ok) navigate({ search: '' }, { replace: true });
      return result;
    });
    void verification.current.then((result) => {
      if (current) setLink(result.ok ? { status: 'ready' } : { status: 'invalid', message: result.message });
    });
    return () => {
      current = false;
    };
  }, [search, navigate]);

  const problem = newPasswordProblem(password, confirmation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || pending) return;
    setPending(true);
    setError(null);
    try {
      await updatePassword(password);
      navigate('/dashboard', { replace: true, state: { notice: ACCOUNT_MESSAGES.passwordReset } satisfies NoticeState });
    } catch (err) {
      setPending(false);
      setError((err as Error).message);
    }
  };

  return (
    <AuthCard
      title="Nouveau mot de passe"
      footer={
        <Link to="/signin" style={{ textDecoration: 'underline' }}>
          Retour à la connexion
        </Link>
      }
    >
      {link.status === 'verifying' && (
        <p role="status" style={{ textAlign: 'center' }}>
          Vérification du lien...
        </p>
      )}
      {link.status === 'invalid' && (
        <div className="ta-form">
          <AuthAlert type="error">{link.message}</AuthAlert>
          <Link to="/forgot-password" style={{ alignSelf: 'center' }}>
            Demander un nouveau lien
          </Link>
        </div>
      )}
      {link.status === 'ready' && (
        <form onSubmit={submit} className="ta-form">
          <NewPasswordFields password={password} confirmation={confirmation} onPassword={setPassword} onConfirmation={setConfirmation} />
          {error && <AuthAlert type="error">{error}</AuthAlert>}
          <SubmitButton pending={pending} disabled={problem !== null || pending}>
            {pending ? 'Enregistrement...' : 'Enregistrer le mot de passe'}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
