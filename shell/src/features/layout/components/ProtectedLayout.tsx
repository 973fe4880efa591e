import { signOut, userAtom } from '@tablee/shared';
import { Button, Layout } from 'antd';
import { useAtomValue } from 'jotai';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';

/**
 * Layout of the protected area (spec §2): a dashboard link, the user's email and sign-out; during
 * onboarding the header shows 'Ajout d'un nouveau restaurant' instead.
 */
export function ProtectedLayout() {
  const user = useAtomValue(userAtom);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onboarding = pathname === '/onboarding' || pathname.startsWith('/onboarding/');
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        // Wraps on a phone instead of pushing sign-out off screen; antd's header is otherwise a fixed 64 px line.
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: '8px 16px',
          height: 'auto',
          minHeight: 64,
          lineHeight: 1.4,
          paddingBlock: 12,
          paddingInline: 16,
          background: '#fff',
          borderBottom: '1px solid #eee',
        }}
      >
        <span style={{ fontWeight: 700, fontSize: 18, color: '#8a3414' }}>Tablée</span>
        {onboarding ? (
          <span style={{ fontWeight: 600 }}>Ajout d'un nouveau restaurant</span>
        ) : (
          <>
            <nav aria-label="Navigation principale" style={{ whiteSpace: 'nowrap' }}>
              <Link to="/dashboard">Tableau de bord</Link>
            </nav>
            <span style={{ flex: 1 }} />
            <span data-testid="user-email" style={{ overflowWrap: 'anywhere' }}>
              {user?.email}
            </span>
            <Button
              onClick={async () => {
                await signOut();
                navigate('/signin', { replace: true });
              }}
            >
              Se déconnecter
            </Button>
          </>
        )}
      </Layout.Header>
      <Layout.Content style={{ padding: 24, width: '100%', maxWidth: 1280, margin: '0 auto' }}>
        <main>
          <Outlet />
        </main>
      </Layout.Content>
    </Layout>
  );
}
