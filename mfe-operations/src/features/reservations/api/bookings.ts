import type { OwnerBooking, OwnerBookingAnswer, RefusalAnswer } from '@tablee/contract';
import { reservationKeys } from '@tablee/operations-data';
import { RESERVATION_SERVICE_UNREACHABLE, reservationApiEndpoint } from '@tablee/shared';
import { getSupabase, unstorableTextPath, unstorableTextRefusal, type ModifyReservationAnswer } from '@tablee/domain';
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
 * 'Nouvelle réservation': POST /api/restaurants/{id}/reservations as the signed-in owner (the reservation
 * service checks the shape, submit_owner_reservation the rules and the ownership). `accept`: accepted at
 * once; `preview`: nothing stored, the warnings to confirm first.
 */
export async function submitBooking(restaurantId: string, request: BookingRequest, { accept, preview }: { accept: boolean; preview: boolean }): Promise<BookingAnswer> {
  const { data } = await getSupabase().auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new BookingRefusal('Utilisateur non connecté', null);
  let response: Response;
  try {
    response = await fetch(reservationApiEndpoint(`restaurants/${encodeURIComponent(restaurantId)}/reservations`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...request, accept, preview }),
    });
  } catch {
    throw new BookingRefusal(RESERVATION_SERVICE_UNREACHABLE, null);
  }
  if (!response.ok) {
    const refusal: Partial<RefusalAnswer> | null = await response.json().catch(() => null);
    throw new BookingRefusal(refusal?.message || 'Une erreur est survenue. Veuillez réessayer plus tard.', refusal?.field ?? null);
  }
  const answer: BookingAnswer = await response.json();
  return answer;
}

/** What public.modify_reservation answers: what changed (or would), the acceptance check of the reservation as changed. */
export type ModifyAnswer = ModifyReservationAnswer;

/** PostgreSQL's SQLSTATE for a character it cannot store (a NUL in a text or a jsonb). */
const UNTRANSLATABLE_CHARACTER = '22P05';
const UNSTORABLE_TEXT = 'Un des champs contient un caractère non autorisé (caractère nul) : retirez-le puis enregistrez.';

/** 'Modifier': one call of public.modify_reservation (the owner's own rights; `preview`: nothing changed). */
export async function modifyReservation(reservationId: string, changes: Omit<BookingRequest, 'external_id'>, preview: boolean): Promise<ModifyAnswer> {
  // A text the database cannot store (a NUL character), refused on its field as the service refuses it, never sent.
  const unstorable = unstorableTextPath(changes);
  if (unstorable) {
    const refusal = unstorableTextRefusal(unstorable);
    throw new BookingRefusal(refusal.message, refusal.field);
  }
  const { data, error } = await getSupabase().rpc('modify_reservation', { p_reservation_id: reservationId, p_changes: changes, p_preview: preview });
  // PostgreSQL's own refusal of such a text (22P05), should one reach it another way: in French, never its raw words.
  if (error?.code === UNTRANSLATABLE_CHARACTER) throw new BookingRefusal(UNSTORABLE_TEXT, null);
  if (error) throw new BookingRefusal(error.message || 'Une erreur est survenue. Veuillez réessayer plus tard.', error.details || null);
  return data;
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
