import { userAtom } from '@tablee/shared/supabase';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSignOut } from '../api/signOut';
import { AppFrameView, type FrameLink } from './AppFrameView';

const routerLink: FrameLink = (to, label, style) => (
  <Link to={to} style={style}>
    {label}
  </Link>
);

/** The frame of the protected area (AppFrameView) where a router runs: the session's user, its links and sign-out navigate in the page. */
export function AppFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const signOut = useSignOut();
  return (
    <AppFrameView
      pathname={pathname}
      link={routerLink}
      email={user?.email}
      signingOut={signOut.isPending}
      onSignOut={() => signOut.mutate(undefined, { onSuccess: () => navigate('/signin', { replace: true }) })}
    >
      {children}
    </AppFrameView>
  );
}
