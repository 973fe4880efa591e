import type { OwnerBooking, OwnerBookingAnswer, RefusalAnswer, ReservationChanges, ReservationChangesAnswer } from '@tablee/contract';
import { reservationKeys } from '@tablee/operations-data';
import { RESERVATION_SERVICE_UNREACHABLE, reservationApiEndpoint } from '@tablee/shared';
import { getSupabase } from '@tablee/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A refusal of a booking or a change, in French, on the field at fault when there is one: `field` is
 * the contract's dotted path (customer.email, options.0.quantity…), or null for the whole form.
 */
export class BookingRefusal extends Error {
  constructor(
    message: string,
    readonly field: string | null,
  ) {
    super(message);
  }
}

/** A body the contract takes for the owner's booking (accept and preview aside): checked when this module is typechecked. */
type FitsTheContract<T extends Omit<OwnerBooking, 'accept' | 'preview'>> = T;

/** The booking as the contract names its fields (public.submit_group_request), plus the owner's notes. */
export type BookingRequest = FitsTheContract<{
  external_id: string;
  date: string;
  arrival_time: string;
  adults: number;
  children: number;
  menu_id: string | null;
  options: { option_id: string; quantity?: number | null }[];
  customer: { name: string; email: string | null; phone: string | null };
  dietary_notes: string | null;
  notes: string | null;
}>;

/** What the service answers a booking (or its preview): the reservation, and what accepting it means for the plan. */
export type BookingAnswer = OwnerBookingAnswer;

/**
 * The owner's endpoints of the reservation service, as the signed-in member (their access token): the
 * service checks the shape, the SQL function the rules and the membership. Refusals in French, on the
 * contract's field when there is one.
 */
async function callOwnerApi<Answer>(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<Answer> {
  const { data } = await getSupabase().auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new BookingRefusal('Utilisateur non connecté', null);
  let response: Response;
  try {
    response = await fetch(reservationApiEndpoint(path), {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  } catch {
    throw new BookingRefusal(RESERVATION_SERVICE_UNREACHABLE, null);
  }
  if (!response.ok) {
    const refusal: Partial<RefusalAnswer> | null = await response.json().catch(() => null);
    throw new BookingRefusal(refusal?.message || 'Une erreur est survenue. Veuillez réessayer plus tard.', refusal?.field ?? null);
  }
  const answer: Answer = await response.json();
  return answer;
}

/**
 * 'Nouvelle réservation': POST /api/restaurants/{id}/reservations (submit_owner_reservation). `accept`:
 * accepted at once; `preview`: nothing stored, the warnings to confirm first.
 */
export function submitBooking(restaurantId: string, request: BookingRequest, { accept, preview }: { accept: boolean; preview: boolean }): Promise<BookingAnswer> {
  return callOwnerApi('POST', `restaurants/${encodeURIComponent(restaurantId)}/reservations`, { ...request, accept, preview });
}

/** What a change answers: whether anything changed (or would), the warnings of the reservation as changed, whether the customer is told. */
export type ModifyAnswer = ReservationChangesAnswer;

/** 'Modifier': PATCH /api/reservations/{id} (public.modify_reservation); `preview`: nothing changed. */
export function modifyReservation(reservationId: string, changes: Omit<BookingRequest, 'external_id'>, preview: boolean): Promise<ModifyAnswer> {
  const body: ReservationChanges = { ...changes, preview };
  return callOwnerApi('PATCH', `reservations/${encodeURIComponent(reservationId)}`, body);
}

/** Either call; then every query of the restaurant's reservations is read again (list, counts, detail, planning's). */
export function useBookingMutations(restaurantId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: reservationKeys.all(restaurantId) });
  const submit = useMutation({
    mutationFn: (input: { request: BookingRequest; accept: boolean; preview: boolean }) => submitBooking(restaurantId, input.request, input),
    onSuccess: (answer) => (answer.preview ? undefined : refresh()),
  });
  const modify = useMutation({
    mutationFn: (input: { reservationId: string; changes: Omit<BookingRequest, 'external_id'>; preview: boolean }) => modifyReservation(input.reservationId, input.changes, input.preview),
    onSuccess: (answer) => (answer.preview ? undefined : refresh()),
  });
  return { submit, modify };
}
