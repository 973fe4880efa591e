/**
 * The CGV tab's 'Nature des sommes versées d'avance' and 'Frais de non-présentation', against
 * local-supabase: the defaults of CGV saved before them, a choice saved in one call and shown again
 * after a reload, and a fee type without its amount refused before anything is saved.
 */
import { getSupabase } from '@tablee/domain';
import { queryClient } from '@tablee/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ownerWithRestaurant, renderProfile } from '../render';

type User = ReturnType<typeof userEvent.setup>;

const FEE = 'Frais de non-présentation (empreinte bancaire)';

async function openCgv(restaurantId: string) {
  const view = renderProfile(`/restaurants/${restaurantId}/cgv`);
  // The CGV saved by ownerWithRestaurant are on screen.
  await waitFor(() => expect(screen.getAllByRole('radio', { name: '48h' })[0]).toBeChecked());
  return view;
}

/** Picks an option of the fee select in its open dropdown (a closed dropdown stays in the document, hidden). */
async function chooseFee(user: User, label: string) {
  await user.click(screen.getByRole('combobox', { name: FEE }));
  const option = await waitFor(() => {
    const open = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    expect(open).toHaveLength(1);
    return within(open[0] as HTMLElement).getByTitle(label);
  });
  await user.click(option);
}

const storedRow = async (restaurantId: string) =>
  (await getSupabase().from('restaurant_cgv').select('advance_payment_nature, no_show_fee_type, no_show_fee_cents').eq('restaurant_id', restaurantId).single()).data;

it("CGV saved before: 'Arrhes' and no no-show fee ('Aucun'), nothing to save", async () => {
  const { restaurantId } = await ownerWithRestaurant();
  await openCgv(restaurantId);
  expect(screen.getByRole('radio', { name: 'Arrhes' })).toBeChecked();
  expect(screen.getByRole('radio', { name: 'Acompte' })).not.toBeChecked();
  expect(within(screen.getByRole('combobox', { name: FEE }).closest<HTMLElement>('.ant-select')!).getByTitle('Aucun')).toBeInTheDocument();
  expect(screen.queryByLabelText('Montant')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Sauvegarder les CGV' })).toBeDisabled();
});

it("'Acompte' and 'Par personne' 15,50 € are saved in one call (cents in the row) and shown again after a reload", async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  const view = await openCgv(restaurantId);
  const rpcs: string[] = [];
  const originalFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.pathname.startsWith('/rest/v1/rpc/')) rpcs.push(url.pathname.slice('/rest/v1/rpc/'.length));
    return originalFetch(input, init);
  };
  try {
    await user.click(screen.getByRole('radio', { name: 'Acompte' }));
    await chooseFee(user, 'Par personne');
    await user.type(await screen.findByLabelText('Montant'), '15,50');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder les CGV' }));
    expect(await screen.findByRole('status')).toHaveTextContent('CGV sauvegardées avec succès !');
  } finally {
    globalThis.fetch = originalFetch;
  }
  expect(rpcs).toEqual(['save_restaurant_cgv']);
  expect(await storedRow(restaurantId)).toEqual({ advance_payment_nature: 'acompte', no_show_fee_type: 'per_person', no_show_fee_cents: 1550 });

  // A reload: a new page, an empty cache.
  view.unmount();
  queryClient.clear();
  await openCgv(restaurantId);
  expect(screen.getByRole('radio', { name: 'Acompte' })).toBeChecked();
  expect(within(screen.getByRole('combobox', { name: FEE }).closest<HTMLElement>('.ant-select')!).getByTitle('Par personne')).toBeInTheDocument();
  expect(screen.getByLabelText('Montant')).toHaveValue('15,50');
  expect(screen.getByRole('button', { name: 'Sauvegarder les CGV' })).toBeDisabled();
});

it("a fee type without its amount: 'Indiquez le montant des frais', and nothing is saved", async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  await openCgv(restaurantId);
  const before = await getSupabase().from('restaurant_cgv').select('*').eq('restaurant_id', restaurantId).single();
  await user.click(screen.getByRole('radio', { name: 'Acompte' }));
  await chooseFee(user, 'Forfait');
  await screen.findByLabelText('Montant');
  await user.click(screen.getByRole('button', { name: 'Sauvegarder les CGV' }));
  expect(await screen.findByText('Indiquez le montant des frais')).toBeInTheDocument();
  expect(screen.queryByText('CGV sauvegardées avec succès !')).not.toBeInTheDocument();
  expect((await getSupabase().from('restaurant_cgv').select('*').eq('restaurant_id', restaurantId).single()).data).toEqual(before.data);
  expect(await storedRow(restaurantId)).toEqual({ advance_payment_nature: 'arrhes', no_show_fee_type: null, no_show_fee_cents: null });
});
