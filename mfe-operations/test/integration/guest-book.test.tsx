/**
 * 'Clients' against the run's local-supabase, through the unmodified supabase-js: the list is what
 * restaurant_customers_list answers (search and sort kept in the address, the empty states), the owner's
 * notes and tags are saved by save_customer_notes, and what only owners may do (export, erasure, the
 * retention panel) is not shown to a manager. Each test makes its own owner, restaurant and reservations.
 */
import { AppProviders } from '@tablee/shared';
import { queryClient } from '@tablee/shared/light';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { insertReservationsAsSuperuser } from '../../../local-supabase/test/reservations';
import OperationsRoutes from '../../src/routes';
import { signInNewOwner, sql } from '../stack';

const ACCEPTED = 1;
const PAID = 3;
const CANCELLED = 4;

/** The address the routes are at, for the search and sort kept in it. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/restaurants/:restaurantId/operational/*"
            element={
              <>
                <OperationsRoutes />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

const address = () => new URL(screen.getByTestId('address').textContent!, 'http://x');

/** An owner's restaurant with three customers: Alice (two visits, 1 200 €), Bruno (one visit, the latest), Chloé (a cancellation). */
async function restaurantWithCustomers() {
  const client = await signInNewOwner();
  const { data: user } = await client.auth.getUser();
  const { data, error } = await client.from('restaurants').insert({ name: 'Chez Carnet' }).select('id').single();
  expect(error).toBeNull();
  const restaurantId = data!.id as string;
  const row = (name: string, email: string, date: string, status: number, extra: Record<string, unknown> = {}) => ({
    restaurant_id: restaurantId,
    customer_name: name,
    email,
    number_people: 10,
    reservation_date: date,
    status,
    ...extra,
  });
  const suffix = Math.random().toString(36).slice(2, 8);
  await insertReservationsAsSuperuser(
    [
      row('Alice Martin', `alice-${suffix}@example.fr`, '2026-01-10', ACCEPTED, { total_amount: 500, phone_number: '06 12 34 56 78', created_at: '2025-12-01T10:00:00Z' }),
      row('Alice Martin', `alice-${suffix}@example.fr`, '2026-02-10', PAID, { total_amount: 700, dietary_notes: 'Sans gluten', created_at: '2026-01-15T10:00:00Z' }),
      row('Bruno Durand', `bruno-${suffix}@example.fr`, '2026-03-01', ACCEPTED, { total_amount: 300 }),
      row('Chloé Petit', `chloe-${suffix}@example.fr`, '2026-04-01', CANCELLED, { total_amount: 900 }),
    ],
    process.env.TEST_DATABASE_URL,
  );
  return { client, restaurantId, ownerId: user.user!.id, suffix };
}

/** The customers' names in the table's order. */
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0].querySelector('a')?.textContent);

it('lists the customers as the SQL sorts them, searched and sorted from the address', async () => {
  const { restaurantId } = await restaurantWithCustomers();
  renderAt(`/restaurants/${restaurantId}/operational/clients`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Clients' }, { timeout: 30_000 })).toBeInTheDocument();
  await screen.findByText('Alice Martin', {}, { timeout: 30_000 });
  expect(screen.getByTestId('customer-count')).toHaveTextContent('3 clients');
  // Last visit first: Bruno (March), Alice (February); Chloé never came.
  expect(names()).toEqual(['Bruno Durand', 'Alice Martin', 'Chloé Petit']);
  const alice = screen.getAllByRole('row').find((r) => r.textContent?.includes('Alice Martin'))!;
  expect(alice).toHaveTextContent('2 visites');
  expect(alice).toHaveTextContent('20 couverts');
  expect(alice).toHaveTextContent(/1\s200,00\s€/);
  expect(alice).toHaveTextContent('10/02/2026');
  // Contact and allergies are columns of wide screens (jsdom matches no media query): on the customer's page below.

  // The sort: by spend, Alice first; kept in the address.
  fireEvent.mouseDown(screen.getByLabelText('Trier par'));
  const option = await waitFor(() => {
    const found = Array.from(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')).find((o) => o.textContent === 'Dépenses');
    expect(found).toBeTruthy();
    return found!;
  });
  fireEvent.click(option);
  await waitFor(() => expect(address().searchParams.get('tri')).toBe('depenses'));
  await waitFor(() => expect(names()).toEqual(['Alice Martin', 'Bruno Durand', 'Chloé Petit']));

  // The search, debounced, in the address: by a part of the e-mail, then something nobody matches.
  await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un client' }), 'bruno');
  await waitFor(() => expect(address().searchParams.get('q')).toBe('bruno'));
  await waitFor(() => expect(names()).toEqual(['Bruno Durand']));
  expect(screen.getByTestId('customer-count')).toHaveTextContent('1 client pour « bruno »');
  await userEvent.clear(screen.getByRole('searchbox', { name: 'Rechercher un client' }));
  await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un client' }), 'personne-zzz');
  expect(await screen.findByText('Aucun client ne correspond à votre recherche')).toBeInTheDocument();

  // A row opens the customer.
  await userEvent.clear(screen.getByRole('searchbox', { name: 'Rechercher un client' }));
  await userEvent.click(await screen.findByRole('link', { name: 'Alice Martin' }));
  expect(await screen.findByRole('heading', { level: 1, name: /Alice Martin/ })).toBeInTheDocument();
  expect(address().pathname).toMatch(new RegExp(`/restaurants/${restaurantId}/operational/clients/[0-9a-f-]{36}$`));
});

it('says when the guest book is empty', async () => {
  const client = await signInNewOwner();
  const { data } = await client.from('restaurants').insert({ name: 'Chez Vide' }).select('id').single();
  renderAt(`/restaurants/${data!.id}/operational/clients`);
  expect(await screen.findByText("Aucun client pour l'instant", {}, { timeout: 30_000 })).toBeInTheDocument();
});

it('saves the owner’s notes, tags and company', async () => {
  const { restaurantId, suffix } = await restaurantWithCustomers();
  const [alice] = await sql<{ id: string }>('select id from public.restaurant_customers where restaurant_id = $1 and email = $2', [restaurantId, `alice-${suffix}@example.fr`]);
  renderAt(`/restaurants/${restaurantId}/operational/clients/${alice.id}`);
  expect(await screen.findByRole('heading', { level: 1, name: /Alice Martin/ }, { timeout: 30_000 })).toBeInTheDocument();
  // The history: both reservations, each linking to its page; the allergy seen.
  const reservations = await sql<{ numero_reservation_restaurateur: string }>('select numero_reservation_restaurateur from public.restaurant_reservations where customer_id = $1', [alice.id]);
  for (const r of reservations)
    expect(screen.getByRole('link', { name: r.numero_reservation_restaurateur })).toHaveAttribute(
      'href',
      `/restaurants/${restaurantId}/operational/reservations/${r.numero_reservation_restaurateur}`,
    );
  expect(screen.getByTestId('customer-allergies')).toHaveTextContent('Sans gluten');
  expect(screen.getByRole('link', { name: '06 12 34 56 78' })).toHaveAttribute('href', 'tel:+33612345678');
  expect(screen.getByTestId('customer-figures')).toHaveTextContent('2 visites · 20 couverts');

  await userEvent.type(screen.getByLabelText('Notes'), 'Préfère la terrasse');
  await userEvent.type(screen.getByLabelText('Entreprise'), 'Martin & Fils');
  const tags = screen.getByRole('combobox', { name: 'Étiquettes' });
  await userEvent.type(tags, 'Habitué{enter}');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les notes' }));
  expect(await screen.findByText('Notes enregistrées')).toBeInTheDocument();
  const [stored] = await sql<{ notes: string; tags: string[]; company: string }>('select notes, tags, company from public.restaurant_customers where id = $1', [alice.id]);
  expect(stored).toEqual({ notes: 'Préfère la terrasse', tags: ['Habitué'], company: 'Martin & Fils' });
});

it('shows export, erasure and the retention panel to an owner, not to a manager', async () => {
  const { restaurantId, ownerId, suffix } = await restaurantWithCustomers();
  const [bruno] = await sql<{ id: string }>('select id from public.restaurant_customers where restaurant_id = $1 and email = $2', [restaurantId, `bruno-${suffix}@example.fr`]);

  let view = renderAt(`/restaurants/${restaurantId}/operational/clients`);
  expect(await screen.findByRole('heading', { name: 'Données à effacer dans les 30 jours' }, { timeout: 30_000 })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Conservation des données des clients' })).toBeInTheDocument();
  expect(await screen.findByText('La CNIL recommande au plus 3 ans après le dernier contact.')).toBeInTheDocument();
  expect(screen.getByRole('spinbutton')).toHaveValue('36');
  view.unmount();
  view = renderAt(`/restaurants/${restaurantId}/operational/clients/${bruno.id}`);
  expect(await screen.findByRole('button', { name: 'Exporter les données' }, { timeout: 30_000 })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Effacer ce client' })).toBeInTheDocument();
  view.unmount();

  // A manager of the same restaurant: the guest book, without what is the owners'.
  const manager = await signInNewOwner();
  // The owner's answers (their role) are not the manager's.
  queryClient.clear();
  const { data: user } = await manager.auth.getUser();
  await sql("insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, 'manager', $3)", [user.user!.id, restaurantId, ownerId]);
  view = renderAt(`/restaurants/${restaurantId}/operational/clients/${bruno.id}`);
  // Once the role is read, the page says why the owners' buttons are not there.
  expect(await screen.findByTestId('owner-only-note', {}, { timeout: 30_000 })).toHaveTextContent('L’export et l’effacement sont réservés aux propriétaires.');
  expect(screen.getByRole('button', { name: 'Fusionner avec…' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Exporter les données' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Effacer ce client' })).toBeNull();
  view.unmount();
  // The list, with the role already read (the app's one cache).
  view = renderAt(`/restaurants/${restaurantId}/operational/clients`);
  await screen.findByText('Bruno Durand', {}, { timeout: 30_000 });
  expect(screen.queryByRole('heading', { name: 'Données à effacer dans les 30 jours' })).toBeNull();
  expect(screen.queryByText('Conservation des données des clients')).toBeNull();
  view.unmount();
});

it('merges another entry of the same person into this one, then splits a reservation off', async () => {
  const { restaurantId, suffix } = await restaurantWithCustomers();
  const entry = async (who: string) =>
    (await sql<{ id: string }>('select id from public.restaurant_customers where restaurant_id = $1 and email = $2', [restaurantId, `${who}-${suffix}@example.fr`]))[0]?.id;
  const alice = await entry('alice');
  const bruno = await entry('bruno');
  renderAt(`/restaurants/${restaurantId}/operational/clients/${alice}`);
  await userEvent.click(await screen.findByRole('button', { name: 'Fusionner avec…' }, { timeout: 30_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Fusionner Alice Martin avec…' });
  await userEvent.type(within(dialog).getByRole('combobox', { name: 'Rechercher l’autre fiche' }), 'bruno');
  const option = await waitFor(() => {
    const found = Array.from(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')).find((o) => o.textContent?.startsWith('Bruno Durand'));
    expect(found).toBeTruthy();
    return found!;
  });
  fireEvent.click(option);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Fusionner' }));
  expect(await screen.findByText('Clients fusionnés : 1 réservation(s) rattachée(s).')).toBeInTheDocument();
  expect(await sql('select 1 from public.restaurant_customers where id = $1', [bruno])).toEqual([]);
  expect((await sql<{ n: number }>('select count(*)::int as n from public.restaurant_reservations where customer_id = $1', [alice]))[0].n).toBe(3);
  // The page shows the merged history.
  expect(await screen.findByRole('heading', { name: 'Réservations (3)' })).toBeInTheDocument();

  // Bruno's reservation goes back to an entry of its own.
  const [brunos] = await sql<{ id: string; numero_reservation_restaurateur: string }>(
    "select id, numero_reservation_restaurateur from public.restaurant_reservations where restaurant_id = $1 and customer_name = 'Bruno Durand'",
    [restaurantId],
  );
  await userEvent.click(screen.getByRole('button', { name: 'Séparer…' }));
  const split = await screen.findByRole('dialog', { name: 'Séparer des réservations' });
  await userEvent.click(within(split).getByRole('checkbox', { name: new RegExp(`^${brunos.numero_reservation_restaurateur}`) }));
  await userEvent.click(within(split).getByRole('button', { name: 'Séparer' }));
  expect(await screen.findByText('Nouvelle fiche créée avec 1 réservation(s).')).toBeInTheDocument();
  const [moved] = await sql<{ customer_id: string }>('select customer_id from public.restaurant_reservations where id = $1', [brunos.id]);
  expect(moved.customer_id).not.toBe(alice);
  expect(await screen.findByRole('heading', { name: 'Réservations (2)' })).toBeInTheDocument();
});

it('the reservation’s page tells of a returning customer with a link to them, and says nothing of a first one', async () => {
  const { restaurantId, suffix } = await restaurantWithCustomers();
  const numero = async (email: string, date: string) =>
    (
      await sql<{ n: string; customer_id: string }>(
        'select numero_reservation_restaurateur as n, customer_id from public.restaurant_reservations where restaurant_id = $1 and email = $2 and reservation_date = $3',
        [restaurantId, email, date],
      )
    )[0];
  const second = await numero(`alice-${suffix}@example.fr`, '2026-02-10');
  let view = renderAt(`/restaurants/${restaurantId}/operational/reservations/${second.n}`);
  const hint = await screen.findByTestId('customer-hint', {}, { timeout: 30_000 });
  expect(hint).toHaveTextContent('Client fidèle — 2ᵉ réservation');
  expect(within(hint).getByRole('link', { name: 'Voir la fiche client' })).toHaveAttribute('href', `/restaurants/${restaurantId}/operational/clients/${second.customer_id}`);
  view.unmount();

  const first = await numero(`bruno-${suffix}@example.fr`, '2026-03-01');
  view = renderAt(`/restaurants/${restaurantId}/operational/reservations/${first.n}`);
  expect(await screen.findByRole('heading', { level: 1, name: new RegExp(`Réservation ${first.n}`) }, { timeout: 30_000 })).toBeInTheDocument();
  // Once its (empty) hint is read, nothing is shown.
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expect(screen.queryByTestId('customer-hint')).toBeNull();
  view.unmount();
});

it('the owner shortens how long the customers’ data is kept', async () => {
  const { restaurantId } = await restaurantWithCustomers();
  renderAt(`/restaurants/${restaurantId}/operational/clients`);
  const months = await screen.findByRole('spinbutton', {}, { timeout: 30_000 });
  expect(months).toHaveValue('36');
  await userEvent.clear(months);
  await userEvent.type(months, '24');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Durée de conservation enregistrée')).toBeInTheDocument();
  expect(await sql('select customer_retention_months from public.restaurants where id = $1', [restaurantId])).toEqual([{ customer_retention_months: 24 }]);
});
