import { signIn, type SignInRedirectState } from '@tablee/shared';
import { Alert, Button, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from './AuthCard';

/** What /signup passes to /signin on success. */
export interface SignedUpState {
  signedUp: true;
  email: string;
}

export const SIGNED_UP_MESSAGE = 'Compte créé avec succès ! Vous pouvez maintenant vous connecter.';

/**
 * /signin (spec §2, §5, §8): email and password required; after sign-in, back to the page the guard
 * remembered, else /restaurants (which leads to the dashboard).
 */
export function SignInPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? null) as (SignInRedirectState & Partial<SignedUpState>) | null;
  const [email, setEmail] = useState(state?.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email || !password || pending) return;
    setPending(true);
    setError(null);
    const result = await signIn(email, password);
    if (result.ok) {
      navigate(state?.from || '/restaurants', { replace: true });
      return;
    }
    setPending(false);
    setError(result.message);
  };

  return (
    <AuthCard
      title="Connexion"
      footer={
        <>
          Pas encore de compte ? <Link to="/signup" style={{ textDecoration: 'underline' }}>Créer un compte</Link>
        </>
      }
    >
      {state?.signedUp && !error && <Alert type="success" showIcon title={SIGNED_UP_MESSAGE} style={{ marginBottom: 16 }} />}
      <form onSubmit={submit} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <label htmlFor="signin-email">Email</label>
        <Input id="signin-email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="signin-password">Mot de passe</label>
        <Input.Password id="signin-password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {error && <Alert type="error" showIcon title={error} role="alert" />}
        <Button type="primary" htmlType="submit" loading={pending} disabled={pending} block>
          {pending ? 'Connexion...' : 'Se connecter'}
        </Button>
      </form>
    </AuthCard>
  );
}
