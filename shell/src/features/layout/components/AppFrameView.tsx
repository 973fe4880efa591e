import { BRAND_COLOURS } from '@tablee/shared/core';
import type { CSSProperties, ReactNode } from 'react';
import { usePhoneWidth } from '../../../hooks/usePhoneWidth';

/** How a frame's link is drawn: the router's Link where a router runs, a plain link where none does. */
export type FrameLink = (to: string, label: string, style?: CSSProperties) => ReactNode;

/**
 * The frame of the protected area (spec §2), without antd and without a router: AppFrame draws it
 * where a router runs (the full application's ProtectedLayout, the light /dashboard), the light
 * reservation page without one (its router's code is a quarter of what that page downloads). The
 * header: 'Tablée', a dashboard link, the user's e-mail, 'Mon compte' (/account) and sign-out; during
 * onboarding 'Ajout d'un nouveau restaurant' instead, and 'Quitter' back to the dashboard. Styles:
 * .tl-* in index.html. Who is signed in and how they sign out are given: the light reservation page
 * draws it before supabase-js has loaded.
 */
export function AppFrameView({
  children,
  pathname,
  link,
  email,
  signingOut,
  onSignOut,
}: {
  children: ReactNode;
  pathname: string;
  link: FrameLink;
  email: string | undefined;
  signingOut: boolean;
  onSignOut: () => void;
}) {
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
            {link('/dashboard', 'Quitter', { whiteSpace: 'nowrap' })}
          </>
        ) : (
          <>
            <nav aria-label="Navigation principale" style={{ whiteSpace: 'nowrap' }}>
              {link('/dashboard', 'Tableau de bord')}
            </nav>
            <span style={{ flex: 1 }} />
            <span data-testid="user-email" style={{ overflowWrap: 'anywhere' }}>
              {email}
            </span>
            {link('/account', 'Mon compte', { whiteSpace: 'nowrap' })}
            <button type="button" className={`tl-btn${phone ? ' tl-btn-sm' : ''}`} disabled={signingOut} aria-busy={signingOut || undefined} onClick={onSignOut}>
              {signingOut && <span className="tl-spin tl-spin-sm" aria-hidden="true" />}
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
