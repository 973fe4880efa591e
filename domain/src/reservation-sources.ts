/**
 * Where a request came from (restaurant_reservations.source, its closed list in SQL:
 * restaurant_reservations_source_check) and how the owner's screens name it. One map for the list,
 * the detail and anything else that shows it.
 */
export const RESERVATION_SOURCES = ['assistant', 'web', 'phone'] as const;
export type ReservationSource = (typeof RESERVATION_SOURCES)[number];

export const RESERVATION_SOURCE_LABELS: Record<ReservationSource, string> = {
  assistant: 'Assistant',
  web: 'Site web',
  phone: 'Téléphone',
};

/** An unknown value reads as the chatbot's, the column's default. */
export function reservationSource(value: string | null | undefined): ReservationSource {
  return (RESERVATION_SOURCES as readonly string[]).includes(value ?? '') ? (value as ReservationSource) : 'assistant';
}
