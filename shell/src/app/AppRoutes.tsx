/** The shell's route table (ARCHITECTURE.md): its own screens, and each remote under its prefix. */
import { RequireSession } from '@tablee/shared';
import { RestaurantRedirect } from '@tablee/domain';
import { Navigate, Route, Routes } from 'react-router';
import { SignInPage } from '../features/auth/components/SignInPage';
import { SignUpPage } from '../features/auth/components/SignUpPage';
import { AccountPage } from '../features/auth/components/AccountPage';
import { ConfirmEmailPage } from '../features/auth/components/ConfirmEmailPage';
import { ConfirmSignupPage } from '../features/auth/components/ConfirmSignupPage';
import { ForgotPasswordPage } from '../features/auth/components/ForgotPasswordPage';
import { ResetPasswordPage } from '../features/auth/components/ResetPasswordPage';
import { DashboardPage } from '../features/dashboard/components/DashboardPage';
import { InvitationPage } from '../features/auth/components/InvitationPage';
import { ProtectedLayout } from '../features/layout/components/ProtectedLayout';
import { RestaurantLayout } from '../features/restaurant/components/RestaurantLayout';
import { RemoteArea } from './RemoteArea';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/signin" element={<SignInPage />} />
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      {/* The links of Auth's e-mails: they sign the owner in themselves. */}
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/confirm-email" element={<ConfirmEmailPage />} />
      <Route path="/confirm-signup" element={<ConfirmSignupPage />} />
      {/* An invitation into a restaurant's team: read signed out, joined once signed in. */}
      <Route path="/invitation/:token" element={<InvitationPage />} />
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
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/account" element={<AccountPage />} />
        <Route path="/restaurants" element={<Navigate to="/dashboard" replace />} />
        <Route path="/onboarding/*" element={<RemoteArea key="mfe_onboarding" name="mfe_onboarding" />} />
        <Route path="/restaurants/:restaurantId" element={<RestaurantLayout />}>
          <Route index element={<RestaurantRedirect />} />
          <Route path="operational/*" element={<RemoteArea key="mfe_operations" name="mfe_operations" />} />
          <Route path="*" element={<RemoteArea key="mfe_restaurant_profile" name="mfe_restaurant_profile" />} />
        </Route>
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
    </Routes>
  );
}
