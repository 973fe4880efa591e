/** 'Fermetures exceptionnelles' (ClosuresManager) in jsdom against a real local-supabase: add a date's services with a reason, list, delete. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders, formatLongDate } from '@tablee/shared';
import { fetchClosures } from '@tablee/domain';
import { CLOSURE_MESSAGES, ClosuresManager } from '@tablee/sections';
import { connectSectionStack, type SectionStack } from './stack';
import { paste } from '../../../tooling/jest/paste';

let s: SectionStack;
let restaurantId: string;

beforeAll(async () => {
  s = connectSectionStack();
  const owner = await s.newOwner('closures');
  await s.signInAs(owner);
  restaurantId = await s.newRestaurant('Chez Fermé');
});
afterAll(() => s?.stop());

/** A date ten days ahead, 'YYYY-MM-DD', and as the date field takes it. */
const ahead = new Date(Date.now() + 10 * 86_400_000);
const iso = ahead.toISOString().slice(0, 10);
const typed = `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

it('closes a date’s dinner with a reason, lists it, and deletes it; says what is missing', async () => {
  const user = userEvent.setup();
  const notify = jest.fn();
  render(
    <AppProviders>
      <ClosuresManager restaurantId={restaurantId} notify={notify} />
    </AppProviders>,
  );
  const block = within(screen.getByRole('region', { name: 'Fermetures exceptionnelles' }));
  expect(await block.findByText('Aucune fermeture exceptionnelle à venir.')).toBeInTheDocument();

  // Nothing chosen: the form says what is missing, nothing is stored.
  await user.click(block.getByRole('checkbox', { name: 'Midi' }));
  await user.click(block.getByRole('checkbox', { name: 'Soir' }));
  await user.click(block.getByRole('button', { name: 'Ajouter la fermeture' }));
  expect(await block.findByText(CLOSURE_MESSAGES.dateRequired)).toBeInTheDocument();
  expect(block.getByText(CLOSURE_MESSAGES.servicesRequired)).toBeInTheDocument();
  expect(notify).not.toHaveBeenCalled();

  // The date typed, the dinner only, a reason.
  const date = block.getByLabelText('Date');
  await user.click(date);
  await user.keyboard(`${typed}{Enter}`);
  await user.click(block.getByRole('checkbox', { name: 'Soir' }));
  await paste(user, block.getByLabelText('Motif (facultatif)'), 'Soirée privée');
  await user.click(block.getByRole('button', { name: 'Ajouter la fermeture' }));
  await waitFor(() => expect(notify).toHaveBeenLastCalledWith('success', CLOSURE_MESSAGES.added));
  expect(await fetchClosures(restaurantId, iso, iso)).toEqual([{ id: expect.any(String), date: iso, service: 'dinner', reason: 'Soirée privée' }]);
  const list = within(await block.findByRole('list', { name: 'Fermetures à venir' }));
  expect(list.getByText(formatLongDate(iso))).toBeInTheDocument();
  expect(list.getByText('— Soir')).toBeInTheDocument();
  expect(list.getByText('(Soirée privée)')).toBeInTheDocument();

  await user.click(list.getByRole('button', { name: `Supprimer la fermeture du ${formatLongDate(iso)}` }));
  const popup = (await screen.findByText(`Rouvrir le ${formatLongDate(iso)} ?`)).closest('.ant-popover') as HTMLElement;
  await user.click(within(popup).getByRole('button', { name: 'Supprimer' }));
  await waitFor(() => expect(notify).toHaveBeenLastCalledWith('success', CLOSURE_MESSAGES.removed));
  expect(await block.findByText('Aucune fermeture exceptionnelle à venir.')).toBeInTheDocument();
  expect(await fetchClosures(restaurantId, iso, iso)).toEqual([]);
});

it('Enter in the date field confirms the date only: the closure is added with its services and reason by “Ajouter”', async () => {
  const user = userEvent.setup();
  const notify = jest.fn();
  render(
    <AppProviders>
      <ClosuresManager restaurantId={restaurantId} notify={notify} />
    </AppProviders>,
  );
  const block = within(screen.getByRole('region', { name: 'Fermetures exceptionnelles' }));
  await block.findByText('Aucune fermeture exceptionnelle à venir.');
  const day = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);

  // Both services are checked by default: the date and Enter, as an owner types it first.
  await user.click(block.getByLabelText('Date'));
  await user.keyboard(`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}{Enter}`);
  expect(block.getByLabelText('Date')).toHaveValue(`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`);
  await user.click(block.getByRole('checkbox', { name: 'Midi' }));
  await paste(user, block.getByLabelText('Motif (facultatif)'), 'Congés');
  await user.click(block.getByRole('button', { name: 'Ajouter la fermeture' }));
  await waitFor(() => expect(notify).toHaveBeenCalledWith('success', CLOSURE_MESSAGES.added));
  // One closure, the one typed: the dinner, with its reason.
  expect(notify).toHaveBeenCalledTimes(1);
  expect(await fetchClosures(restaurantId, day, day)).toEqual([{ id: expect.any(String), date: day, service: 'dinner', reason: 'Congés' }]);
});
