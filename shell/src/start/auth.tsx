/**
 * Light start of /signin, /signup and the recovery pages (/forgot-password, /reset-password, /confirm-email, /confirm-signup): the config, the Supabase client and the session, the two pages
 * — no antd, no TanStack Query (budget: ≤ 250 KB of gzip JavaScript). Once the address leaves them
 * (signed in, or a link to elsewhere), the full application takes over in the same page, with the same
 * session (one kernel instance); its code starts loading as soon as the owner enters the sign-in form.
 */
import { initSupabase, startSession } from '@tablee/shared/supabase';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SignInPage } from '../features/auth/components/SignInPage';
import { SignUpPage } from '../features/auth/components/SignUpPage';
import { appConfig } from './config';
import { OpenApplication, loadApplication } from './handover';
import { ConfigError } from './LightStates';
import { root } from './root';

const router = createBrowserRouter([
  { path: '/signin', element: <SignInPage onIntent={() => void loadApplication()} /> },
  { path: '/signup', element: <SignUpPage /> },
  // Loaded when visited: /signin stays within its 250 KB without them.
  { path: '/forgot-password', lazy: async () => ({ Component: (await import('../features/auth/components/ForgotPasswordPage')).ForgotPasswordPage }) },
  { path: '/reset-password', lazy: async () => ({ Component: (await import('../features/auth/components/ResetPasswordPage')).ResetPasswordPage }) },
  { path: '/confirm-email', lazy: async () => ({ Component: (await import('../features/auth/components/ConfirmEmailPage')).ConfirmEmailPage }) },
  { path: '/confirm-signup', lazy: async () => ({ Component: (await import('../features/auth/components/ConfirmSignupPage')).ConfirmSignupPage }) },
  { path: '*', element: <OpenApplication lightRouter={() => router} /> },
]);

appConfig().then(
  (config) => {
    initSupabase({ url: config.supabaseUrl, anonKey: config.supabaseAnonKey });
    void startSession();
    root.render(<RouterProvider router={router} />);
  },
  (error: unknown) => {
    console.error(error);
    root.render(<ConfigError />);
  },
);
