/**
 * What the customer does on their own page (/ma-reservation/{token}), as the owner reads it: each
 * guest's choices ('Choix des convives': the guests and how many of each dish), the customer's changes
 * in the history ('Modifiée par le client', 'Choix des convives envoyés par le client'), and their
 * cancellation ('Annulée par le client' with their words). The request goes in as the chatbot sends it
 * (submit_group_request), its token as the service draws it (customer_page_tokens), and the customer
 * writes through the anonymous functions of their page.
 */
import { reservationGuestsQueryOptions } from '@tablee/operations-data';
import { parisToday, queryClient } from '@tablee/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anon, newOwner, service } from '../../../local-supabase/test/clients';
import { fillProfile, must } from '../../../local-supabase/test/fixtures';
import { submitGroupRequest, type SubmittedRequest } from '../../../local-supabase/test/reservations';
import { renderOperationsAt } from '../render';
import { signInAs } from '../stack';

let owner: { client: SupabaseClient; email: string; password: string };
let restaurantId: string;
let menuId: string;

/** A Monday at least three weeks ahead (Paris): open at lunch, well before any deadline of the CGV. */
function mondayAhead(): string {
  const day = new Date(`${parisToday()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 21);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** A request of 14 for the Menu Découverte, and the token of its customer's page. */
async function requestWithPage(): Promise<{ request: SubmittedRequest; token: string }> {
  const request = await submitGroupRequest(restaurantId, {
    date: mondayAhead(),
    arrival_time: '12:00',
    adults: 14,
    menu_id: menuId,
    customer: { name: 'Claire Fontaine', email: 'claire.fontaine@exemple.fr' },
  });
  const [page] = await must(service().rpc('customer_page_tokens', { p_reservation_ids: [request.id] }));
  return { request, token: (page as { token: string }).token };
}

/** The customer's change on their page: must be accepted. */
const customerChanges = (token: string, changes: Record<string, unknown>) => must(anon().rpc('customer_update_reservation', { p_token: token, p_changes: changes }));

const card = async (title: string) => (await screen.findByRole('heading', { name: title })).closest<HTMLElement>('.ant-card')!;
const nbsp = (text: string | null | undefined) => (text ?? '').replace(/\u00a0|\u202f/g, ' ');

beforeAll(async () => {
  owner = await newOwner('page-client');
  const { id } = await must(owner.client.from('restaurants').insert({ name: 'Le Bouchon des Convives' }).select('id').single());
  restaurantId = id as string;
  await fillProfile(owner.client, restaurantId, 'Le Bouchon des Convives');
  const menu = await must(owner.client.from('restaurant_menus').select('id').eq('restaurant_id', restaurantId).eq('name', 'Menu Découverte').single());
  menuId = menu.id as string;
});

it('shows each guest’s dishes and allergies, the totals per dish, and the customer’s changes in the history', async () => {
  const { request, token } = await requestWithPage();
  await customerChanges(token, { guest: { guest_number: 1, name: 'Marie', choices: { starter: 'Œuf meurette', main: 'Quenelle de brochet' }, allergies: 'Noix' } });
  await customerChanges(token, { guest: { guest_number: 2, choices: { starter: 'Œuf meurette', main: 'Risotto aux cèpes' } } });
  await customerChanges(token, { guest: { guest_number: 3, name: 'Paul', choices: { main: 'Quenelle de brochet', drink: 'Côtes-du-Rhône' } } });
  await customerChanges(token, { adults: 15 });

  await signInAs(owner.email, owner.password);
  renderOperationsAt(`/restaurants/${restaurantId}/operational/reservations/${request.restaurateur}`);
  const guests = await card('Choix des convives');
  expect(nbsp(guests.textContent)).toContain('3 convives renseignés sur 15 par le client.');
  // How many of each dish, course by course in the menu's order, the most chosen first.
  expect(
    within(guests)
      .getAllByRole('listitem')
      .filter((li) => li.closest('[data-testid="dish-totals"]'))
      .map((li) => nbsp(li.textContent)),
  ).toEqual(['Entrée : 2 × Œuf meurette', 'Plat : 2 × Quenelle de brochet, 1 × Risotto aux cèpes', 'Boisson : 1 × Côtes-du-Rhône']);
  expect(
    within(guests)
      .getAllByTestId('guest')
      .map((li) => nbsp(li.textContent)),
  ).toEqual([
    'MarieEntrée : Œuf meurette · Plat : Quenelle de brochetAllergies : Noix',
    'Convive 2Entrée : Œuf meurette · Plat : Risotto aux cèpes',
    'PaulPlat : Quenelle de brochet · Boisson : Côtes-du-Rhône',
  ]);

  const history = await card('Historique');
  const changes = within(history)
    .getAllByTestId('reservation-change')
    .map((c) => nbsp(c.textContent).replace(/ — \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/, ''));
  // The summaries as stored: the guests' row brought up to date while the customer fills them in, then the headcount.
  expect(changes).toEqual(['Choix des convives envoyés par le client : 3 convive(s) sur 14.', expect.stringMatching(/^Modifiée par le client : .*14 → 15/)]);
  // The restaurant told of the headcount change, by its name (not as a new request).
  expect(
    within(history)
      .getAllByTestId('reservation-notification')
      .map((n) => n.textContent),
  ).toContainEqual(expect.stringMatching(/^Modification du client (envoyée )?au restaurant/));
});

it('a customer’s cancellation reads « Annulée par le client » with their words', async () => {
  const { request, token } = await requestWithPage();
  await must(anon().rpc('customer_cancel_reservation', { p_token: token, p_reason: 'Le séminaire est reporté à l’automne.' }));

  await signInAs(owner.email, owner.password);
  renderOperationsAt(`/restaurants/${restaurantId}/operational/reservations/${request.restaurateur}`);
  const history = await card('Historique');
  const decision = nbsp(within(history).getByTestId('reservation-decision').textContent);
  expect(decision).toMatch(/^Annulée par le client — \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}Raison : Le séminaire est reporté à l’automne\.$/);
  expect(decision).not.toContain('dans l’application');
  // Nothing filled in: once the guests are read (none), no guests' section.
  await waitFor(() => expect(queryClient.getQueryState(reservationGuestsQueryOptions(restaurantId, request.restaurateur).queryKey)?.status).toBe('success'));
  expect(queryClient.getQueryData(reservationGuestsQueryOptions(restaurantId, request.restaurateur).queryKey)).toEqual([]);
  expect(screen.queryByRole('heading', { name: 'Choix des convives' })).not.toBeInTheDocument();
});
