/**
 * The jsonb answers of the guest book's functions (supabase/schemas/90_guest_book.sql), which the type
 * generator reads as `Json`: set over the generated types in database.ts (MergeDeep). Each function's COMMENT
 * states the definitions: a visit is an accepted or paid reservation, past or to come; amounts are integer cents.
 */
import type { ReservationSource } from './reservation-sources';

/** A status's name, as private.reservation_statuses names it. */
export type GuestBookStatus = 'pending' | 'accepted' | 'rejected' | 'paid' | 'cancelled' | 'no_show';

/** The sorts of restaurant_customers_list. */
export type CustomerSort = 'last_visit' | 'visits' | 'spend';

/** One of a customer's reservations (customer_detail). */
export interface CustomerReservation {
  id: string;
  numero: string;
  status: GuestBookStatus;
  reservationDate: string;
  /** 'HH:MM', null without one. */
  arrivalTime: string | null;
  createdAt: string;
  /** Adults and children. */
  covers: number;
  totalCents: number;
  receivedCents: number | null;
  source: ReservationSource;
  dietaryNotes: string | null;
}

/** An entry of the guest book with its history (customer_detail). */
export interface CustomerDetail {
  id: string;
  displayName: string;
  email: string | null;
  phoneE164: string | null;
  company: string | null;
  notes: string | null;
  tags: string[];
  firstSeenAt: string;
  lastContactAt: string;
  /** The list's stored figures (restaurant_customers_list), the same definitions. */
  figures: {
    reservations: number;
    visits: number;
    covers: number;
    spentCents: number;
    noShows: number;
    cancellations: number;
    /** 'YYYY-MM-DD', after today when the next visit is to come. */
    lastVisit: string | null;
    firstSource: ReservationSource | null;
  };
  /** Allergies and diets seen (the reservations' and their guests'), each once, sorted. */
  allergies: string[];
  reservations: CustomerReservation[];
  conversations: { id: string; channel: string; createdAt: string; updatedAt: string }[];
}

/** What helps the decision on a reservation (reservation_customer_hint). */
export interface CustomerHint {
  customerId: string | null;
  /** Its rank among the person's requests (refused ones aside): 4 for « 4ᵉ réservation ». */
  rank: number;
  visitsBefore: number;
  /** The date of the last no-show before it ('YYYY-MM-DD'). */
  lastNoShow: string | null;
  /** In French, to show as they are: 'Client fidèle — 4ᵉ réservation', 'Non présenté le 12/03'. */
  hints: string[];
}

/** Everything the restaurant holds about a person (export_customer_data): the rows as stored, snake_case. */
export interface CustomerExport {
  exportedAt: string;
  restaurantId: string;
  customer: Record<string, unknown> & { id: string; email: string | null; phone_e164: string | null; notes: string | null; tags: string[] };
  reservations: (Record<string, unknown> & {
    id: string;
    customer_name: string;
    email: string | null;
    phone_number: string | null;
    guests: { guest_number: number; name: string | null; choices: Record<string, string>; allergies: string | null }[];
    history: Record<string, unknown>[];
  })[];
  conversations: { id: string; channel: string; customer_contact: string | null; created_at: string; messages: { role: string; content: string; created_at: string }[] }[];
  messages_sent: { id: string; kind: string; channel: string; recipient: string; status: string; created_at: string; sent_at: string | null; payload: unknown }[];
}

/** What an erasure did (erase_customer), and what the service needs to delete the outbox's files. */
export interface ErasedCustomer {
  reservations: number;
  conversations: number;
  messages: number;
  guests: number;
  outbox: number;
  outboxIds: string[];
  /** The files of .data/outbox are named <time>-<numero>-<tag>-<random>.eml/.json. */
  reservationNumbers: string[];
  /** The addresses and numbers the person's messages were sent to. */
  recipients: string[];
}

/** What a run of the retention job did (run_privacy_retention). */
export interface RetentionRun {
  restaurants: number;
  customers: number;
  conversations: number;
  outboxIds: string[];
  reservationNumbers: string[];
  recipients: string[];
  /** The messages of the old conversations deleted: their WhatsApp replies' files are named reponse-<message id>. */
  messageIds: string[];
}

/** What the reservation service's daily run did (run_daily_privacy_retention): null when its day (Europe/Paris) had run already. */
export type DailyRetentionRun = (RetentionRun & { /** YYYY-MM-DD, Europe/Paris. */ day: string }) | null;

/** A row of restaurant_customers_list (the generator reads its columns without their nullability). */
export interface CustomerListRow {
  id: string;
  display_name: string;
  email: string | null;
  phone_e164: string | null;
  company: string | null;
  tags: string[];
  first_seen_at: string;
  last_contact_at: string;
  /** Every reservation of the person, whatever its status. */
  reservations: number;
  /** Accepted or paid reservations, past or to come (one not honoured is marked no-show). */
  visits: number;
  /** The visits' adults and children. */
  covers: number;
  /** total_amount of the accepted and paid reservations, in cents. */
  spent_cents: number;
  no_shows: number;
  cancellations: number;
  /** The latest visit's date ('YYYY-MM-DD'): after today when the next one is to come. */
  last_visit: string | null;
  /** The source of the person's first request. */
  first_source: ReservationSource | null;
  /** Diets and allergies seen: the reservations' dietary_notes and their guests' allergies, each once. */
  allergies: string[];
  /** Every entry the search found (the same on each row of a page). */
  total_count: number;
}

/** A row of customers_due_for_anonymisation. */
export interface CustomerDue {
  id: string;
  display_name: string;
  email: string | null;
  phone_e164: string | null;
  last_contact_at: string;
  /** When the daily job will anonymise them. */
  due_at: string;
}
