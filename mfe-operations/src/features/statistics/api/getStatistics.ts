import { restaurantStatisticsQueryOptions, type StatisticsPeriod } from '@tablee/operations-data';
import { useQuery } from '@tanstack/react-query';

/**
 * The period's figures, the previous period's and the charts' data: one call (public.restaurant_statistics).
 * The fetcher and its options are in @tablee/operations-data: the shell starts them from the address.
 */
export function useStatistics(restaurantId: string, period: StatisticsPeriod, enabled: boolean) {
  return useQuery({ ...restaurantStatisticsQueryOptions(restaurantId, period), enabled });
}
