/**
 * The jsonb answers of the statistics functions (supabase/schemas/85_statistics.sql), which the
 * type generator reads as `Json`: set over the generated types in database.ts (MergeDeep). Each function's
 * COMMENT states the definitions; the period is the Paris days of reception (created_at), both inclusive.
 * Amounts are integer cents; rates are between 0 and 1 (null when their denominator is 0); medians are null
 * when there is nothing to measure.
 */
import type { ReservationSource } from './reservation-sources';

/** A period of Paris days, both inclusive ('YYYY-MM-DD'). */
export interface StatisticsPeriod {
  from: string;
  to: string;
}

/** One period's figures. */
export interface StatisticsFigures {
  /** Requests received in the period. */
  requests: number;
  /** Requests whose decision (accepted or rejected) stands: not undone from the one-click link. */
  answered: number;
  /** Decided at or before respond_by. */
  answeredOnTime: number;
  /** answeredOnTime / answered. */
  onTimeRate: number | null;
  /** Median of (decision − reception), in minutes. */
  medianAnswerMinutes: number | null;
  /** Requests whose standing decision is acceptance. */
  accepted: number;
  /** accepted / answered. */
  acceptanceRate: number | null;
  /** Adults + children of the reservations accepted or paid now. */
  coversConfirmed: number;
  /** Adults + children of the reservations rejected, cancelled or no-show now. */
  coversLost: number;
  /** Reservations accepted or paid now. */
  confirmedGroups: number;
  /** Total of the reservations accepted or paid now. */
  revenueCents: number;
  revenuePerCoverCents: number | null;
  revenuePerGroupCents: number | null;
  /** What was received (amount_received_cents: the list's « Montant reçu »). */
  depositsReceivedCents: number;
  /** What cancellations refunded (by hand or online), with refunds made in Stripe's dashboard, less refunds Stripe refused. */
  depositsRefundedCents: number;
  noShows: number;
  /** noShows / (noShows + accepted or paid whose meal date has passed). */
  noShowRate: number | null;
  /** Median of (meal date − day of reception), in days. */
  medianLeadDays: number | null;
  /** Median of adults + children. */
  medianGroupSize: number | null;
}

/** One ISO week touching the period (its Monday), counting the period's requests received that week. */
export interface StatisticsWeek {
  weekStart: string;
  requests: number;
  coversConfirmed: number;
  medianAnswerMinutes: number | null;
  /** Median of (respond_by − reception): the answer time promised. */
  medianPromiseMinutes: number | null;
}

export interface StatisticsSource {
  source: ReservationSource;
  requests: number;
  accepted: number;
  /** accepted / answered, for that source. */
  acceptanceRate: number | null;
}

/** By the meal's date, 1 Monday … 7 Sunday: the reservations accepted or paid now. */
export interface StatisticsWeekday {
  isoDow: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  reservations: number;
  covers: number;
}

export interface StatisticsService {
  service: 'lunch' | 'dinner';
  reservations: number;
  covers: number;
}

export interface StatisticsMenu {
  name: string;
  reservations: number;
  covers: number;
}

export interface StatisticsOption {
  name: string;
  reservations: number;
}

/** public.restaurant_statistics: a restaurant's period beside the previous one (as many days, ending the day before). */
export interface Statistics {
  period: StatisticsPeriod;
  previousPeriod: StatisticsPeriod;
  current: StatisticsFigures;
  previous: StatisticsFigures;
  /** Every ISO week touching the period, in order, zeros included. */
  weeks: StatisticsWeek[];
  /** Every source met, most requests first. */
  sources: StatisticsSource[];
  /** All seven days, Monday first. */
  weekdays: StatisticsWeekday[];
  /** Lunch, then dinner. */
  services: StatisticsService[];
  /** Most covers first. */
  menus: StatisticsMenu[];
  /** Most reservations first. */
  options: StatisticsOption[];
}

/** One card of public.dashboard_statistics: this Paris month (the 1st to today). */
export interface DashboardRestaurantStatistics {
  restaurantId: string;
  requests: number;
  onTimeRate: number | null;
  coversConfirmed: number;
}

/** public.dashboard_statistics: every restaurant the caller is a member of, ordered by name. */
export type DashboardStatistics = DashboardRestaurantStatistics[];
