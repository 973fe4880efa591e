import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AppFrameView, type FrameLink } from './AppFrameView';

const routerLink: FrameLink = (to, label, style) => (
  <Link to={to} style={style}>
    {label}
  </Link>
);

/** The frame of the protected area (AppFrameView) where a router runs: its links and sign-out navigate in the page. */
export function AppFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <AppFrameView pathname={pathname} link={routerLink} onSignedOut={() => navigate('/signin', { replace: true })}>
      {children}
    </AppFrameView>
  );
}
