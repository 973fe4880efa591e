/**
 * The restaurant check of the layout through the one query cache: a late answer for the restaurant
 * left behind never replaces the one shown, and a restaurant seen before shows at once on return.
 */
import { AppProviders } from '@tablee/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router';
import { holdFirstAnswer, restoreFetch } from '../../../tooling/jest/hold-answer';
import { AppRoutes } from '../../src/app/AppRoutes';
import { connect, LocationProbe, uniqueEmail } from '../render';

async function ownerWithTwoRestaurants() {
  const client = await connect();
  const email = uniqueEmail('stale');
  expect((await client.auth.signUp({ email, password: 'secret-123' })).error).toBeNull();
  expect((await client.auth.signInWithPassword({ email, password: 'secret-123' })).error).toBeNull();
  const first = await client.from('restaurants').insert({ name: 'Chez Ancien' }).select('id').single();
  const second = await client.from('restaurants').insert({ name: 'Chez Récent' }).select('id').single();
  expect(first.error ?? second.error).toBeNull();
  return { first: first.data!.id as string, second: second.data!.id as string };
}

/** Buttons that move the app to another address, as a link elsewhere on the page would. */
function GoTo({ paths }: { paths: string[] }) {
  const navigate = useNavigate();
  return (
    <>
      {paths.map((p) => (
        <button key={p} type="button" onClick={() => navigate(p)}>
          {`aller à ${p}`}
        </button>
      ))}
    </>
  );
}

function renderAt(path: string, paths: string[]) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
        <GoTo paths={paths} />
      </MemoryRouter>
    </AppProviders>,
  );
}

afterEach(restoreFetch);

const restaurantRead = (id: string) => (url: string) => url.includes('/rest/v1/restaurants?') && url.includes(`id=eq.${id}`);
const sidebarName = () => screen.getByText(/^Chez /, { selector: 'strong' });

test('a late answer for the restaurant left behind does not replace the one shown', async () => {
  const { first, second } = await ownerWithTwoRestaurants();
  const held = holdFirstAnswer(restaurantRead(first));
  renderAt(`/restaurants/${first}/information`, [`/restaurants/${second}/information`]);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `aller à /restaurants/${second}/information` }));
  await waitFor(() => expect(sidebarName()).toHaveTextContent('Chez Récent'));

  held.release();
  await held.bodyRead;
  // One turn of the event loop after the body was read: every continuation of that answer has run.
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  expect(sidebarName()).toHaveTextContent('Chez Récent');
  expect(screen.queryByText('Chez Ancien')).not.toBeInTheDocument();
});

test('a restaurant seen before shows at once on return, without the loading state', async () => {
  const { first, second } = await ownerWithTwoRestaurants();
  renderAt(`/restaurants/${first}/information`, [`/restaurants/${second}/information`, `/restaurants/${first}/information`]);
  await waitFor(() => expect(sidebarName()).toHaveTextContent('Chez Ancien'));
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: `aller à /restaurants/${second}/information` }));
  await waitFor(() => expect(sidebarName()).toHaveTextContent('Chez Récent'));

  // The return's own read is held: what shows meanwhile comes from the cache.
  const held = holdFirstAnswer(restaurantRead(first));
  await user.click(screen.getByRole('button', { name: `aller à /restaurants/${first}/information` }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/restaurants/${first}/information`));
  expect(sidebarName()).toHaveTextContent('Chez Ancien');
  held.release();
});
