/**
 * The request page's estimate against a real reservation service (its own process) and the run's
 * local-supabase: its total and the deposit it implies are what public.check_group_request answers
 * (the submission's own rules), asked as the customer chooses, before sending; a group the restaurant
 * does not take is said there, in SQL's words. On the file's own copy of the demo restaurant.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatEuros } from '@tablee/shared/core';
import { anon, withDb } from '../../../local-supabase/test/clients';
import { nextOpenSlot } from '../../../local-supabase/test/reservations';
import { RequestForm } from '../../src/features/request-page/components/RequestForm';
import type { RequestForm as Form } from '../../src/features/request-page/lib/form-rules';
import { pointReservationApiAt } from '../render';
import { ownRestaurant, startReservationService, type RunningService } from '../reservation-service';

let service: RunningService | undefined;
let form: Form;
let restaurantId: string;

beforeAll(async () => {
  service = await startReservationService();
  pointReservationApiAt(service.apiUrl, process.env.TEST_SUPABASE_URL);
  ({ restaurantId } = await ownRestaurant());
  await withDb((pg) =>
    pg.query('insert into public.restaurant_request_pages (restaurant_id, enabled) values ($1, true) on conflict (restaurant_id) do update set enabled = true', [restaurantId]),
  );
  const { data, error } = await anon().rpc('request_form', { p_restaurant_id: restaurantId });
  if (error) throw new Error(error.message);
  form = data as Form;
}, 45_000);

afterAll(async () => {
  await service?.stop();
});

/** The calendar shows `date` (months forward), then it is picked, with the slot's service and arrival time. */
async function chooseSlot(user: ReturnType<typeof userEvent.setup>, slot: { date: string; arrival_time: string }) {
  const label = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${slot.date}T12:00:00`));
  while (!screen.queryByRole('button', { name: label })) await user.click(screen.getByRole('button', { name: 'Mois suivant' }));
  await user.click(screen.getByRole('button', { name: label }));
  const dinner = screen.queryByRole('radio', { name: /^Dîner/ });
  if (dinner) await user.click(dinner);
  await user.selectOptions(screen.getByLabelText('Heure d’arrivée'), slot.arrival_time);
}

it('shows the total and the deposit public.check_group_request answers (in the CGV’s word: arrhes, and what they commit to), and a group it does not take in its words', async () => {
  const user = userEvent.setup();
  const slot = await nextOpenSlot(restaurantId, { people: 12, service: 'dinner' });
  render(<RequestForm form={form} onSent={() => undefined} />);
  await chooseSlot(user, slot);
  await user.type(screen.getByLabelText('Adultes'), '12');
  await user.click(within(screen.getByRole('group', { name: 'Menu' })).getAllByRole('radio')[0]);
  const menuId = form.menus.find((m) => !m.is_children_menu)!.id;

  const sql = await withDb(
    async (pg) =>
      (
        await pg.query<{ answer: { request: { total_amount: number }; deposit: { amount: number } } }>('select public.check_group_request($1, $2) as answer', [
          restaurantId,
          { date: slot.date, arrival_time: slot.arrival_time, adults: 12, children: 0, menu_id: menuId, options: [] },
        ])
      ).rows[0].answer,
  );
  // As the page prints euros; the matcher reads every space of the page as a plain one.
  const euros = (amount: number) => formatEuros(amount).replace(/\s/g, ' ');
  const estimateBox = screen.getByRole('region', { name: 'Estimation' });
  await waitFor(() => expect(estimateBox).toHaveTextContent(`Total estimé${euros(sql.request.total_amount)}`));
  expect(estimateBox).toHaveTextContent(
    `Arrhes demandées si le restaurant accepte : ${euros(sql.deposit.amount)} (30 % du total). Ce sont des arrhes : si vous annulez, elles restent acquises au restaurant ; si le restaurant annule, il vous rembourse le double.`,
  );

  await user.clear(screen.getByLabelText('Adultes'));
  await user.type(screen.getByLabelText('Adultes'), '400');
  await waitFor(() => expect(estimateBox).toHaveTextContent(/Le restaurant accueille les groupes de \d+ à \d+ personnes au dîner ce jour-là\./));
  expect(estimateBox).toHaveTextContent('Total estimé—');
});

it('shows the privacy notice under the form, with the restaurant’s contact and retention as request_form answers them', async () => {
  const contact = await withDb(
    async (pg) =>
      (
        await pg.query<{ email: string | null; months: number }>(
          'select c.email_address as email, r.customer_retention_months as months from public.restaurants r join public.restaurant_contacts c on c.restaurant_id = r.id where r.id = $1',
          [restaurantId],
        )
      ).rows[0],
  );
  expect(contact.email).toBeTruthy();
  render(<RequestForm form={form} onSent={() => undefined} />);
  const privacy = screen.getByRole('region', { name: 'Vos données personnelles' });
  expect(privacy).toHaveTextContent(`Responsable du traitement : Le restaurant ${form.restaurant.name}, joignable à ${contact.email}`);
  expect(privacy).toHaveTextContent(`Durée de conservation : ${contact.months} mois`);
  expect(privacy).toHaveTextContent(`demandez-les en écrivant au restaurant (${contact.email}`);
});
