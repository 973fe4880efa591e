/**
 * The customer's own page (/ma-reservation/{token}): what public.customer_reservation answers (and
 * customer_update_reservation, customer_cancel_reservation, customer_write_to_restaurant, which answer
 * the page as changed), read by the page in mfe-public-links and by the reservation service (.ics).
 * Types and plain words only: the page is light (no antd, no supabase-js).
 */
import type { Deposit } from './deposit';
import type { AdvanceNature } from './payments';
import type { ReservationStatus } from './reservation-status';

/** A course of a menu (menu_items.type): the guests of a choice menu pick a dish in each. */
export type Course = 'aperitif' | 'starter' | 'main' | 'side' | 'dessert' | 'drink';

export const COURSE_LABELS: Readonly<Record<Course, string>> = {
  aperitif: 'Apéritif',
  starter: 'Entrée',
  main: 'Plat',
  side: 'Accompagnement',
  dessert: 'Dessert',
  drink: 'Boisson',
};

export interface CourseDishes {
  course: Course;
  /** The menu's own dishes first, then its alternatives (with their diets). */
  dishes: { name: string; gluten_free: boolean; vegan: boolean; notes: string | null }[];
}

/** One guest as the organiser filled them in: a name or none ('Convive 3'), a dish per course, allergies. */
export interface Guest {
  guest_number: number;
  name: string | null;
  choices: Partial<Record<Course, string>>;
  allergies: string | null;
}

export interface PageMessage {
  /** user: the customer; staff: a member of the restaurant. */
  role: 'user' | 'staff';
  text: string;
  author_name: string | null;
  created_at: string;
}

export interface CustomerPage {
  /** The customer's reference (code_reservation), on every e-mail they get. */
  numero: string;
  status: ReservationStatus;
  respond_by: string;
  created_at: string;
  /** YYYY-MM-DD and HH:MM, the restaurant's (Paris) time. */
  reservation_date: string;
  arrival_time: string | null;
  service: 'lunch' | 'dinner';
  adults: number;
  children: number;
  /** The menu as it is now, with its courses when it is a choice menu; null without a menu (or once deleted: menu_name stays). */
  menu: { name: string; type: 'choice' | 'sharing'; price_per_person: number; courses: CourseDishes[] } | null;
  menu_name: string | null;
  options: { title?: string; quantity?: number; price?: number; price_type?: string }[];
  total_amount: number;
  deposit: Deposit | null;
  amount_received_cents: number | null;
  dietary_notes: string | null;
  customer: { name: string; email: string | null; phone: string | null };
  /** The last status change into the present status: why it was refused or cancelled, and by whom. */
  decision: {
    reason: string | null;
    reason_detail: string | null;
    proposal: string | null;
    actor: 'owner' | 'link' | 'customer';
    deposit: 'refunded' | 'kept' | null;
    amount_cents: number | null;
    at: string;
  } | null;
  /** retention_months: restaurants.customer_retention_months, for the privacy notice. */
  restaurant: { name: string; address: string; phone: string | null; email: string | null; retention_months?: number };
  /** What may be paid online now (the restaurant's Stripe account): the deposit still owed (or the difference after a change), the card imprint, or a no-show fee the customer's bank asked them to confirm; null when nothing. */
  online_payment: { purpose: 'advance' | 'imprint' | 'no_show_fee'; amount_cents: number } | null;
  /** What the sums paid in advance are under the CGV (arrhes unless they say acompte). */
  advance_nature: AdvanceNature;
  /** The card saved on the restaurant's Stripe account (empreinte bancaire), when it is. */
  imprint: { brand: string | null; last4: string | null; saved_at: string } | null;
  /** How the acompte is paid (Facturation); the remainder on site or online. */
  payment: { iban: string | null; bic: string | null; payment_link: string | null; holder: string | null; remainder: 'onsite' | 'online' } | null;
  cgv: { cancellation_policy: string; modification_policy: string; link: string | null } | null;
  /** ISO instants: the meal, and the CGV's deadlines counted back from it. */
  meal_at: string;
  modify_until: string;
  cancel_free_until: string;
  can_change: boolean;
  can_cancel: boolean;
  past: boolean;
  /** What cancelling now costs, in cents (the acompte received, after the cancellation deadline); 0 when free. */
  cancellation_cost_cents: number;
  guests: Guest[];
  messages: PageMessage[];
}

/** The page's address for a reservation's token, under the application's origin. */
export const customerPagePath = (token: string) => `/ma-reservation/${token}`;
