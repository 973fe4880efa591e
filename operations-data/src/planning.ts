/**
 * The planning: per day and service, the confirmed covers against capacity and the pending
 * requests, computed by public.reservation_planning in one request per view. Keyed under the
 * reservations so that a decision, which invalidates them, refreshes the planning too.
 */
import { parisToday } from '@tablee/shared/core';
import { getSupabase, isUuid, type AcceptanceCheck } from '@tablee/domain';
import { queryOptions } from '@tanstack/react-query';
import type { Service } from './constants';
import { LIVE_REFRESH_MS, reservationKeys, SCREEN_DATA_FRESH_MS } from './keys';
import { isoDate } from './reservations';

export interface PlanningCell {
  /** 'YYYY-MM-DD'. */
  day: string;
  service: Service;
  isOpen: boolean;
  /** Most covers the service takes; null: no limit. */
  capacity: number | null;
  confirmedCovers: number;
  confirmedReservations: number;
  pendingCovers: number;
  pendingRequests: number;
  /** Accepted or paid reservations whose customers did not come ('Non présenté'): not among the confirmed covers. */
  noShowCovers: number;
  noShowReservations: number;
}

export async function fetchPlanning(restaurantId: string, from: string, to: string): Promise<PlanningCell[]> {
  const { data, error } = await getSupabase().rpc('reservation_planning', { p_restaurant_id: restaurantId, p_from: from, p_to: to });
  if (error) throw error;
  return (data ?? []).map((row) => ({
    day: row.day,
    service: row.service as Service,
    isOpen: row.is_open,
    capacity: row.capacity,
    confirmedCovers: row.confirmed_covers,
    confirmedReservations: row.confirmed_reservations,
    pendingCovers: row.pending_covers,
    pendingRequests: row.pending_requests,
    noShowCovers: row.no_show_covers,
    noShowReservations: row.no_show_reservations,
  }));
}

export const planningQueryOptions = (restaurantId: string, from: string, to: string) =>
  queryOptions({
    queryKey: [...reservationKeys.all(restaurantId), 'planning', from, to],
    queryFn: () => fetchPlanning(restaurantId, from, to),
    enabled: isUuid(restaurantId),
    staleTime: SCREEN_DATA_FRESH_MS,
    refetchInterval: LIVE_REFRESH_MS,
  });

export type PlanningView = 'week' | 'month';

/** The planning's address: '?vue=mois&date=2026-11-23' (week and today when absent or malformed). */
export const PLANNING_PARAM = { view: 'vue', date: 'date' } as const;
export const PLANNING_VIEW_VALUES: Record<PlanningView, string> = { week: 'semaine', month: 'mois' };

export interface PlanningParams {
  view: PlanningView;
  /** A day of the period shown, 'YYYY-MM-DD'. */
  date: string;
}

// Calendar days as UTC dates, so that no time zone moves them. By hand rather than with dayjs: this
// package is part of the shell's entry (it prefetches the screen), which carries no date library.
const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
export const addDays = (iso: string, days: number): string => {
  const d = toDate(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const mondayOf = (iso: string) => addDays(iso, -((toDate(iso).getUTCDay() + 6) % 7));

export function parsePlanningParams(searchParams: URLSearchParams, today: string = parisToday()): PlanningParams {
  return {
    view: searchParams.get(PLANNING_PARAM.view) === PLANNING_VIEW_VALUES.month ? 'month' : 'week',
    date: isoDate(searchParams.get(PLANNING_PARAM.date)) ?? today,
  };
}

/**
 * The days a view shows: Monday to Sunday of the date's week; for a month, the whole weeks that hold
 * it (Monday before the 1st to Sunday after the last day: at most six weeks, as the function allows).
 */
export function planningRange({ view, date }: PlanningParams): { from: string; to: string } {
  if (view === 'week') {
    const from = mondayOf(date);
    return { from, to: addDays(from, 6) };
  }
  const first = `${date.slice(0, 7)}-01`;
  const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
  return { from: mondayOf(first), to: addDays(mondayOf(last), 6) };
}

/** The same period one step before (-1) or after (+1). */
export function shiftPlanning({ view, date }: PlanningParams, step: -1 | 1): PlanningParams {
  if (view === 'week') return { view, date: addDays(date, 7 * step) };
  const first = `${date.slice(0, 7)}-01`;
  return { view, date: step === 1 ? `${addDays(first, 31).slice(0, 7)}-01` : `${addDays(first, -1).slice(0, 7)}-01` };
}

/**
 * What accepting this request does to the plan (public.reservation_acceptance_check): its service's
 * covers once accepted against capacity, closed service, hours. Null when the reservation is not the
 * owner's. Keyed under the reservations: any decision reads it again. Asked with the reservation
 * itself (the shell starts both from the address).
 */
export async function fetchAcceptanceCheck(restaurantId: string, numero: string): Promise<AcceptanceCheck | null> {
  const { data, error } = await getSupabase().rpc('reservation_acceptance_check', { p_restaurant_id: restaurantId, p_numero: numero });
  if (error) throw error;
  return data?.[0] ?? null;
}

export const acceptanceCheckQueryOptions = (restaurantId: string, numero: string) =>
  queryOptions({
    queryKey: [...reservationKeys.all(restaurantId), 'acceptance-check', numero],
    queryFn: () => fetchAcceptanceCheck(restaurantId, numero),
    staleTime: SCREEN_DATA_FRESH_MS,
  });
