/**
 * The statistics screen's data: one call of public.restaurant_statistics per period (the
 * period's figures, the previous period's, and what the charts draw), its CSV
 * (public.export_statistics_csv), and the dashboard's cards (public.dashboard_statistics: every
 * restaurant of the caller in one call: dashboard-statistics.ts). Periods are Paris days of reception
 * (received.ts); the answers' shapes are @tablee/domain's statistics.ts (amounts in cents, rates 0–1 or null).
 */
import { parisToday } from '@tablee/shared/core';
import { getSupabase, isUuid, type ReservationStatus, type Statistics, type StatisticsPeriod } from '@tablee/domain';
import { queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { SCREEN_DATA_FRESH_MS } from './keys';
import { isoDate, RESERVATION_LIST_PARAM } from './reservations';

/** public.restaurant_statistics's answer (its shape: @tablee/domain's statistics.ts). */
export type RestaurantStatistics = Statistics;
export type { StatisticsPeriod };

export async function getRestaurantStatistics(restaurantId: string, period: StatisticsPeriod): Promise<RestaurantStatistics> {
  const { data, error } = await getSupabase().rpc('restaurant_statistics', { p_restaurant_id: restaurantId, p_from: period.from, p_to: period.to });
  if (error) throw error;
  return data;
}

/** The period's figures and the previous period's, as a CSV file for French spreadsheets, written whole by the database. */
export async function exportStatisticsCsv(restaurantId: string, period: StatisticsPeriod): Promise<string> {
  const { data, error } = await getSupabase().rpc('export_statistics_csv', { p_restaurant_id: restaurantId, p_from: period.from, p_to: period.to });
  if (error) throw error;
  return data;
}

export const statisticsKeys = {
  /** Under the restaurant's reservations: a decision, which invalidates them, refreshes the figures too. */
  period: (restaurantId: string, period: StatisticsPeriod) => ['restaurants', restaurantId, 'reservations', 'statistics', period.from, period.to] as const,
};

export const restaurantStatisticsQueryOptions = (restaurantId: string, period: StatisticsPeriod) =>
  queryOptions({ queryKey: statisticsKeys.period(restaurantId, period), queryFn: () => getRestaurantStatistics(restaurantId, period), staleTime: SCREEN_DATA_FRESH_MS });

// ——— The period in the address ———

export type PeriodPreset = 'month' | 'last-month' | 'quarter' | 'year';

/** '?periode=mois-dernier', '?periode=personnalisee&du=2026-10-01&au=2026-10-15'. */
export const STATISTICS_PARAM = { period: 'periode', from: 'du', to: 'au' } as const;
export const PERIOD_PARAM_VALUES: Record<PeriodPreset | 'custom', string> = {
  month: 'mois',
  'last-month': 'mois-dernier',
  quarter: 'trimestre',
  year: 'annee',
  custom: 'personnalisee',
};

export const PERIOD_LABELS: Record<PeriodPreset, string> = {
  month: 'Ce mois-ci',
  'last-month': 'Mois dernier',
  quarter: 'Ce trimestre',
  year: 'Cette année',
};

/** How the comparison is worded: after the chosen period ('+12 % vs mois précédent'). */
export const COMPARISON_LABELS: Record<PeriodPreset | 'custom', string> = {
  month: 'vs mois précédent',
  'last-month': 'vs mois précédent',
  quarter: 'vs trimestre précédent',
  year: 'vs année précédente',
  custom: 'vs période précédente',
};

export interface StatisticsParams extends StatisticsPeriod {
  preset: PeriodPreset | 'custom';
}

/**
 * The Paris days of a preset, `today` included: the current month, quarter and year run from their
 * first day to today (the days to come have no request yet, and the previous period of the same
 * length is then a fair comparison); last month is whole.
 */
export function presetPeriod(preset: PeriodPreset, today: string = parisToday()): StatisticsPeriod {
  const day = dayjs(today);
  switch (preset) {
    case 'month':
      return { from: day.startOf('month').format('YYYY-MM-DD'), to: today };
    case 'last-month': {
      const last = day.startOf('month').subtract(1, 'month');
      return { from: last.format('YYYY-MM-DD'), to: last.endOf('month').format('YYYY-MM-DD') };
    }
    case 'quarter': {
      const start = day.month(Math.floor(day.month() / 3) * 3).startOf('month');
      return { from: start.format('YYYY-MM-DD'), to: today };
    }
    case 'year':
      return { from: day.startOf('year').format('YYYY-MM-DD'), to: today };
  }
}

/** The longest period the SQL answers (public.restaurant_statistics: 1,096 days, three years). */
export const STATISTICS_MAX_DAYS = 1096;

/** The period of the address: a preset, or 'du … au …' (dates in order, at most STATISTICS_MAX_DAYS); this month otherwise. */
export function parseStatisticsParams(search: URLSearchParams, today: string = parisToday()): StatisticsParams {
  const asked = search.get(STATISTICS_PARAM.period);
  const preset = (Object.keys(PERIOD_PARAM_VALUES) as (PeriodPreset | 'custom')[]).find((p) => PERIOD_PARAM_VALUES[p] === asked) ?? 'month';
  if (preset === 'custom') {
    const from = isoDate(search.get(STATISTICS_PARAM.from));
    const to = isoDate(search.get(STATISTICS_PARAM.to));
    if (from && to && from <= to && dayjs(to).diff(dayjs(from), 'day') < STATISTICS_MAX_DAYS) return { preset, from, to };
    return { preset: 'month', ...presetPeriod('month', today) };
  }
  return { preset, ...presetPeriod(preset, today) };
}

/** The screen's query for its address; null when the restaurant id cannot be one. */
export function statisticsQuery(restaurantId: string, search: URLSearchParams): { restaurantId: string; period: StatisticsPeriod } | null {
  if (!isUuid(restaurantId)) return null;
  const { from, to } = parseStatisticsParams(search);
  return { restaurantId, period: { from, to } };
}

/** The reservation list showing what a figure counts: received in the period, with these statuses or this source. */
export function statisticsListPath(restaurantId: string, period: StatisticsPeriod, filter: { statuses?: ReservationStatus[]; source?: string } = {}): string {
  const search = new URLSearchParams({ [RESERVATION_LIST_PARAM.receivedFrom]: period.from, [RESERVATION_LIST_PARAM.receivedTo]: period.to });
  if (filter.statuses?.length) search.set(RESERVATION_LIST_PARAM.statuses, filter.statuses.join(','));
  if (filter.source) search.set(RESERVATION_LIST_PARAM.source, filter.source);
  return `/restaurants/${encodeURIComponent(restaurantId)}/operational/reservations?${search.toString()}`;
}
