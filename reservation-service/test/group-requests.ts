import { randomUUID } from 'node:crypto';
import { withDb } from '../../local-supabase/test/clients';
import { db } from './helpers';

/** What public.submit_group_request answers, and what the tests read besides (the one-click code). */
export interface SubmittedRequest {
  id: string;
  numero: string;
  numeroRestaurateur: string;
  code: string;
  respondBy: string;
  email: string;
  date: string;
  arrivalTime: string;
  adults: number;
  children: number;
}

interface Knowledge {
  days: { day: string; is_open: boolean; services: { service: string; arrival_times: string[]; group_size: { min: number; max: number } }[] }[];
  menus: { id: string; name: string; is_children_menu: boolean; available_lunch: boolean; available_dinner: boolean }[];
  options: { id: string; title: string }[];
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * A request the restaurant takes, read from what its assistant knows (public.assistant_knowledge): the
 * first open day with a dinner service two to five weeks ahead, its last arrival time, a group at the
 * service's minimum plus two children, the first adults' menu served at dinner and the first option.
 */
export async function validRequest(restaurantId: string): Promise<Record<string, unknown>> {
  const { data, error } = await db().rpc('assistant_knowledge', { p_restaurant_id: restaurantId });
  if (error) throw new Error(error.message);
  const knowledge = data as unknown as Knowledge;
  const open = knowledge.days.filter((d) => d.is_open && d.services.some((s) => s.service === 'dinner' && s.arrival_times.length));
  if (!open.length) throw new Error('le restaurant n’a aucun dîner ouvert');
  // Two weeks ahead at least, so that the request is never for today whatever the hour; the offset varies per request.
  const start = new Date(Date.now() + (14 + Math.floor(Math.random() * 21)) * 86_400_000);
  let date = start;
  while (!open.some((d) => d.day === WEEKDAYS[date.getUTCDay()])) date = new Date(date.getTime() + 86_400_000);
  const day = open.find((d) => d.day === WEEKDAYS[date.getUTCDay()])!;
  const dinner = day.services.find((s) => s.service === 'dinner')!;
  const menu = knowledge.menus.find((m) => !m.is_children_menu && m.available_dinner);
  const suffix = randomUUID().slice(0, 8);
  return {
    external_id: `test-${randomUUID()}`,
    date: date.toISOString().slice(0, 10),
    arrival_time: dinner.arrival_times[dinner.arrival_times.length - 1],
    adults: Math.max(dinner.group_size.min, 2) + 1,
    children: 2,
    ...(menu ? { menu_id: menu.id } : {}),
    ...(knowledge.options[0] ? { options: [{ option_id: knowledge.options[0].id, quantity: 3 }] } : {}),
    customer: { name: `Hélène Test ${suffix}`, email: `client-${suffix}@test.tablee.fr`, phone: '06 11 22 33 44' },
    message: 'Nous fêtons un anniversaire.\nUne personne est allergique aux noix.',
  };
}

/** A request submitted as the chatbot does (service role, the one way in), with `overrides` of the request's fields. */
export async function submitRequest(restaurantId: string, overrides: Record<string, unknown> = {}): Promise<SubmittedRequest> {
  const request = { ...(await validRequest(restaurantId)), ...overrides };
  const { data, error } = await db().rpc('submit_group_request', { p_restaurant_id: restaurantId, p_request: request as never });
  if (error) throw new Error(`${error.code} ${error.message}`);
  const answer = data as unknown as { reservation: { id: string; numero: string; numero_restaurateur: string; respond_by: string } };
  const code = await withDb(async (pg) => (await pg.query<{ code_manage: string }>('select code_manage from restaurant_reservations where id = $1', [answer.reservation.id])).rows[0].code_manage);
  return {
    id: answer.reservation.id,
    numero: answer.reservation.numero,
    numeroRestaurateur: answer.reservation.numero_restaurateur,
    code,
    respondBy: answer.reservation.respond_by,
    email: (request.customer as { email: string }).email,
    date: request.date as string,
    arrivalTime: request.arrival_time as string,
    adults: request.adults as number,
    children: request.children as number,
  };
}

/** The request's notifications, by kind and channel. */
export async function outboxRows(reservationId: string): Promise<Record<string, { status: string; attempts: number; last_error: string | null; recipient: string }>> {
  return withDb(async (pg) => {
    const { rows } = await pg.query<{ kind: string; channel: string; status: string; attempts: number; last_error: string | null; recipient: string }>(
      'select kind, channel, status, attempts, last_error, recipient from public.notification_outbox where reservation_id = $1',
      [reservationId],
    );
    return Object.fromEntries(rows.map(({ kind, channel, ...row }) => [`${kind}/${channel}`, row]));
  });
}

/** Makes the request's notifications due now (a retry is otherwise 30 s to an hour away). */
export function makeDue(reservationId: string): Promise<unknown> {
  return withDb((pg) => pg.query(`update public.notification_outbox set next_attempt_at = now() where reservation_id = $1 and status = 'pending'`, [reservationId]));
}
