import { MIN_PASSWORD_LENGTH, signUp } from '@tablee/shared';
import { Alert, Button, Input, Typography } from 'antd';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from './AuthCard';
import type { SignedUpState } from './SignInPage';

/**
 * /signup (spec §2, §5, §8): live counter n/6 then '✓ Mot de passe valide'; submit disabled while the
 * password is short, the email empty or a request pending. Success does not sign in: it goes to
 * /signin with a success message and the email.
 */
export function SignUpPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const passwordValid = password.length >= MIN_PASSWORD_LENGTH;
  const canSubmit = passwordValid && email.trim() !== '' && !pending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setPending(true);
    setError(null);
    const result = await signUp(email.trim(), password);
    if (result.ok) {
      navigate('/signin', { state: { signedUp: true, email: email.trim() } satisfies SignedUpState });
      return;
    }
    setPending(false);
    setError(result.message);
  };

  return (
    <AuthCard
      title="Créer un compte"
      footer={
        <>
          Déjà un compte ? <Link to="/signin" style={{ textDecoration: 'underline' }}>Se connecter</Link>
        </>
      }
    >
      <form onSubmit={submit} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <label htmlFor="signup-email">Email</label>
        <Input id="signup-email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="signup-password">Mot de passe</label>
        <Input.Password
          id="signup-password"
          name="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          aria-describedby="signup-password-help"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div id="signup-password-help" aria-live="polite">
          {passwordValid ? (
            <Typography.Text style={{ color: '#237804' }}>✓ Mot de passe valide</Typography.Text>
          ) : (
            <Typography.Text style={{ color: "#595959" }}>
              Le mot de passe doit contenir au moins 6 caractères.{' '}
              <span data-testid="password-counter">
                {password.length}/{MIN_PASSWORD_LENGTH}
              </span>
            </Typography.Text>
          )}
        </div>
        {error && <Alert type="error" showIcon title={error} role="alert" />}
        <Button type="primary" htmlType="submit" loading={pending} disabled={!canSubmit} block>
          {pending ? 'Création du compte...' : 'Créer mon compte'}
        </Button>
      </form>
    </AuthCard>
  );
}
