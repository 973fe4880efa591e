import { AppProviders, initSupabase, setAppConfig } from '@tablee/shared';
import { resetSupabaseForTests } from '@tablee/shared/testing';
import { getSupabase } from '@tablee/domain';
import { render } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import RestaurantProfileRoutes from '../src/routes';

export const OWNER_PASSWORD = 'secret-123';

/** Where the app's config (/config.json) says the reservation service's API is, in these tests. */
export const TEST_RESERVATION_API_URL = 'http://127.0.0.1:9/api';

/** A fresh owner signed in on the one client, with a restaurant whose information and CGV are filled. */
export async function ownerWithRestaurant(): Promise<{ restaurantId: string; email: string }> {
  localStorage.clear();
  try {
    await getSupabase().auth.stopAutoRefresh();
  } catch {
    /* no client yet */
  }
  resetSupabaseForTests();
  setAppConfig({ supabaseUrl: process.env.TEST_SUPABASE_URL!, supabaseAnonKey: process.env.TEST_SUPABASE_ANON_KEY!, reservationApiUrl: TEST_RESERVATION_API_URL, remotes: {} });
  initSupabase({ url: process.env.TEST_SUPABASE_URL!, anonKey: process.env.TEST_SUPABASE_ANON_KEY! });
  // The same client, typed by the database's types.
  const client = getSupabase();
  const email = `profile-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.fr`;
  expect((await client.auth.signUp({ email, password: OWNER_PASSWORD })).error).toBeNull();
  expect((await client.auth.signInWithPassword({ email, password: OWNER_PASSWORD })).error).toBeNull();
  const { data, error } = await client.from('restaurants').insert({ name: 'Le Bouchon' }).select('id').single();
  expect(error).toBeNull();
  const restaurantId = data!.id as string;
  const information = {
    name: 'Le Bouchon',
    address: '3 place des Terreaux, Lyon',
    description: 'Cuisine lyonnaise',
    url: '',
    amenities: { groundFloor: true },
    contact: { email: 'contact@bouchon.fr', whatsapp: '+33600000000', responseTime: 'medium' },
  };
  expect((await client.rpc('save_restaurant_information', { p_restaurant_id: restaurantId, p_information: information })).error).toBeNull();
  expect((await client.rpc('save_restaurant_cgv', { p_restaurant_id: restaurantId, p_cgv: { cancellationPolicy: '48h', modificationPolicy: '24h' } })).error).toBeNull();
  return { restaurantId, email };
}

/** The module's routes under /restaurants/:restaurantId in a data router (useBlocker needs one), plus a page elsewhere. */
export function renderProfile(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/restaurants/:restaurantId/*',
        element: (
          <>
            <Link to="/dashboard">Tableau de bord</Link>
            <RestaurantProfileRoutes />
          </>
        ),
      },
      { path: '/dashboard', element: <p>Mes Restaurants</p> },
    ],
    { initialEntries: [path] },
  );
  return {
    ...render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
    router,
  };
}
