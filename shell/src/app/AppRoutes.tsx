/** The shell's route table (ARCHITECTURE.md): its own screens, and each remote under its prefix. */
import { PageLoading, RequireSession } from '@tablee/shared';
import { RestaurantRedirect } from '@tablee/domain';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { DashboardPage } from '../features/dashboard/components/DashboardPage';
import { ProtectedLayout } from '../features/layout/components/ProtectedLayout';
import { LazyRestaurantLayout, loadRestaurantLayout } from './restaurant-layout';
import { RemoteArea } from './RemoteArea';
import { loadRemoteRoutes } from './remotes';

/**
 * The shell's screens other than the dashboard load when first shown (issue 34): a first visit to
 * /dashboard downloads neither the sign-in, sign-up and account forms nor the restaurant layout
 * (restaurant-layout.tsx, asked ahead from the dashboard with the reservations' remote).
 */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => lazy(() => load().then((module) => ({ default: module[name] })));
const SignInPage = page(() => import('../features/auth/components/SignInPage'), 'SignInPage');
const SignUpPage = page(() => import('../features/auth/components/SignUpPage'), 'SignUpPage');
const AccountPage = page(() => import('../features/auth/components/AccountPage'), 'AccountPage');
const ConfirmEmailPage = page(() => import('../features/auth/components/ConfirmEmailPage'), 'ConfirmEmailPage');
const ConfirmSignupPage = page(() => import('../features/auth/components/ConfirmSignupPage'), 'ConfirmSignupPage');
const ForgotPasswordPage = page(() => import('../features/auth/components/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('../features/auth/components/ResetPasswordPage'), 'ResetPasswordPage');

/**
 * From the dashboard, once its cards show, the owner most likely opens a restaurant's requests: its
 * layout and the operations remote's routes (its manifest, entry and chunks, and the antd components
 * they take from the shell) are loaded ahead, after the cards are on screen, never before (issue 34).
 * Loaded, not only preloaded: the shared components are known only once the remote's code asks for them.
 */
const loadRestaurantAreaAhead = () => {
  setTimeout(() => {
    loadRestaurantLayout().catch(() => undefined);
    loadRemoteRoutes('mfe_operations').catch(() => undefined);
  }, 0);
};

const loading = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/signin" element={loading(<SignInPage />)} />
      <Route path="/signup" element={loading(<SignUpPage />)} />
      <Route path="/forgot-password" element={loading(<ForgotPasswordPage />)} />
      {/* The links of Auth's e-mails: they sign the owner in themselves. */}
      <Route path="/reset-password" element={loading(<ResetPasswordPage />)} />
      <Route path="/confirm-email" element={loading(<ConfirmEmailPage />)} />
      <Route path="/confirm-signup" element={loading(<ConfirmSignupPage />)} />
      {/* One-click links: no sign-in. */}
      <Route path="/reservations/*" element={<RemoteArea key="mfe_public_links" name="mfe_public_links" />} />
      {/* The restaurants' public request pages: no sign-in. */}
      <Route path="/demande/*" element={<RemoteArea key="mfe_public_links" name="mfe_public_links" />} />
      <Route
        element={
          <RequireSession>
            <ProtectedLayout />
          </RequireSession>
        }
      >
        <Route index element={<Navigate to="/dashboard" replace />} />
        <Route path="/dashboard" element={<DashboardPage onShown={loadRestaurantAreaAhead} />} />
        <Route path="/account" element={loading(<AccountPage />)} />
        <Route path="/restaurants" element={<Navigate to="/dashboard" replace />} />
        <Route path="/onboarding/*" element={<RemoteArea key="mfe_onboarding" name="mfe_onboarding" />} />
        <Route path="/restaurants/:restaurantId" element={<LazyRestaurantLayout />}>
          <Route index element={<RestaurantRedirect />} />
          <Route path="operational/*" element={<RemoteArea key="mfe_operations" name="mfe_operations" />} />
          <Route path="*" element={<RemoteArea key="mfe_restaurant_profile" name="mfe_restaurant_profile" />} />
        </Route>
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
    </Routes>
  );
}
