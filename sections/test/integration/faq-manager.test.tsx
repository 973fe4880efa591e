/** FaqManager in jsdom against a real local-supabase: confirmation before delete, toasts, add and move. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '@tablee/shared';
import { FAQ_DELETE_CONFIRM, faqApi, FaqManager } from '@tablee/sections';
import { connectSectionStack, type SectionStack } from './stack';
import { paste } from '../../../tooling/jest/paste';

let s: SectionStack;
let restaurantId: string;

beforeAll(async () => {
  s = connectSectionStack();
  const owner = await s.newOwner('faq');
  await s.signInAs(owner);
  restaurantId = await s.newRestaurant('Chez FAQ');
  await faqApi.create(restaurantId, { question: 'Acceptez-vous les chiens ?', answer: 'Oui, en terrasse.' });
  await faqApi.create(restaurantId, { question: 'Y a-t-il un parking ?', answer: 'À 200 m.' });
});
afterAll(() => s?.stop());

it('asks before deleting, adds with a non-blank question and answer, moves, with the spec toasts', async () => {
  const user = userEvent.setup();
  const notify = jest.fn();
  // Inside the kernel's providers: the FAQ is a query of its one QueryClient.
  render(
    <AppProviders>
      <FaqManager restaurantId={restaurantId} notify={notify} />
    </AppProviders>,
  );
  await screen.findByText('Acceptez-vous les chiens ?');

  // Cancelling the confirmation keeps the entry.
  await user.click(screen.getByRole('button', { name: 'Supprimer la question Acceptez-vous les chiens ?' }));
  expect(await screen.findByText(FAQ_DELETE_CONFIRM)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Annuler' }));
  expect((await faqApi.list(restaurantId)).length).toBe(2);
  expect(notify).not.toHaveBeenCalled();

  // Add: disabled until both fields are non-blank; order = current count.
  const card = screen.getByText('Ajouter une question').closest('.ant-card') as HTMLElement;
  const add = within(card).getByRole('button', { name: 'Ajouter la FAQ' });
  await paste(user, within(card).getByLabelText('Question'), 'Privatisation ?');
  await paste(user, within(card).getByLabelText('Réponse'), '   ');
  expect(add).toBeDisabled();
  await paste(user, within(card).getByLabelText('Réponse'), 'Dès 15 personnes.');
  await user.click(add);
  await waitFor(() => expect(notify).toHaveBeenLastCalledWith('success', 'FAQ ajoutée avec succès !'));
  expect((await faqApi.list(restaurantId)).map((f) => [f.question, f.displayOrder])).toEqual([
    ['Acceptez-vous les chiens ?', 0],
    ['Y a-t-il un parking ?', 1],
    ['Privatisation ?', 2],
  ]);

  await user.click(screen.getByRole('button', { name: 'Monter la question Privatisation ?' }));
  await waitFor(async () => expect((await faqApi.list(restaurantId)).map((f) => f.question)).toEqual(['Acceptez-vous les chiens ?', 'Privatisation ?', 'Y a-t-il un parking ?']));

  // Confirming deletes.
  await user.click(screen.getByRole('button', { name: 'Supprimer la question Acceptez-vous les chiens ?' }));
  const popup = (await screen.findByText(FAQ_DELETE_CONFIRM)).closest('.ant-popover') as HTMLElement;
  await user.click(within(popup).getByRole('button', { name: 'Supprimer' }));
  await waitFor(() => expect(notify).toHaveBeenLastCalledWith('success', 'FAQ supprimée avec succès !'));
  expect((await faqApi.list(restaurantId)).map((f) => f.question)).toEqual(['Privatisation ?', 'Y a-t-il un parking ?']);
  expect(screen.queryByText('Acceptez-vous les chiens ?')).not.toBeInTheDocument();
});
