import { BRAND_COLOURS } from '@tablee/shared/core';
import { userAtom } from '@tablee/shared/supabase';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePhoneWidth } from '../../../hooks/usePhoneWidth';
import { useSignOut } from '../api/signOut';

/**
 * The frame of the protected area (spec §2), without antd: the light start of /dashboard draws it as
 * the full application does (ProtectedLayout), one component for both. The header: 'Tablée',
 * a dashboard link, the user's e-mail, 'Mon compte' (/account) and sign-out; during onboarding
 * 'Ajout d'un nouveau restaurant' instead, and 'Quitter' back to the dashboard. Styles: .tl-* in index.html.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const user = useAtomValue(userAtom);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const onboarding = pathname === '/onboarding' || pathname.startsWith('/onboarding/');
  // On a phone the chrome stays small: the page's own content starts in the first screen.
  const phone = usePhoneWidth();
  return (
    <div className="tl-app">
      <header
        className="tl-header"
        // Wraps on a phone instead of pushing sign-out off screen.
        style={{ gap: phone ? '4px 12px' : '8px 16px', minHeight: phone ? 48 : 64, paddingBlock: phone ? 8 : 12, paddingInline: phone ? 12 : 16 }}
      >
        <span style={{ fontWeight: 700, fontSize: 18, color: BRAND_COLOURS.title }}>Tablée</span>
        {onboarding ? (
          <>
            <span style={{ fontWeight: 600 }}>Ajout d'un nouveau restaurant</span>
            <span style={{ flex: 1 }} />
            {/* The wizard saves what its step holds before the page changes (useFlushOnLeave). */}
            <Link to="/dashboard" style={{ whiteSpace: 'nowrap' }}>
              Quitter
            </Link>
          </>
        ) : (
          <>
            <nav aria-label="Navigation principale" style={{ whiteSpace: 'nowrap' }}>
              <Link to="/dashboard">Tableau de bord</Link>
            </nav>
            <span style={{ flex: 1 }} />
            <span data-testid="user-email" style={{ overflowWrap: 'anywhere' }}>
              {user?.email}
            </span>
            <Link to="/account" style={{ whiteSpace: 'nowrap' }}>
              Mon compte
            </Link>
            <button
              type="button"
              className={`tl-btn${phone ? ' tl-btn-sm' : ''}`}
              disabled={signOut.isPending}
              aria-busy={signOut.isPending || undefined}
              onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/signin', { replace: true }) })}
            >
              {signOut.isPending && <span className="tl-spin tl-spin-sm" aria-hidden="true" />}
              Se déconnecter
            </button>
          </>
        )}
      </header>
      <div className="tl-content" style={{ padding: phone ? 12 : 24 }}>
        <main>{children}</main>
      </div>
    </div>
  );
}
