/**
 * 'Modifier' goes through the reservation service (its own process) to public.modify_reservation: a
 * text the database cannot store (a NUL character, which PostgreSQL refuses with its raw 22P05) is
 * refused by the contract in French on its field, and the reservation is unchanged.
 */
import { getAppConfig, setAppConfig } from '@tablee/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paste } from '../../../tooling/jest/paste';
import { service, withDb } from '../../../local-supabase/test/clients';
import { nextOpenSlot } from '../../../local-supabase/test/reservations';
import { demoCopy, type DemoCopy } from '../../../local-supabase/test/seeded';
import { startReservationService, type RunningService } from '../../../reservation-service/test/process';
import { renderOperationsAt } from '../render';
import { signInAs } from '../stack';

let copy: DemoCopy;
let reservationService: RunningService;

beforeAll(async () => {
  copy = await demoCopy(
    { url: process.env.TEST_SUPABASE_URL!, anonKey: process.env.TEST_SUPABASE_ANON_KEY!, serviceRoleKey: process.env.TEST_SUPABASE_SERVICE_ROLE_KEY!, dbUrl: process.env.TEST_DATABASE_URL! },
    'ops-nul',
  );
  reservationService = await startReservationService();
});
afterAll(() => reservationService?.stop());

beforeEach(async () => {
  await signInAs(copy.email, copy.password);
  setAppConfig({ ...getAppConfig(), reservationApiUrl: reservationService.apiUrl });
});

it('Modifier: a NUL character in the internal notes is refused on that field in French, nothing changed', async () => {
  const user = userEvent.setup();
  const slot = await nextOpenSlot(copy.restaurants.lyon, { people: 12, service: 'dinner' });
  const { data, error } = await service().rpc('submit_group_request', {
    p_restaurant_id: copy.restaurants.lyon,
    p_request: { external_id: `nul-${Date.now()}`, date: slot.date, arrival_time: slot.arrival_time, adults: 12, customer: { name: 'Camille Nul', email: 'camille.nul@exemple.fr' } },
  });
  if (error) throw new Error(error.message);
  const { id, numero_restaurateur: numero } = (data as { reservation: { id: string; numero_restaurateur: string } }).reservation;
  const notesOf = () => withDb(async (db) => (await db.query<{ notes: string | null }>('select notes from restaurant_reservations where id = $1', [id])).rows[0].notes);
  const before = await notesOf();

  renderOperationsAt(`/restaurants/${copy.restaurants.lyon}/operational/reservations/${numero}`);
  await user.click(await screen.findByRole('button', { name: 'Modifier' }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog', { name: `Modifier la réservation ${numero}` });
  await paste(user, await within(dialog).findByLabelText('Notes internes', undefined, { timeout: 15_000 }), 'Table du fond\u0000');
  await user.click(within(dialog).getByRole('button', { name: 'Enregistrer les modifications' }));

  expect(await within(dialog).findByText('Les notes internes contiennent un caractère non autorisé (caractère nul).')).toBeInTheDocument();
  expect(within(dialog).queryByText(/unsupported Unicode|22P05/)).toBeNull();
  expect(await notesOf()).toBe(before);
});
