import { randomUUID } from 'node:crypto';
import { withDb } from '../../local-supabase/test/clients';
import { nextOpenSlot, submitGroupRequest, type GroupRequest } from '../../local-supabase/test/reservations';
import { db } from './helpers';

/** What public.submit_group_request answers, and what the tests read besides (the one-click code). */
export interface SubmittedRequest {
  id: string;
  numero: string;
  numeroRestaurateur: string;
  code: string;
  /** The customer's one reference (code_reservation), on every e-mail they get. */
  codeReservation: string;
  respondBy: string;
  email: string;
  date: string;
  arrivalTime: string;
  adults: number;
  children: number;
}

interface Knowledge {
  menus: { id: string; is_children_menu: boolean }[];
  options: { id: string }[];
}

/**
 * A request submitted as the chatbot does (service role, the one way in: submitGroupRequest of
 * local-supabase/test/reservations.ts, at the restaurant's next open dinner for the party), everything an
 * e-mail prints filled in: 8 adults and 2 children, the first adults' menu (served at that slot), the
 * first option, a customer with an e-mail and a phone, a message on two lines; `overrides` replace them.
 */
export async function submitDetailedRequest(restaurantId: string, overrides: Partial<GroupRequest> = {}): Promise<SubmittedRequest> {
  const { data, error } = await db().rpc('assistant_knowledge', { p_restaurant_id: restaurantId });
  if (error) throw new Error(error.message);
  const knowledge = data as unknown as Knowledge;
  const menu = knowledge.menus.find((m) => !m.is_children_menu);
  const suffix = randomUUID().slice(0, 8);
  // A dinner: the e-mails' texts say 'Soir'.
  const slot = await nextOpenSlot(restaurantId, { people: 10, service: 'dinner', menuId: menu?.id });
  const request: Partial<GroupRequest> = {
    date: slot.date,
    arrival_time: slot.arrival_time,
    adults: 8,
    children: 2,
    ...(menu ? { menu_id: menu.id } : {}),
    ...(knowledge.options[0] ? { options: [{ option_id: knowledge.options[0].id, quantity: 3 }] } : {}),
    customer: { name: `Hélène Test ${suffix}`, email: `client-${suffix}@test.tablee.fr`, phone: '06 11 22 33 44' },
    message: 'Nous fêtons un anniversaire.\nUne personne est allergique aux noix.',
    ...overrides,
  };
  const submitted = await submitGroupRequest(restaurantId, request);
  return {
    id: submitted.id,
    numero: submitted.numero,
    numeroRestaurateur: submitted.restaurateur,
    code: submitted.codeManage,
    codeReservation: submitted.codeReservation,
    respondBy: submitted.answer.reservation.respond_by as string,
    email: submitted.email ?? '',
    date: submitted.date,
    arrivalTime: submitted.arrivalTime,
    adults: request.adults!,
    children: request.children!,
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
