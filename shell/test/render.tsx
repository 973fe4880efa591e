import { AppProviders, initSupabase, startSession } from '@tablee/shared';
import { resetSupabaseForTests, stopSessionForTests } from '@tablee/shared/testing';
import { getSupabase } from '@tablee/domain';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes, loadShellPages } from '../src/app/AppRoutes';

/** Points the one Supabase client at the run's stack, or another one (fresh client and session per call). */
export async function connect(stack: { url: string; anonKey: string } = { url: process.env.TEST_SUPABASE_URL!, anonKey: process.env.TEST_SUPABASE_ANON_KEY! }) {
  stopSessionForTests();
  resetSupabaseForTests();
  localStorage.clear();
  initSupabase({ url: stack.url, anonKey: stack.anonKey });
  // The same client, typed by the database's types.
  const client = getSupabase();
  await startSession();
  return client;
}

export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

// The shell's screens are chunks loaded when first shown; loaded before each file's tests, they render
// at once, as on a second visit, so that a test reads the screen right after rendering it.
beforeAll(() => loadShellPages());

/** The shell's routes at `path` (with its `?query`, if any), with the same providers as the app. */
export function renderApp(path: string, state?: unknown) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[{ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.fr`;
