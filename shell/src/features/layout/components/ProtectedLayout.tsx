import { BRAND_COLOURS, userAtom } from '@tablee/shared';
import { Alert, Button, Layout } from 'antd';
import { useAtomValue } from 'jotai';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useSignOut } from '../api/signOut';
import { usePhoneWidth } from '../../../hooks/usePhoneWidth';

/**
 * Layout of the protected area (spec §2): a dashboard link, the user's email and sign-out; during
 * onboarding the header shows 'Ajout d'un nouveau restaurant' instead, and 'Quitter' back to the
 * dashboard. Beside the e-mail, 'Mon compte'
 * (/account). A page reached with `{ notice }` in its history state (a password reset) shows it once, on top.
 */
export function ProtectedLayout() {
  const user = useAtomValue(userAtom);
  const { pathname, state } = useLocation();
  const notice = (state as { notice?: unknown } | null)?.notice;
  const navigate = useNavigate();
  const signOut = useSignOut();
  const onboarding = pathname === '/onboarding' || pathname.startsWith('/onboarding/');
  // On a phone the chrome stays small: the page's own content starts in the first screen.
  const phone = usePhoneWidth();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        // Wraps on a phone instead of pushing sign-out off screen; antd's header is otherwise a fixed 64 px line.
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: phone ? '4px 12px' : '8px 16px',
          height: 'auto',
          minHeight: phone ? 48 : 64,
          lineHeight: 1.4,
          paddingBlock: phone ? 8 : 12,
          paddingInline: phone ? 12 : 16,
          background: '#fff',
          borderBottom: '1px solid #eee',
        }}
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
            <Button size={phone ? 'small' : 'middle'} loading={signOut.isPending} onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/signin', { replace: true }) })}>
              Se déconnecter
            </Button>
          </>
        )}
      </Layout.Header>
      <Layout.Content style={{ padding: phone ? 12 : 24, width: '100%', maxWidth: 1280, margin: '0 auto' }}>
        <main>
          {typeof notice === 'string' && <Alert type="success" showIcon closable title={notice} style={{ marginBottom: 16 }} />}
          <Outlet />
        </main>
      </Layout.Content>
    </Layout>
  );
}
