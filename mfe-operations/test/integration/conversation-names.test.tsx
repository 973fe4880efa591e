/**
 * A conversation says whom it is with: its card and its page name the customer and link the request
 * that came out of it, the request links back to it, and the page's date reads as its messages' do.
 */
import { screen, within } from '@testing-library/react';
import { withDb } from '../../../local-supabase/test/clients';
import { insertReservationsAsSuperuser } from '../../../local-supabase/test/reservations';
import { renderOperationsAt } from '../render';
import { signInNewOwner } from '../stack';

it('names the customer on the card and the page, and links the request both ways', async () => {
  const client = await signInNewOwner();
  const { data, error } = await client.from('restaurants').insert({ name: 'Chez Bavard' }).select('id').single();
  expect(error).toBeNull();
  const restaurantId = data!.id as string;
  // The chatbot's conversations, begun yesterday (written as the superuser: only the service writes them).
  const yesterday = new Date(Date.now() - 86_400_000);
  yesterday.setHours(14, 5, 0, 0);
  const [withRequest, alone] = await withDb(async (db) => {
    const ids: string[] = [];
    for (const content of ['Bonjour, nous serions 12 samedi', 'Une question sur vos menus']) {
      const { rows } = await db.query('insert into public.conversations (restaurant_id, created_at, updated_at) values ($1, $2, $2) returning id', [restaurantId, yesterday]);
      await db.query("insert into public.messages (conversation_id, role, content, created_at) values ($1, 'user', $2, $3)", [rows[0].id, content, yesterday]);
      ids.push(rows[0].id as string);
    }
    return ids;
  }, process.env.TEST_DATABASE_URL);
  const [request] = await insertReservationsAsSuperuser(
    [{ restaurant_id: restaurantId, number_people: 12, reservation_date: '2099-03-07', customer_name: 'Claire Dubois', conversation_id: withRequest }],
    process.env.TEST_DATABASE_URL,
  );
  const requestPath = `/restaurants/${restaurantId}/operational/reservations/${request.numero_reservation_restaurateur}`;
  const conversationPath = `/restaurants/${restaurantId}/operational/conversations/${withRequest}`;

  let view = renderOperationsAt(`/restaurants/${restaurantId}/operational/conversations`);
  const cards = await screen.findAllByTestId('conversation-card');
  const card = cards.find((c) => c.textContent?.includes('Bonjour, nous serions'))!;
  expect(card).toHaveTextContent('Claire Dubois');
  expect(card).toHaveTextContent(`Demande ${request.numero_reservation_restaurateur}`);
  expect(within(card).getByRole('link', { name: `Demande ${request.numero_reservation_restaurateur}` })).toHaveAttribute('href', requestPath);
  // Without a request: the customer is not known, the card says so.
  expect(cards.find((c) => c.textContent?.includes('Une question'))).toHaveTextContent(`Conversation #${alone.slice(0, 8)}`);
  view.unmount();

  view = renderOperationsAt(conversationPath);
  expect(await screen.findByRole('heading', { name: 'Conversation avec Claire Dubois' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: `Demande ${request.numero_reservation_restaurateur}` })).toHaveAttribute('href', requestPath);
  // The page's date as its messages read it.
  expect(screen.getByText(/^Créée hier à 14:05 • 1 message/)).toBeInTheDocument();
  expect(screen.getByText('Hier à 14:05')).toBeInTheDocument();
  view.unmount();

  renderOperationsAt(requestPath);
  expect(await screen.findByRole('link', { name: 'Ouvrir la conversation' })).toHaveAttribute('href', conversationPath);
});
