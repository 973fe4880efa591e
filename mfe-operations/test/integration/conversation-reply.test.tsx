/**
 * The restaurant takes a web chat over and answers the customer: the card says where the conversation
 * is and that the assistant passed it ('À vous'); on its page 'Reprendre la main' silences the
 * assistant, the reply is stored with the member's name and shown as the restaurant's, and
 * 'Rendre la main à l'assistant' gives it back. A customer's text is shown as text, never as markup.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { withDb } from '../../../local-supabase/test/clients';
import { renderOperationsAt } from '../render';
import { signInNewOwner } from '../stack';

/** A web chat written as the assistant service writes one (the superuser here: only the service writes conversations). */
async function webChat(restaurantId: string, customerText: string) {
  return withDb(async (db) => {
    const { rows } = await db.query(
      "insert into public.conversations (restaurant_id, channel, handed_over_at, handover_reason, token_hash) values ($1, 'web', now(), $2, md5(random()::text)) returning id",
      [restaurantId, customerText],
    );
    await db.query("insert into public.messages (conversation_id, role, content, created_at) values ($1, 'user', $2, now() - interval '1 minute')", [rows[0].id, customerText]);
    await db.query("insert into public.messages (conversation_id, role, content) values ($1, 'assistant', 'Je n’ai pas cette information : je transmets au restaurant.')", [rows[0].id]);
    return rows[0].id as string;
  }, process.env.TEST_DATABASE_URL);
}

const stored = (conversationId: string) =>
  withDb(
    async (db) =>
      (
        await db.query<{ answered_by: string; handed_over: boolean; staff: { content: string; author_name: string }[] }>(
          `select c.answered_by, c.handed_over_at is not null as handed_over,
                  coalesce((select json_agg(json_build_object('content', m.content, 'author_name', m.author_name)) from public.messages m where m.conversation_id = c.id and m.role = 'staff'), '[]') as staff
             from public.conversations c where c.id = $1`,
          [conversationId],
        )
      ).rows[0],
    process.env.TEST_DATABASE_URL,
  );

it('takes over, replies as the restaurant, and hands back to the assistant', async () => {
  const client = await signInNewOwner();
  const { data, error } = await client.from('restaurants').insert({ name: 'Chez Bavard' }).select('id').single();
  expect(error).toBeNull();
  const restaurantId = data!.id as string;
  const xss = '<img src=x onerror="window.hacked=1">Acceptez-vous les chiens ?';
  const conversationId = await webChat(restaurantId, xss);

  let view = renderOperationsAt(`/restaurants/${restaurantId}/operational/conversations`);
  const [card] = await screen.findAllByTestId('conversation-card');
  expect(within(card).getByText('Chat web')).toBeInTheDocument();
  expect(within(card).getByText('À vous')).toBeInTheDocument();
  view.unmount();

  view = renderOperationsAt(`/restaurants/${restaurantId}/operational/conversations/${conversationId}`);
  expect(await screen.findByText(xss)).toBeInTheDocument();
  expect(document.querySelector('img[src="x"]')).toBeNull();
  expect(screen.getByText('L’assistant répond à ce client.')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Reprendre la main' }));
  expect(await screen.findByRole('button', { name: 'Rendre la main à l’assistant' })).toBeInTheDocument();
  expect(await stored(conversationId)).toMatchObject({ answered_by: 'staff' });

  // An empty reply is refused on its field, and nothing is sent.
  fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
  expect(await screen.findByText('Écrivez une réponse avant d’envoyer.')).toBeInTheDocument();
  expect((await stored(conversationId)).staff).toEqual([]);

  fireEvent.change(screen.getByLabelText(/Votre réponse/), { target: { value: 'Oui, les chiens sont les bienvenus en terrasse.' } });
  fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
  expect(await screen.findByText('Oui, les chiens sont les bienvenus en terrasse.')).toBeInTheDocument();
  const { data: who } = await client.auth.getUser();
  expect(await stored(conversationId)).toEqual({
    answered_by: 'staff',
    handed_over: false,
    staff: [{ content: 'Oui, les chiens sont les bienvenus en terrasse.', author_name: who.user!.email }],
  });
  expect(screen.getByText(`Restaurant — ${who.user!.email}`)).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Rendre la main à l’assistant' }));
  await waitFor(async () => expect((await stored(conversationId)).answered_by).toBe('assistant'));
  expect(await screen.findByRole('button', { name: 'Reprendre la main' })).toBeInTheDocument();
  view.unmount();
});

it('an imported conversation (no channel) has no reply box', async () => {
  const client = await signInNewOwner();
  const { data } = await client.from('restaurants').insert({ name: 'Chez Muet' }).select('id').single();
  const restaurantId = data!.id as string;
  const conversationId = await withDb(async (db) => {
    const { rows } = await db.query('insert into public.conversations (restaurant_id) values ($1) returning id', [restaurantId]);
    await db.query("insert into public.messages (conversation_id, role, content) values ($1, 'user', 'Bonjour')", [rows[0].id]);
    return rows[0].id as string;
  }, process.env.TEST_DATABASE_URL);
  renderOperationsAt(`/restaurants/${restaurantId}/operational/conversations/${conversationId}`);
  expect(await screen.findByText('Bonjour')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reprendre la main' })).toBeNull();
  expect(screen.queryByLabelText(/Votre réponse/)).toBeNull();
});
