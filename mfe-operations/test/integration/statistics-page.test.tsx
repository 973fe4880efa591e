/**
 * 'Statistiques' against the run's local-supabase, through the unmodified supabase-js: the figures on
 * the screen are those public.restaurant_statistics answers for a fixture whose counts are known by
 * construction (a month across the change to summer time, requests received on its edges in Paris),
 * a figure's link leads to the list filtered the same way (its removable filters), an empty period says so.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { insertReservationsAsSuperuser } from '../../../local-supabase/test/reservations';
import { formatCents, formatCount } from '../../src/features/statistics/format';
import { renderOperationsAt } from '../render';
import { signInNewOwner } from '../stack';

const PERIOD = 'periode=personnalisee&du=2026-03-01&au=2026-03-31';

async function restaurantWithMarch() {
  const client = await signInNewOwner();
  const { data, error } = await client.from('restaurants').insert({ name: 'Chez Chiffres' }).select('id').single();
  expect(error).toBeNull();
  const restaurantId = data!.id as string;
  const row = (created: string, status: number, people: number, extra: Record<string, unknown> = {}) => ({
    restaurant_id: restaurantId,
    number_people: people,
    reservation_date: '2026-04-10',
    customer_name: `Client ${created}`,
    created_at: created,
    status,
    ...extra,
  });
  await insertReservationsAsSuperuser(
    [
      // 1 March 00:30 in Paris (winter time): in March.
      row('2026-02-28T23:30:00Z', 4, 6),
      row('2026-03-02T10:00:00Z', 1, 10, { children: 2, source: 'phone' }),
      row('2026-03-15T09:00:00Z', 3, 8, { source: 'web' }),
      row('2026-03-20T09:00:00Z', 2, 15),
      // 1 April 00:30 in Paris (summer time): not in March.
      row('2026-03-31T22:30:00Z', 1, 40),
    ],
    process.env.TEST_DATABASE_URL,
  );
  return { client, restaurantId };
}

it('shows the figures the SQL answers, each linked to the list filtered the same way', async () => {
  const { client, restaurantId } = await restaurantWithMarch();
  const answer = await client.rpc('restaurant_statistics', { p_restaurant_id: restaurantId, p_from: '2026-03-01', p_to: '2026-03-31' });
  expect(answer.error).toBeNull();
  const sql = answer.data!;
  // Known by construction: four requests received in March (Paris), 12 + 8 covers confirmed, 15 + 6 lost.
  expect(sql.current).toMatchObject({ requests: 4, coversConfirmed: 20, coversLost: 21, confirmedGroups: 2 });

  const view = renderOperationsAt(`/restaurants/${restaurantId}/operational/statistics?${PERIOD}`);
  const figure = async (key: string) => within(await screen.findByTestId(`statistic-${key}`, {}, { timeout: 30_000 })).getByTestId('statistic-value').textContent;
  expect(await figure('requests')).toBe(formatCount(sql.current.requests));
  expect(await figure('coversConfirmed')).toBe(formatCount(sql.current.coversConfirmed));
  expect(await figure('coversLost')).toBe(formatCount(sql.current.coversLost));
  expect(await figure('revenue')).toBe(formatCents(sql.current.revenueCents));
  expect(screen.getByTestId('statistics-period')).toHaveTextContent('Demandes reçues du 01/03/2026 au 31/03/2026, comparées à celles du 29/01/2026 au 28/02/2026.');
  expect(within(screen.getByTestId('statistic-requests')).getByTestId('statistic-change')).toHaveTextContent('— vs période précédente (0)');
  // The charts' text alternative: the weeks' figures in a table.
  expect(screen.getByRole('table', { name: 'Demandes et couverts confirmés par semaine' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Téléphone' })).toHaveAttribute('href', `/restaurants/${restaurantId}/operational/reservations?recuDu=2026-03-01&recuAu=2026-03-31&origine=phone`);

  const lost = within(screen.getByTestId('statistic-coversLost')).getByRole('link');
  const href = lost.getAttribute('href')!;
  expect(href).toBe(`/restaurants/${restaurantId}/operational/reservations?recuDu=2026-03-01&recuAu=2026-03-31&statuts=rejected%2Ccancelled%2Cno_show`);
  view.unmount();

  // The list at that address: the two reservations lost, its filters named and removable.
  renderOperationsAt(href);
  expect(await screen.findByText(/^2 réservation\(s\)/, {}, { timeout: 30_000 })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retirer le filtre « Reçues du 01/03/2026 au 31/03/2026 »' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Retirer le filtre « Statuts : Refusée, Annulée, Non présenté »' }));
  expect(await screen.findByText(/^4 réservation\(s\)/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Retirer le filtre « Reçues du 01/03/2026 au 31/03/2026 »' }));
  expect(await screen.findByText(/^5 réservation\(s\)/)).toBeInTheDocument();
});

it('says when nothing was received in the period', async () => {
  const { restaurantId } = await restaurantWithMarch();
  renderOperationsAt(`/restaurants/${restaurantId}/operational/statistics?periode=personnalisee&du=2025-01-01&au=2025-01-31`);
  expect(await screen.findByText('Aucune demande sur cette période', {}, { timeout: 30_000 })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Exporter (CSV)' })).toBeEnabled();
});
