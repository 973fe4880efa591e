import { authLoadingAtom, signOut, userAtom } from '@tablee/shared';
import { useAction } from '@tablee/action';
import { ROLE_LABELS, restaurantPath } from '@tablee/domain';
import { ofNameParts } from '@tablee/domain/french';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { forgetInvitation, rememberInvitation } from '../api/pendingInvitation';
import { AuthAlert, AuthCard } from './AuthCard';
import { acceptInvitation, useInvitation, type InvitationDetails } from '../api/invitation';

/** Why a link can no longer be used, in the words of public.accept_invitation. */
const CLOSED: Record<Exclude<InvitationDetails['state'], 'pending'>, string> = {
  used: 'Ce lien d’invitation a déjà été utilisé.',
  cancelled: 'Cette invitation a été annulée.',
  expired: 'Ce lien d’invitation a expiré : demandez une nouvelle invitation au propriétaire du restaurant.',
};

/** What the visitor carries to the sign-up and sign-in pages: come back here, with the invited address. */
export interface InvitationReturnState {
  from: string;
  email: string;
}

/**
 * /invitation/<token>, the link of an invitation e-mail. Signed out: what the invitation is
 * and the way in — create the account with the invited address, or sign in — both coming back here.
 * Signed in: joins the team at once (public.accept_invitation, once), then opens the restaurant; a
 * refusal (used, expired, cancelled, another account's address) is said in French.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const loading = useAtomValue(authLoadingAtom);
  const user = useAtomValue(userAtom);
  const details = invitation.data;

  let body: ReactNode;
  if (invitation.isPending || loading) body = <p role="status">Chargement de l’invitation...</p>;
  else if (invitation.isError) body = <AuthAlert type="error">Impossible de lire l’invitation. Vérifiez votre connexion, puis rechargez la page.</AuthAlert>;
  else if (!details) body = <AuthAlert type="error">Ce lien d’invitation n’est pas valide. Vérifiez qu’il est complet, ou demandez une nouvelle invitation.</AuthAlert>;
  else if (details.state !== 'pending') body = <AuthAlert type="error">{CLOSED[details.state]}</AuthAlert>;
  else if (!user) body = <SignedOut details={details} />;
  else body = <Join token={token} details={details} />;

  return (
    <AuthCard title="Invitation" footer={<Link to={user ? '/dashboard' : '/signin'}>{user ? 'Aller au tableau de bord' : 'Aller à la connexion'}</Link>}>
      {details && <Summary details={details} />}
      {body}
    </AuthCard>
  );
}

function Summary({ details }: { details: InvitationDetails }) {
  // « l’équipe du Petit Zinc », not « de Le Petit Zinc ».
  const restaurant = ofNameParts(details.restaurantName);
  return (
    <p style={{ marginTop: 0 }}>
      Vous êtes invité·e à rejoindre l’équipe {restaurant.of}
      <strong>{restaurant.name}</strong> en tant que <strong>{ROLE_LABELS[details.role].toLowerCase()}</strong>, avec l’adresse <strong>{details.email}</strong>.
    </p>
  );
}

function SignedOut({ details }: { details: InvitationDetails }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const back = { from: pathname, email: details.email } satisfies InvitationReturnState;
  // With confirmations on, the account is opened from another e-mail's link: that page comes back here.
  const go = (to: '/signup' | '/signin') => {
    rememberInvitation(pathname);
    navigate(to, { state: back });
  };
  return (
    <div className="ta-form">
      <p style={{ margin: 0 }}>Créez votre compte avec cette adresse, ou connectez-vous si vous en avez déjà un : vous rejoindrez l’équipe aussitôt.</p>
      <button type="button" className="ta-button" onClick={() => go('/signup')}>
        Créer mon compte
      </button>
      <button type="button" className="ta-button" style={{ background: '#fff', color: 'rgba(0,0,0,.88)', borderColor: '#d9d9d9' }} onClick={() => go('/signin')}>
        J’ai déjà un compte : me connecter
      </button>
    </div>
  );
}

function Join({ token, details }: { token: string; details: InvitationDetails }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useAtomValue(userAtom);
  // Once per link: React's strict mode, or the page shown again, finds the same call.
  const join = useAction(acceptInvitation, { once: `invitation ${token}` });
  const { mutate } = join;
  useEffect(() => {
    mutate(token, {
      onSuccess: (restaurantId) => {
        forgetInvitation();
        // The dashboard and the role read again: this restaurant is now theirs too.
        void queryClient.invalidateQueries({ queryKey: ['restaurants'] });
        navigate(restaurantPath(restaurantId, 'operational/reservations'), { replace: true });
      },
    });
  }, [mutate, token, navigate, queryClient]);
  if (join.error) {
    const otherAccount = user?.email && user.email.toLowerCase() !== details.email;
    return (
      <div className="ta-form">
        <AuthAlert type="error">
          {join.error.message}
          {otherAccount ? ` Vous êtes connecté·e avec ${user.email} : déconnectez-vous, puis ouvrez de nouveau le lien pour utiliser ${details.email}.` : ''}
        </AuthAlert>
        {otherAccount && (
          <button type="button" className="ta-button" onClick={() => void signOut()}>
            Me déconnecter
          </button>
        )}
      </div>
    );
  }
  return <p role="status">Vous rejoignez l’équipe...</p>;
}
