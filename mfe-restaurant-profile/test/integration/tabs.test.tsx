/** The hours, billing and CGV tabs: their own button, toasts and load error (spec §2, §8). */
import { billingApi, cgvApi, defaultCgv, defaultHours, hoursApi } from '@tablee/sections';
import { getSupabase } from '@tablee/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ownerWithRestaurant, renderProfile } from '../render';
import { paste } from '../../../tooling/jest/paste';

it("CGV: 'Sauvegarder les CGV', 'CGV sauvegardées avec succès !', the link trimmed", async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  renderProfile(`/restaurants/${restaurantId}/cgv`);
  await waitFor(() => expect(screen.getAllByRole('radio', { name: '48h' })[0]).toBeChecked());
  const save = screen.getByRole('button', { name: 'Sauvegarder les CGV' });
  expect(save).toBeDisabled();
  await user.click(screen.getAllByRole('radio', { name: '7 jours' })[1]);
  await paste(user, screen.getByLabelText('Lien vers vos CGV (PDF, facultatif)'), '  https://bouchon.fr/cgv.pdf ');
  await user.click(save);
  expect(await screen.findByRole('status')).toHaveTextContent('CGV sauvegardées avec succès !');
  expect((await cgvApi.load(restaurantId)).value).toEqual({ ...defaultCgv(), cancellationPolicy: '48h', modificationPolicy: '7_days', link: 'https://bouchon.fr/cgv.pdf' });
});

it("CGV of a restaurant the owner cannot reach: 'Erreur lors du chargement des CGV'", async () => {
  await ownerWithRestaurant();
  renderProfile('/restaurants/00000000-0000-4000-8000-000000000000/cgv');
  expect(await screen.findByText('Erreur lors du chargement des CGV')).toBeInTheDocument();
});

it("hours: a new restaurant shows Monday–Saturday; saving shows 'Les horaires ont été enregistrés avec succès !'", async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  renderProfile(`/restaurants/${restaurantId}/hours`);
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Lundi' })).toBeChecked());
  expect(screen.getByRole('checkbox', { name: 'Dimanche' })).not.toBeChecked();
  await user.click(screen.getByRole('checkbox', { name: 'Dimanche' }));
  await user.click(within(screen.getByRole('region', { name: 'Service du soir' })).getByRole('checkbox', { name: 'Service ouvert' }));
  await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Les horaires ont été enregistrés avec succès !');
  const stored = (await hoursApi.load(restaurantId)).value;
  expect(stored.daysOpen).toHaveLength(7);
  expect(stored.defaultSettings.dinnerService.isOpen).toBe(false);
});

it("billing: required fields block the save; a complete form saves with 'Les informations de facturation ont été enregistrées avec succès !'", async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  renderProfile(`/restaurants/${restaurantId}/billing`);
  await waitFor(() => expect(screen.getByLabelText('Pays')).toHaveValue('France'));
  await paste(user, screen.getByLabelText('Raison sociale'), 'SAS Bouchon');
  await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
  expect(await screen.findByText('Veuillez saisir le numéro SIRET')).toBeInTheDocument();
  const fill: [string, string][] = [
    ['Forme juridique', 'SAS'],
    ['Numéro SIRET', '732 829 320 00074'],
    ['Ville du RCS', 'Lyon'],
    ['Numéro de TVA intracommunautaire', 'FR44732829320'],
    ['Adresse', '3 place des Terreaux'],
    ['Code postal', '69001'],
    ['Ville', 'Lyon'],
    ['IBAN', 'FR76 3000 6000 0112 3456 7890 189'],
    ['BIC', 'AGRIFRPP'],
    ['Nom du contact', 'Léa Roux'],
    ['Email de facturation', 'compta@bouchon.fr'],
    ['Téléphone', '04 78 00 00 00'],
  ];
  for (const [label, value] of fill) await paste(user, screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Les informations de facturation ont été enregistrées avec succès !');
  const stored = (await billingApi.load(restaurantId)).value;
  // Stored as its 14 digits (the table's check), whatever spaces it was typed with.
  expect(stored.legalInformation.siretNumber).toBe('73282932000074');
  expect(stored.headquartersAddress.country).toBe('France');
  expect(stored.remainingPayment).toEqual({ onSite: true, online: false });
});

const HOURS_NOTHING_STORED = "Rien n'est encore enregistré ici : les horaires affichés sont une proposition. Enregistrez-les pour que votre assistant les utilise.";

it('hours with no rows stored: the tab says so, its save is enabled without a change; once saved the notice goes and the save disables', async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  // Stored, then deleted (old restaurants, rows removed): days are open but no hours rows exist.
  await hoursApi.save(restaurantId, defaultHours('edit'));
  expect((await getSupabase().from('restaurant_hours').delete().eq('restaurant_id', restaurantId)).error).toBeNull();
  renderProfile(`/restaurants/${restaurantId}/hours`);
  expect(await screen.findByText(HOURS_NOTHING_STORED)).toBeInTheDocument();
  const save = screen.getByRole('button', { name: 'Enregistrer les modifications' });
  expect(save).toBeEnabled();
  await user.click(save);
  expect(await screen.findByRole('status')).toHaveTextContent('Les horaires ont été enregistrés avec succès !');
  await waitFor(() => expect(screen.queryByText(HOURS_NOTHING_STORED)).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Enregistrer les modifications' })).toBeDisabled();
  expect(await hoursApi.load(restaurantId)).toEqual({ stored: true, value: defaultHours('edit') });
});

it('CGV with its row stored shows no notice and its save waits for a change', async () => {
  const { restaurantId } = await ownerWithRestaurant();
  renderProfile(`/restaurants/${restaurantId}/cgv`);
  await waitFor(() => expect(screen.getAllByRole('radio', { name: '48h' })[0]).toBeChecked());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.queryByText(/n'est encore enregistrée/)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Sauvegarder les CGV' })).toBeDisabled();
});
