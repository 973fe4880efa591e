/**
 * Too long, several lines: the form stops a text at its column's maximum and says so on the field; a
 * refusal of the database (a form bypassed, a rule it holds alone) shows the database's own French
 * message on its field and in the toast, never the generic 'Une erreur est survenue…'.
 */
import { AppProviders } from '@tablee/shared';
import { BillingForm, billingApi, InformationForm, informationApi, SAVE_ERROR_MESSAGE, type BillingValue, type InformationValue, type SectionApi, type SectionFormProps } from '@tablee/sections';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SectionEditTab } from '../../src/components/SectionEditTab';
import { ownerWithRestaurant, renderProfile } from '../render';
import { paste } from '../../../tooling/jest/paste';

const SAVE = 'Enregistrer les modifications';
const INFO_SAVED = 'Les modifications ont été enregistrées avec succès !';
const fieldOf = (label: string) => within(screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement);

it('a name of 420 characters is stopped at 200 by the form, which saves it', async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  renderProfile(`/restaurants/${restaurantId}/information`);
  await waitFor(() => expect(screen.getByLabelText('Nom du restaurant')).toHaveValue('Le Bouchon'));
  await paste(user, screen.getByLabelText('Nom du restaurant'), 'é'.repeat(420), { replace: true });
  expect(screen.getByLabelText('Nom du restaurant')).toHaveValue('é'.repeat(200));
  await user.click(screen.getByRole('button', { name: SAVE }));
  expect(await screen.findByRole('status')).toHaveTextContent(INFO_SAVED);
  expect((await informationApi.load(restaurantId)).value.name).toBe('é'.repeat(200));
});

it('a line break in the name is refused by the form with the database’s message', async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  renderProfile(`/restaurants/${restaurantId}/information`);
  await waitFor(() => expect(screen.getByLabelText('Nom du restaurant')).toHaveValue('Le Bouchon'));
  // An <input> drops CR and LF from its value by itself; a Unicode line separator stays.
  await paste(user, screen.getByLabelText('Nom du restaurant'), 'Chez\u2028moi', { replace: true });
  await user.click(screen.getByRole('button', { name: SAVE }));
  expect(await fieldOf('Nom du restaurant').findByText('Une seule ligne : retirez les retours à la ligne')).toBeInTheDocument();
  expect((await informationApi.load(restaurantId)).value.name).toBe('Le Bouchon');
});

/** A tab whose save sends something else than the form holds: the database alone refuses it. */
function renderBypassed<T extends object>(restaurantId: string, api: SectionApi<T>, renderForm: (p: SectionFormProps<T>) => ReactNode) {
  const router = createMemoryRouter(
    [{ path: '/restaurants/:restaurantId/x', element: <SectionEditTab title="Onglet" api={api} messages={{ success: 'Enregistré' }} renderForm={renderForm} /> }],
    {
      initialEntries: [`/restaurants/${restaurantId}/x`],
    },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

it.each([
  ['too long (a check named in PostgreSQL’s message)', (v: InformationValue) => ({ ...v, name: v.name.repeat(30) }), 'Nom du restaurant', 'Texte trop long : 200 caractères au plus'],
  [
    'several lines (a check that names its column)',
    (v: InformationValue) => ({ ...v, name: `${v.name}\r\nBcc: x@y.fr` }),
    'Nom du restaurant',
    'Une seule ligne : retirez les retours à la ligne',
  ],
  ['a WhatsApp number (a save function’s refusal)', (v: InformationValue) => ({ ...v, contact: { ...v.contact, whatsapp: '+0' } }), 'Numéro WhatsApp', 'Numéro WhatsApp invalide'],
])('a refusal of the database, %s, shows its message on its field and in the toast', async (_, bypass, label, message) => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  const api: SectionApi<InformationValue> = { ...informationApi, save: (id, v) => informationApi.save(id, bypass(v)) };
  renderBypassed(restaurantId, api, (p) => <InformationForm {...p} />);
  await waitFor(() => expect(screen.getByLabelText('Nom du restaurant')).toHaveValue('Le Bouchon'));
  await paste(user, screen.getByLabelText('Adresse'), ' (2e étage)');
  await user.click(screen.getByRole('button', { name: SAVE }));
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(screen.getByRole('alert')).not.toHaveTextContent(SAVE_ERROR_MESSAGE);
  expect(await fieldOf(label).findByText(new RegExp(`^${message}`))).toBeInTheDocument();
  expect((await informationApi.load(restaurantId)).value.address).toBe('3 place des Terreaux, Lyon');
});

it('billing: the VAT number refused by the database shows on its field', async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  const api: SectionApi<BillingValue> = { ...billingApi, save: (id, v) => billingApi.save(id, { ...v, legalInformation: { ...v.legalInformation, vatNumber: 'FR123' } }) };
  renderBypassed(restaurantId, api, (p) => <BillingForm {...p} />);
  const fill: [string, string][] = [
    ['Raison sociale', 'SARL Bouchon'],
    ['Forme juridique', 'SARL'],
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
  await screen.findByLabelText('Raison sociale');
  for (const [label, value] of fill) await paste(user, screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: SAVE }));
  const message = 'Numéro de TVA invalide : FR, une clé de 2 caractères et les 9 chiffres du SIREN (ex. FR44732829320)';
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(await fieldOf('Numéro de TVA intracommunautaire').findByText(message)).toBeInTheDocument();
});
