/** SectionEditTab (useSectionForm) through the real information and CGV tabs, against local-supabase. */
import { AppProviders, queryClient } from '@tablee/shared';
import { getSupabase } from '@tablee/domain';
import { InformationForm, informationApi, SAVE_ERROR_MESSAGE, type InformationValue, type SectionApi } from '@tablee/sections';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SectionEditTab, UNSAVED_CHANGES_TITLE } from '../../src/components/SectionEditTab';
import { ownerWithRestaurant, renderProfile } from '../render';
import { paste } from '../../../tooling/jest/paste';

const SAVE = 'Enregistrer les modifications';
const INFO_SAVED = 'Les modifications ont été enregistrées avec succès !';
const saveButton = () => screen.getByRole('button', { name: SAVE });

async function openInformation() {
  const { restaurantId } = await ownerWithRestaurant();
  const view = renderProfile(`/restaurants/${restaurantId}/information`);
  await waitFor(() => expect(screen.getByLabelText('Nom du restaurant')).toHaveValue('Le Bouchon'));
  return { restaurantId, ...view };
}

it('enables the save button only with unsaved changes, saves, shows the green toast and is clean again', async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await openInformation();
  expect(saveButton()).toBeDisabled();
  await paste(user, screen.getByLabelText('Nom du restaurant'), ' Lyonnais');
  // The page observes the form (Form.useWatch), whose watchers are told a task after the change.
  await waitFor(() => expect(saveButton()).toBeEnabled());
  // Typing back to the loaded value is not a change.
  await user.keyboard('{Backspace}'.repeat(' Lyonnais'.length));
  await waitFor(() => expect(saveButton()).toBeDisabled());
  await paste(user, screen.getByLabelText('Nom du restaurant'), ' Lyonnais');
  await user.click(screen.getByRole('checkbox', { name: 'Parking' }));
  await user.click(saveButton());
  expect(await screen.findByRole('status')).toHaveTextContent(INFO_SAVED);
  await waitFor(() => expect(saveButton()).toBeDisabled());
  const stored = (await informationApi.load(restaurantId)).value;
  expect(stored.name).toBe('Le Bouchon Lyonnais');
  expect(stored.amenities.parking).toBe(true);
});

it("a saved name is read again by the other screens' queries of the restaurant (the sidebar's name, the dashboard's list), not the saved section, its bookings or another restaurant", async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await openInformation();
  const summary = ['restaurants', restaurantId, 'summary'];
  const list = ['restaurants', 'list', 'owner'];
  const counts = ['restaurants', restaurantId, 'reservations', 'counts'];
  const conversations = ['restaurants', restaurantId, 'conversations', 'list', 1];
  const otherRestaurant = ['restaurants', '20000000-0000-4000-8000-0000000000ff', 'summary'];
  for (const key of [summary, list, counts, conversations, otherRestaurant]) queryClient.setQueryData(key, {});
  await paste(user, screen.getByLabelText('Nom du restaurant'), ' Lyonnais');
  await user.click(saveButton());
  expect(await screen.findByRole('status')).toHaveTextContent(INFO_SAVED);
  expect(queryClient.getQueryState(summary)?.isInvalidated).toBe(true);
  expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true);
  // A profile save cannot change the bookings (the counts are costly to read again) nor another restaurant.
  for (const key of [['restaurants', restaurantId, 'sections', 'information'], counts, conversations, otherRestaurant]) {
    expect([key, queryClient.getQueryState(key)?.isInvalidated]).toEqual([key, false]);
  }
});

it('shows the toast and the clean button in the same render: saved is clean at once', async () => {
  const user = userEvent.setup({ delay: null });
  await openInformation();
  await paste(user, screen.getByLabelText('Description'), ' et beaujolais');
  await waitFor(() => expect(saveButton()).toBeEnabled());
  // The button as it is when the toast first shows (a MutationObserver sees each DOM change as it lands).
  let whenSaved: { label: string; disabled: boolean } | undefined;
  const observer = new MutationObserver(() => {
    if (whenSaved || !screen.queryByRole('status')) return;
    const button = screen.getByRole<HTMLButtonElement>('button', { name: /^(Enregistrer les modifications|Sauvegarde\.\.\.)$/ });
    whenSaved = { label: button.textContent ?? '', disabled: button.disabled };
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  try {
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent(INFO_SAVED);
  } finally {
    observer.disconnect();
  }
  expect(whenSaved).toEqual({ label: SAVE, disabled: true });
});

/** The information tab on a new owner's restaurant, with the real api whose saves wait for the test's go-ahead. */
async function openGatedInformation() {
  const { restaurantId } = await ownerWithRestaurant();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const saves: InformationValue[] = [];
  const api: SectionApi<InformationValue> = { ...informationApi, save: async (id, v) => (saves.push(v), await gate, informationApi.save(id, v)) };
  const router = createMemoryRouter(
    [
      {
        path: '/restaurants/:restaurantId/information',
        element: <SectionEditTab title="Informations du restaurant" api={api} messages={{ success: INFO_SAVED }} renderForm={(p) => <InformationForm {...p} />} />,
      },
    ],
    { initialEntries: [`/restaurants/${restaurantId}/information`] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await waitFor(() => expect(screen.getByLabelText('Nom du restaurant')).toHaveValue('Le Bouchon'));
  return { restaurantId, saves, release: () => act(async () => release()) };
}

it("reads 'Sauvegarde...' while the save runs; what is typed meanwhile stays an unsaved change", async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId, release } = await openGatedInformation();
  await paste(user, screen.getByLabelText('Adresse'), ' (2e étage)');
  await user.click(saveButton());
  const running = await screen.findByRole('button', { name: 'Sauvegarde...' });
  expect(running).toBeDisabled();
  // The form stays editable: the owner goes on typing while the request runs.
  await paste(user, screen.getByLabelText('Description'), ' et beaujolais');
  await release();
  expect(await screen.findByRole('status')).toHaveTextContent(INFO_SAVED);
  await waitFor(() => expect(saveButton()).toBeEnabled());
  const stored = (await informationApi.load(restaurantId)).value;
  expect(stored.address).toMatch(/ \(2e étage\)$/);
  expect(stored.description).toBe('Cuisine lyonnaise');
  expect(screen.getByLabelText('Description')).toHaveValue('Cuisine lyonnaise et beaujolais');
});

it('two clicks in a row save once', async () => {
  const user = userEvent.setup({ delay: null });
  const { saves, release } = await openGatedInformation();
  await paste(user, screen.getByLabelText('Adresse'), ' (2e étage)');
  await user.dblClick(saveButton());
  await screen.findByRole('button', { name: 'Sauvegarde...' });
  await release();
  expect(await screen.findByRole('status')).toHaveTextContent(INFO_SAVED);
  expect(saves).toHaveLength(1);
});

it('a failed save shows the red toast and keeps what the owner typed', async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await openInformation();
  await paste(user, screen.getByLabelText('Nom du restaurant'), 'Nom jamais enregistré', { replace: true });
  // Signed out meanwhile (another tab): the database refuses the save.
  await act(() => getSupabase().auth.signOut());
  await user.click(saveButton());
  expect(await screen.findByRole('alert')).toHaveTextContent(SAVE_ERROR_MESSAGE);
  expect(screen.getByLabelText('Nom du restaurant')).toHaveValue('Nom jamais enregistré');
  expect(saveButton()).toBeEnabled();
  expect(JSON.parse(localStorage.getItem('restaurant-notification')!)).toMatchObject({ type: 'error', message: SAVE_ERROR_MESSAGE });
  void restaurantId;
});

it('does not save while a field is invalid: the message shows next to the field', async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await openInformation();
  await user.clear(screen.getByLabelText('Nom du restaurant'));
  await user.click(saveButton());
  expect(await screen.findByText('Veuillez saisir le nom du restaurant')).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect((await informationApi.load(restaurantId)).value.name).toBe('Le Bouchon');
});

it('asks before leaving with unsaved changes; staying keeps them, leaving goes', async () => {
  const user = userEvent.setup({ delay: null });
  const { router } = await openInformation();
  await paste(user, screen.getByLabelText('Description'), ' et beaujolais');
  await user.click(screen.getByRole('link', { name: 'Tableau de bord' }));
  expect(await screen.findByRole('dialog')).toHaveTextContent(UNSAVED_CHANGES_TITLE);
  await user.click(screen.getByRole('button', { name: 'Rester sur la page' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(router.state.location.pathname).toMatch(/\/information$/);
  expect(screen.getByLabelText('Description')).toHaveValue('Cuisine lyonnaise et beaujolais');
  await user.click(screen.getByRole('link', { name: 'Tableau de bord' }));
  await user.click(await screen.findByRole('button', { name: 'Quitter sans enregistrer' }));
  expect(await screen.findByText('Mes Restaurants')).toBeInTheDocument();
});

it('leaves without asking when nothing changed', async () => {
  const user = userEvent.setup({ delay: null });
  await openInformation();
  await user.click(screen.getByRole('link', { name: 'Tableau de bord' }));
  expect(await screen.findByText('Mes Restaurants')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
