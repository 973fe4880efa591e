/**
 * The lists keep the answer to the latest filter or page: an older request that answers last (held
 * here, on the real stack) never replaces it. On the bench owner's restaurant (large dataset).
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { holdFirstAnswer, restoreFetch } from '../../../tooling/jest/hold-answer';
import { renderOperationsAt } from '../render';
import { BENCH, signInAs } from '../stack';

const operational = `/restaurants/${BENCH.restaurantId}/operational`;

/** Lets every continuation of the held answer run (one turn of the event loop), then lets React render. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

afterEach(restoreFetch);

/** The distinct statuses of the rows shown. */
const shownStatuses = () => [...new Set(Array.from(document.querySelectorAll('[data-status]'), (badge) => badge.getAttribute('data-status')))];

test('reservations: page 2 of all answers after the pending filter, and the pending list stays', async () => {
  await signInAs();
  renderOperationsAt(`${operational}/reservations`);
  await waitFor(() => expect(screen.getByTestId('reservation-count')).toHaveTextContent('Toutes les réservations'));
  const user = userEvent.setup();

  const held = holdFirstAnswer((url) => url.includes('/rest/v1/restaurant_reservations?') && url.includes('offset=20'));
  await user.click(screen.getByTitle('2'));
  await held.requested;
  await user.click(screen.getByRole('radio', { name: /^En attente/ }));
  // The pending list has arrived (not the previous rows kept while it loaded).
  await waitFor(() => expect(shownStatuses()).toEqual(['pending']));
  expect(screen.getByTestId('reservation-count')).toHaveTextContent('En attente');

  held.release();
  await held.bodyRead;
  await settle();
  expect(screen.getByTestId('reservation-count')).toHaveTextContent('En attente');
  expect(shownStatuses()).toEqual(['pending']);
});

/** The conversation ids the list links to, in order. */
// Each card's own link (a card also links the request it led to).
const shownConversations = () => Array.from(screen.getByRole('list', { name: 'Conversations' }).querySelectorAll('a[href*="/conversations/"]'), (a) => a.getAttribute('href')!.split('/').pop());

test('conversations: page 2 answers after page 3, and page 3 stays', async () => {
  const client = await signInAs();
  // Page 3 as the database orders it (the list's own order).
  const { data: pageThree, error } = await client
    .from('conversation_summaries')
    .select('id')
    .eq('restaurant_id', BENCH.restaurantId)
    .order('updated_at', { ascending: false })
    .order('id', { ascending: false })
    .range(20, 29);
  expect(error).toBeNull();
  renderOperationsAt(`${operational}/conversations`);
  const range = () => screen.getByTestId('conversation-range');
  await waitFor(() => expect(range()).toHaveTextContent(/^Affichage de 1 à 10 sur/));
  const user = userEvent.setup();

  const held = holdFirstAnswer((url) => url.includes('/rest/v1/conversation_summaries?') && url.includes('offset=10'));
  await user.click(screen.getByRole('button', { name: 'Page 2' }));
  await held.requested;
  await user.click(screen.getByRole('button', { name: 'Page 3' }));
  await waitFor(() => expect(shownConversations()).toEqual(pageThree!.map((c) => c.id)));

  held.release();
  await held.bodyRead;
  await settle();
  expect(range()).toHaveTextContent(/^Affichage de 21 à 30 sur/);
  expect(shownConversations()).toEqual(pageThree!.map((c) => c.id));
});
