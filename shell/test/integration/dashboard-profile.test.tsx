import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connect, renderApp, uniqueEmail } from '../render';

/**
 * The dashboard: each card says whether the assistant has what it needs ('Profil
 * complet' / 'À compléter (n)'), an unfinished onboarding is resumed at its first incomplete step,
 * and a restaurant is deleted after a confirmation that names it.
 */
async function signedInOwner() {
  const client = await connect();
  const email = uniqueEmail('dashboard');
  expect((await client.auth.signUp({ email, password: 'secret-123' })).error).toBeNull();
  expect((await client.auth.signInWithPassword({ email, password: 'secret-123' })).error).toBeNull();
  return client;
}

const cardOf = async (name: string) => (await screen.findByRole('link', { name })).closest<HTMLElement>('[data-testid="restaurant-card"]')!;

it("says 'À compléter (n)' with a link to what is missing, and resumes an unfinished onboarding at its first incomplete step", async () => {
  const client = await signedInOwner();
  // Created elsewhere than the wizard: finished; only its name and address are given.
  const finished = await client.from('restaurants').insert({ name: 'Le Bistrot', address: '3 place du Marché' }).select('id').single();
  // Started in the wizard, then its information filled: the first gap is then a menu (step 4).
  const { data: wizardId } = await client.rpc('start_restaurant_onboarding');
  await client.from('restaurants').update({ name: 'En cours', address: '1 rue Neuve' }).eq('id', wizardId!);
  await client.from('restaurant_contacts').update({ email: 'a@b.fr', whatsapp: '+33600000000' }).eq('restaurant_id', wizardId!);
  renderApp('/dashboard');

  const bistrot = await cardOf('Le Bistrot');
  // Contact e-mail, WhatsApp, menu, the four billing blocks and the CGV.
  const tag = within(bistrot).getByRole('link', { name: /^À compléter \(8\)/ });
  expect(tag).toHaveAttribute('href', `/restaurants/${finished.data!.id}/assistant`);
  expect(within(bistrot).getByRole('link', { name: 'Ouvrir' })).toHaveAttribute('href', `/restaurants/${finished.data!.id}`);
  // What is missing is named on the card, each with a link to the tab that fixes it.
  const missing = within(bistrot).getByRole('list', { name: 'Ce qui manque à Le Bistrot' });
  expect(within(missing).getAllByRole('listitem')).toHaveLength(8);
  expect(within(missing).getByRole('link', { name: 'Email de contact' })).toHaveAttribute('href', `/restaurants/${finished.data!.id}/information`);
  expect(within(missing).getByRole('link', { name: 'Coordonnées bancaires (IBAN, BIC)' })).toHaveAttribute('href', `/restaurants/${finished.data!.id}/billing`);
  expect(within(missing).getByRole('link', { name: "Conditions d'annulation et de modification (CGV)" })).toHaveAttribute('href', `/restaurants/${finished.data!.id}/cgv`);

  const resumed = await cardOf('En cours');
  expect(within(resumed).getByText('À compléter (6)')).toBeInTheDocument();
  expect(within(resumed).getByRole('link', { name: 'Reprendre l’ajout' })).toHaveAttribute('href', `/onboarding/${wizardId}?etape=menus`);
  expect(within(resumed).getByRole('link', { name: 'En cours' })).toHaveAttribute('href', `/onboarding/${wizardId}?etape=menus`);
});

it("says 'Profil complet' once nothing is missing", async () => {
  const client = await signedInOwner();
  const { data } = await client.from('restaurants').insert({ name: 'Complet', address: '2 quai' }).select('id').single();
  const id = data!.id;
  await client.from('restaurant_contacts').update({ email: 'a@b.fr', whatsapp: '+33600000000' }).eq('restaurant_id', id);
  await client.from('restaurant_menus').insert({ restaurant_id: id, name: 'Menu', price_per_person: 30 });
  await client
    .from('restaurant_billing')
    .update({
      company_name: 'SAS',
      legal_form: 'SAS',
      siret_number: '73282932000074',
      rcs_city: 'Lyon',
      vat_number: 'FR44732829320',
      address: '2 quai',
      postal_code: '69001',
      city: 'Lyon',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
      contact_name: 'Camille',
      contact_email: 'c@b.fr',
      contact_phone: '+33478000000',
    })
    .eq('restaurant_id', id);
  await client.from('restaurant_cgv').insert({ restaurant_id: id, cancellation_policy: '48h', modification_policy: '24h' });
  renderApp('/dashboard');
  const card = await cardOf('Complet');
  expect(within(card).getByText('Profil complet')).toBeInTheDocument();
  expect(within(card).queryByText(/À compléter/)).not.toBeInTheDocument();
});

it('deletes a restaurant after a confirmation naming it; cancelling keeps it', async () => {
  const client = await signedInOwner();
  const kept = await client.from('restaurants').insert({ name: 'Je reste' }).select('id').single();
  const gone = await client.from('restaurants').insert({ name: 'Je pars' }).select('id').single();
  renderApp('/dashboard');
  const user = userEvent.setup();

  await user.click(within(await cardOf('Je pars')).getByRole('button', { name: 'Supprimer Je pars' }));
  const dialog = await screen.findByRole('dialog', { name: 'Supprimer « Je pars » ?' });
  expect(dialog).toHaveTextContent('avec ses photos, ses menus, ses réservations et ses conversations');
  await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
  expect((await client.from('restaurants').select('id').eq('id', gone.data!.id)).data).toHaveLength(1);

  await user.click(within(await cardOf('Je pars')).getByRole('button', { name: 'Supprimer Je pars' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Supprimer « Je pars » ?' })).getByRole('button', { name: 'Supprimer' }));
  expect(await screen.findByText('« Je pars » a été supprimé.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Je pars' })).not.toBeInTheDocument());
  expect(screen.getByRole('link', { name: 'Je reste' })).toBeInTheDocument();
  expect((await client.from('restaurants').select('id').eq('id', gone.data!.id)).data).toEqual([]);
  expect((await client.from('restaurants').select('id').eq('id', kept.data!.id)).data).toHaveLength(1);
});
