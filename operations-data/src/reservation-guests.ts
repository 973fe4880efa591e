import { getSupabase, isUuid } from '@tablee/domain';
import { COURSE_LABELS, type Course, type Guest } from '@tablee/domain/customer-page';
import { queryOptions } from '@tanstack/react-query';
import { reservationKeys, SCREEN_DATA_FRESH_MS } from './keys';

/** The courses in the menu's order (apéritif … boisson). */
export const COURSES = Object.keys(COURSE_LABELS) as Course[];

/** A guest's choices as stored ({course: dish name}): the known courses with a dish. */
function choicesOf(stored: unknown): Guest['choices'] {
  const choices: Guest['choices'] = {};
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return choices;
  for (const course of COURSES) {
    const dish = (stored as Record<string, unknown>)[course];
    if (typeof dish === 'string' && dish.trim()) choices[course] = dish.trim();
  }
  return choices;
}

/**
 * Each guest the organiser filled in on their own page (public.reservation_guests, read by the
 * restaurant's members): name, a dish per course of the choice menu, allergies; by guest number. By
 * the reservation's number, as in the address: asked together with the reservation, not after it.
 */
export async function getReservationGuests(restaurantId: string, numero: string): Promise<Guest[]> {
  const { data, error } = await getSupabase()
    .from('reservation_guests')
    .select('guest_number, name, choices, allergies, restaurant_reservations!inner(numero_reservation_restaurateur)')
    .eq('restaurant_id', restaurantId)
    .eq('restaurant_reservations.numero_reservation_restaurateur', numero)
    .order('guest_number');
  if (error) throw error;
  return data.map((row) => ({ guest_number: row.guest_number, name: row.name, choices: choicesOf(row.choices), allergies: row.allergies }));
}

/** Under the reservations' prefix: a change seen by the change check, or a decision, reads them again. */
export const reservationGuestsQueryOptions = (restaurantId: string, numero: string) =>
  queryOptions({
    queryKey: [...reservationKeys.all(restaurantId), 'guests', numero],
    queryFn: () => getReservationGuests(restaurantId, numero),
    staleTime: SCREEN_DATA_FRESH_MS,
    enabled: isUuid(restaurantId) && !!numero,
  });
