/**
 * The reservation detail shows what the chatbot's request brought: the customer's message, and in the
 * history the notifications it queued (public.notification_outbox) — sent, failed after its attempts
 * (in the warning colour), or still being sent. The request goes in the one way in,
 * submit_group_request, with the service role as the chatbot's backend would.
 */
import { parisToday } from '@tablee/shared';
import { screen, within } from '@testing-library/react';
import { service, withDb } from '../../../local-supabase/test/clients';
import { demoCopy, type DemoCopy } from '../../../local-supabase/test/seeded';
import { renderOperationsAt } from '../render';
import { signInAs } from '../stack';

interface Slot {
  date: string;
  arrival_time: string;
  adults: number;
}

let copy: DemoCopy;
let slot: Slot;
/** The chatbot's backend: the service role. */
let chatbot: ReturnType<typeof service>;

/** The first open service from the day after tomorrow on, at its first arrival time, for its smallest group. */
async function openSlot(restaurantId: string): Promise<Slot> {
  const { data: knowledge, error } = await chatbot.rpc('assistant_knowledge', { p_restaurant_id: restaurantId });
  if (error) throw error;
  for (let ahead = 2; ahead < 16; ahead++) {
    const day = new Date(`${parisToday()}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + ahead);
    const name = day.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' }).toLowerCase();
    const open = knowledge.days.find((d: { day: string; is_open: boolean }) => d.day === name && d.is_open);
    const served = open?.services.find((s: { arrival_times: string[] }) => s.arrival_times.length > 0);
    if (served) return { date: day.toISOString().slice(0, 10), arrival_time: served.arrival_times[0], adults: Math.max(served.group_size.min, 1) };
  }
  throw new Error('no open service in the next two weeks');
}

/** A request as the chatbot sends it; answers the reservation's id and restaurant number. */
async function submit(request: Record<string, unknown>): Promise<{ id: string; numero: string }> {
  const { data, error } = await chatbot.rpc('submit_group_request', {
    p_restaurant_id: copy.restaurants.lyon,
    p_request: { external_id: `ops-${Date.now()}-${Math.random()}`, ...slot, customer: { name: 'Camille Martin', email: 'camille.martin@example.fr' }, ...request },
  });
  if (error) throw new Error(JSON.stringify(error));
  return { id: data.reservation.id, numero: data.reservation.numero_restaurateur };
}

beforeAll(async () => {
  chatbot = service();
  copy = await demoCopy(
    { url: process.env.TEST_SUPABASE_URL!, anonKey: process.env.TEST_SUPABASE_ANON_KEY!, serviceRoleKey: process.env.TEST_SUPABASE_SERVICE_ROLE_KEY!, dbUrl: process.env.TEST_DATABASE_URL! },
    'ops-notifications',
  );
  slot = await openSlot(copy.restaurants.lyon);
});

it('shows the customer’s message, a notification failed after five attempts, one sent and one still being sent', async () => {
  const message = 'Nous fêtons les 40 ans de Paul.\nUne personne est végane.';
  const { id, numero } = await submit({ message });
  // The outcome of each delivery, set as the superuser: the restaurant's e-mail failed five times, the
  // customer's acknowledgement was sent, the WhatsApp message is not due before tomorrow (no sender takes it).
  const rows = await withDb(async (db) => {
    await db.query(
      `update notification_outbox set
         status = case when kind = 'owner_new_request' and channel = 'email' then 'failed' when kind = 'customer_request_received' then 'sent' else 'pending' end,
         attempts = case when kind = 'owner_new_request' and channel = 'email' then 5 when kind = 'customer_request_received' then 1 else 0 end,
         sent_at = case when kind = 'customer_request_received' then clock_timestamp() end,
         last_error = case when kind = 'owner_new_request' and channel = 'email' then '550 mailbox unavailable' end,
         next_attempt_at = case when kind = 'owner_new_request' and channel = 'whatsapp' then now() + interval '1 day' else next_attempt_at end,
         claimed_until = null
       where reservation_id = $1`,
      [id],
    );
    return (await db.query('select kind, channel from notification_outbox where reservation_id = $1 order by kind, channel', [id])).rows;
  });
  expect(rows).toEqual([
    { kind: 'customer_request_received', channel: 'email' },
    { kind: 'owner_new_request', channel: 'email' },
    { kind: 'owner_new_request', channel: 'whatsapp' },
  ]);

  await signInAs(copy.email, copy.password);
  renderOperationsAt(`/restaurants/${copy.restaurants.lyon}/operational/reservations/${numero}`);
  const messageCard = (await screen.findByRole('heading', { name: 'Message du client' })).closest<HTMLElement>('.ant-card')!;
  expect(within(messageCard).getByText((_, element) => element?.tagName === 'P' && element.textContent === message)).toBeInTheDocument();

  const history = screen.getByRole('heading', { name: 'Historique' }).closest<HTMLElement>('.ant-card')!;
  const notifications = within(history).getAllByTestId('reservation-notification');
  // In time order: queued together (the failure dated by its last attempt), the acknowledgement sent just now.
  expect(notifications.map((n) => [n.dataset.notificationStatus, n.textContent])).toEqual([
    ['failed', expect.stringMatching(/^Échec de l’envoi de la nouvelle demande au restaurant par e-mail après 5 tentatives — \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)],
    ['pending', 'Nouvelle demande au restaurant par WhatsApp : en cours d’envoi'],
    ['sent', expect.stringMatching(/^Accusé de réception envoyé au client par e-mail — \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)],
  ]);
  // The failure in the warning colour.
  expect(notifications[0]).toHaveStyle({ color: '#874d00' });
  // What went wrong is the sender's business: the owner reads no SMTP answer.
  expect(history).not.toHaveTextContent('550');
});

it('a request without a message shows no message block, and its sent notifications', async () => {
  const { id, numero } = await submit({});
  await withDb((db) => db.query("update notification_outbox set status = 'sent', attempts = 1, sent_at = clock_timestamp(), claimed_until = null where reservation_id = $1", [id]));

  await signInAs(copy.email, copy.password);
  renderOperationsAt(`/restaurants/${copy.restaurants.lyon}/operational/reservations/${numero}`);
  const history = (await screen.findByRole('heading', { name: 'Historique' })).closest<HTMLElement>('.ant-card')!;
  const texts = within(history)
    .getAllByTestId('reservation-notification')
    .map((n) => n.textContent!.replace(/ — .*$/, ''))
    .sort();
  expect(texts).toEqual(['Accusé de réception envoyé au client par e-mail', 'Nouvelle demande envoyée au restaurant par WhatsApp', 'Nouvelle demande envoyée au restaurant par e-mail'].sort());
  expect(screen.queryByRole('heading', { name: 'Message du client' })).not.toBeInTheDocument();
});
