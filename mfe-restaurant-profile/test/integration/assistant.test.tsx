/** 'Votre assistant': the first message, and what the assistant will say, read from assistant_knowledge. */
import { getSupabase } from '@tablee/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ownerWithRestaurant, renderProfile } from '../render';
import { paste } from '../../../tooling/jest/paste';

it('proposes a first message with the restaurant’s name until the owner stores one', async () => {
  const user = userEvent.setup({ delay: null });
  const { restaurantId } = await ownerWithRestaurant();
  renderProfile(`/restaurants/${restaurantId}/assistant`);
  const message = await screen.findByLabelText('Premier message de l’assistant');
  expect(message).toHaveValue(
    "Bonjour et bienvenue chez Le Bouchon ! Je suis l'assistant du restaurant : je réponds à vos questions et j'organise la réservation de votre groupe. Pour quelle date et combien de personnes souhaitez-vous réserver ?",
  );
  expect(screen.getByText(/il n’est pas encore enregistré/)).toBeInTheDocument();

  // Blank: refused with its message, nothing stored.
  await user.clear(message);
  await user.click(screen.getByRole('button', { name: 'Enregistrer le message' }));
  expect(await screen.findByText('Le premier message ne peut pas être vide.')).toBeInTheDocument();
  expect((await getSupabase().from('restaurants').select('first_message').eq('id', restaurantId).single()).data!.first_message).toBeNull();

  await paste(user, message, '  Bienvenue au Bouchon, combien serez-vous ?  ');
  await user.click(screen.getByRole('button', { name: 'Enregistrer le message' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Le premier message a été enregistré.');
  expect((await getSupabase().from('restaurants').select('first_message').eq('id', restaurantId).single()).data!.first_message).toBe('Bienvenue au Bouchon, combien serez-vous ?');
  await waitFor(() => expect(screen.queryByText(/il n’est pas encore enregistré/)).not.toBeInTheDocument());
  expect(screen.getByLabelText('Premier message de l’assistant')).toHaveValue('Bienvenue au Bouchon, combien serez-vous ?');
});

it('says what the assistant will tell a group, and links each missing item to the tab that fixes it', async () => {
  const { restaurantId } = await ownerWithRestaurant();
  const client = getSupabase();
  await client.from('restaurant_menus').insert({ restaurant_id: restaurantId, name: 'Menu Lyonnais', price_per_person: 32 });
  renderProfile(`/restaurants/${restaurantId}/assistant`);

  // Stored at creation: Monday to Saturday, the default services.
  const hours = (await screen.findByRole('heading', { name: 'Horaires et groupes' })).closest<HTMLElement>('.ant-card')!;
  expect(within(hours).getAllByText('Midi 12:00–14:00 : arrivées à 12:00, 12:30, 13:00 ; groupes de 1 à 20 personnes ; à la carte jusqu’à 10 personnes.')).toHaveLength(6);
  expect(within(hours).getByText('Fermé : Dimanche.')).toBeInTheDocument();
  expect(screen.getByText('Menu Lyonnais : 32,00 € par personne, midi et soir.')).toBeInTheDocument();
  expect(screen.getByText('Annulation possible jusqu’à 48h avant le repas.')).toBeInTheDocument();
  expect(screen.getByText('Aucun acompte ni empreinte bancaire demandé.')).toBeInTheDocument();

  // The four billing blocks are missing: counted, named, and each links to Facturation.
  expect(screen.getByText('À compléter (4) : votre assistant ne peut pas encore répondre à tout.')).toBeInTheDocument();
  const payment = screen.getByRole('heading', { name: 'Acompte et paiement' }).closest<HTMLElement>('.ant-card')!;
  const links = within(payment).getAllByRole('link', { name: 'compléter dans « Facturation »' });
  expect(links).toHaveLength(4);
  for (const link of links) expect(link).toHaveAttribute('href', `/restaurants/${restaurantId}/billing`);
});

it('a restaurant the owner cannot reach shows the load error', async () => {
  await ownerWithRestaurant();
  renderProfile('/restaurants/00000000-0000-4000-8000-000000000000/assistant');
  expect(await screen.findByText('Erreur lors du chargement de votre assistant')).toBeInTheDocument();
});
