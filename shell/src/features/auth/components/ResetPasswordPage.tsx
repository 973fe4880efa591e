// The session part of the kernel only: this public page loads no antd, as /signin.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '../api/messages';
import { useUpdatePassword } from '../api/updatePassword';
import { useVerifyEmailLink } from '../api/verifyEmailLink';
import { AuthAlert, AuthCard, SubmitButton } from './AuthCard';
import { NewPasswordFields, newPasswordProblem } from './NewPasswordFields';

/** What the protected layout shows once, above the page it opens (see ProtectedLayout). */
export interface NoticeState {
  notice: string;
}

/**
 * /reset-password?token_hash=…&type=recovery, the link of the recovery e-mail: verified once
 * on arrival (which signs the owner in), then a new password; saved, it goes to /dashboard with a notice.
 * A used or expired link says so and offers to ask again.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const link = useVerifyEmailLink('recovery');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const save = useUpdatePassword();

  const problem = newPasswordProblem(password, confirmation);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || save.isPending) return;
    save.mutate({ password }, { onSuccess: () => navigate('/dashboard', { replace: true, state: { notice: ACCOUNT_MESSAGES.passwordReset } satisfies NoticeState }) });
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
      {(link.isIdle || link.isPending) && (
        <p role="status" style={{ textAlign: 'center' }}>
          Vérification du lien...
        </p>
      )}
      {link.error && (
        <div className="ta-form">
          <AuthAlert type="error">{link.error.message}</AuthAlert>
          <Link to="/forgot-password" style={{ alignSelf: 'center' }}>
            Demander un nouveau lien
          </Link>
        </div>
      )}
      {link.isSuccess && (
        <form onSubmit={submit} className="ta-form">
          <NewPasswordFields password={password} confirmation={confirmation} onPassword={setPassword} onConfirmation={setConfirmation} />
          {save.error && <AuthAlert type="error">{save.error.message}</AuthAlert>}
          <SubmitButton pending={save.isPending} disabled={problem !== null || save.isPending}>
            {save.isPending ? 'Enregistrement...' : 'Enregistrer le mot de passe'}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
