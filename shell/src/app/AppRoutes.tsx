/** The shell's route table (ARCHITECTURE.md): its own screens, and each remote under its prefix. */
import { RequireSession } from '@tablee/shared';
import { RestaurantRedirect } from '@tablee/domain';
import { Navigate, Route, Routes } from 'react-router';
import { DashboardPage } from '../features/dashboard/components/DashboardPage';
import { ProtectedLayout } from '../features/layout/components/ProtectedLayout';
import { loadRestaurantAreaAhead } from './area-ahead';
import { LazyRestaurantLayout } from './restaurant-layout';
import { pageChunk } from './page-chunk';
import { RemoteArea } from './RemoteArea';

/**
 * The shell's screens other than the dashboard load when first shown: a first visit to
 * /dashboard downloads neither the sign-in, sign-up and account forms nor the restaurant layout
 * (restaurant-layout.tsx, asked ahead from the dashboard with the reservations' remote).
 */
const SignIn = pageChunk(() => import('../features/auth/components/SignInPage'), 'SignInPage');
const SignUp = pageChunk(() => import('../features/auth/components/SignUpPage'), 'SignUpPage');
const Account = pageChunk(() => import('../features/auth/components/AccountPage'), 'AccountPage');
const ConfirmEmail = pageChunk(() => import('../features/auth/components/ConfirmEmailPage'), 'ConfirmEmailPage');
const ConfirmSignup = pageChunk(() => import('../features/auth/components/ConfirmSignupPage'), 'ConfirmSignupPage');
const ForgotPassword = pageChunk(() => import('../features/auth/components/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPassword = pageChunk(() => import('../features/auth/components/ResetPasswordPage'), 'ResetPasswordPage');
const Invitation = pageChunk(() => import('../features/auth/components/InvitationPage'), 'InvitationPage');

/** Every screen of the shell loaded (jsdom tests render them at once, as a second visit does). */
export const loadShellPages = () => Promise.all([SignIn, SignUp, Account, ConfirmEmail, ConfirmSignup, ForgotPassword, ResetPassword, Invitation].map((p) => p.load()));

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/signin" element={<SignIn.Page />} />
      <Route path="/signup" element={<SignUp.Page />} />
      <Route path="/forgot-password" element={<ForgotPassword.Page />} />
      {/* The links of Auth's e-mails: they sign the owner in themselves. */}
      <Route path="/reset-password" element={<ResetPassword.Page />} />
      <Route path="/confirm-email" element={<ConfirmEmail.Page />} />
      <Route path="/confirm-signup" element={<ConfirmSignup.Page />} />
      {/* An invitation into a restaurant's team: read signed out, joined once signed in. */}
      <Route path="/invitation/:token" element={<Invitation.Page />} />
      {/* One-click links: no sign-in. */}
      <Route path="/reservations/*" element={<RemoteArea key="mfe_public_links" name="mfe_public_links" />} />
      {/* The restaurants' public request pages: no sign-in. */}
      <Route path="/demande/*" element={<RemoteArea key="mfe_public_links" name="mfe_public_links" />} />
      {/* The customer's own page of their reservation (/ma-reservation/{token}): no sign-in, the token is the key. */}
      <Route path="/ma-reservation/*" element={<RemoteArea key="mfe_public_links" name="mfe_public_links" />} />
      <Route
        element={
          <RequireSession>
            <ProtectedLayout />
          </RequireSession>
        }
      >
        <Route index element={<Navigate to="/dashboard" replace />} />
        <Route path="/dashboard" element={<DashboardPage onShown={loadRestaurantAreaAhead} />} />
        <Route path="/account" element={<Account.Page />} />
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
