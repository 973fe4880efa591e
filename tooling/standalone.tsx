/**
 * Renders one remote on its own (`pnpm --filter <remote> dev` or its built preview): same providers as
 * the shell, a sign-in against the configured Supabase, and the remote's routes under their prefix.
 * Only a remote's own page (its bootstrap) uses it: the shell never loads it.
 */
import { Button, Card, Form, Input, Layout, List, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Navigate, Route, RouterProvider, Routes, useLocation, useNavigate } from 'react-router';
import { getSupabase } from '@tablee/domain';
import {
  AppProviders,
  ErrorBoundary,
  initSupabase,
  loadAppConfig,
  PageError,
  PageLoading,
  QueryState,
  RequireSession,
  signIn,
  signOut,
  startSession,
  userAtom,
  type SignInRedirectState,
} from '@tablee/shared';

export interface StandaloneOptions {
  /** Package name, shown in the header. */
  title: string;
  /** Route prefix the shell mounts the remote under, e.g. '/restaurants/:restaurantId'. */
  mountPath: string;
  routes: ComponentType;
  requiresAuth: boolean;
  /** Links offered on the home page for one of the user's restaurants. */
  restaurantLinks?: (restaurantId: string) => { to: string; label: string }[];
  /** Links offered on the home page without a restaurant. */
  links?: { to: string; label: string }[];
}

function StandaloneSignIn() {
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const from = (location.state as SignInRedirectState | null)?.from ?? '/';
  return (
    <Card title="Connexion" style={{ maxWidth: 420, margin: '48px auto' }}>
      <Form
        layout="vertical"
        onFinish={async ({ email, password }: { email: string; password: string }) => {
          setPending(true);
          setError(null);
          const result = await signIn(email, password);
          setPending(false);
          if (result.ok) navigate(from, { replace: true });
          else setError('Échec de la connexion. Veuillez vérifier vos identifiants.');
        }}
      >
        <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Email requis' }]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Mot de passe" name="password" rules={[{ required: true, message: 'Mot de passe requis' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {error && (
          <Typography.Paragraph type="danger" role="alert">
            {error}
          </Typography.Paragraph>
        )}
        <Button type="primary" htmlType="submit" loading={pending} block>
          Se connecter
        </Button>
      </Form>
    </Card>
  );
}

async function listOwnRestaurants(): Promise<{ id: string; name: string }[]> {
  const { data, error } = await getSupabase().from('restaurants').select('id, name').order('created_at');
  if (error) throw error;
  return data ?? [];
}

function StandaloneHome({ options }: { options: StandaloneOptions }) {
  const user = useAtomValue(userAtom);
  const restaurantLinks = !!user && !!options.restaurantLinks;
  // RLS scopes the list to the signed-in user; the cache is emptied when the user changes.
  const restaurants = useQuery({ queryKey: ['restaurants', 'standalone-home'], queryFn: listOwnRestaurants, enabled: restaurantLinks });
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {options.title} — mode autonome
      </Typography.Title>
      {options.links && (
        <List
          bordered
          dataSource={options.links}
          renderItem={(l) => (
            <List.Item>
              <Link to={l.to}>{l.label}</Link>
            </List.Item>
          )}
        />
      )}
      {options.restaurantLinks && !user && <Link to="/signin">Se connecter pour choisir un restaurant</Link>}
      {restaurantLinks && (
        <QueryState query={restaurants}>
          {(list) =>
            list.map((r) => (
              <Card key={r.id} size="small" title={r.name || 'Restaurant sans nom'}>
                {options.restaurantLinks!(r.id).map((l) => (
                  <Link key={l.to} to={l.to} style={{ marginRight: 16 }}>
                    {l.label}
                  </Link>
                ))}
              </Card>
            ))
          }
        </QueryState>
      )}
    </div>
  );
}

function Header({ title }: { title: string }) {
  const user = useAtomValue(userAtom);
  return (
    <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, background: '#fff', borderBottom: '1px solid #f0f0f0' }}>
      <Link to="/" style={{ fontWeight: 600 }}>
        Tablée · {title}
      </Link>
      <span style={{ flex: 1 }} />
      {user && (
        <>
          <span>{user.email}</span>
          <Button onClick={() => void signOut()}>Se déconnecter</Button>
        </>
      )}
    </Layout.Header>
  );
}

function StandaloneApp({ options }: { options: StandaloneOptions }) {
  const RemoteRoutes = options.routes;
  const guarded = (node: ReactNode) => (options.requiresAuth ? <RequireSession>{node}</RequireSession> : node);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Header title={options.title} />
      <Layout.Content style={{ padding: 24, maxWidth: 1200, width: '100%', margin: '0 auto' }}>
        <ErrorBoundary>
          <Routes>
            <Route path="/" element={<StandaloneHome options={options} />} />
            <Route path="/signin" element={<StandaloneSignIn />} />
            <Route path={`${options.mountPath}/*`} element={guarded(<RemoteRoutes />)} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </ErrorBoundary>
      </Layout.Content>
    </Layout>
  );
}

export async function renderStandalone(options: StandaloneOptions): Promise<void> {
  const container = document.getElementById('root')!;
  const root = createRoot(container);
  root.render(
    <AppProviders>
      <PageLoading />
    </AppProviders>,
  );
  try {
    const config = await loadAppConfig();
    initSupabase({ url: config.supabaseUrl, anonKey: config.supabaseAnonKey });
    void startSession();
    root.render(
      <AppProviders>
        {/* A data router, as in the shell, so that screens may use useBlocker. */}
        <RouterProvider router={createBrowserRouter([{ path: '*', element: <StandaloneApp options={options} /> }])} />
      </AppProviders>,
    );
  } catch (err) {
    console.error(err);
    root.render(
      <AppProviders>
        <PageError title="Configuration introuvable" message="Le fichier /config.json n'a pas pu être lu." onRetry={() => window.location.reload()} />
      </AppProviders>,
    );
  }
}
