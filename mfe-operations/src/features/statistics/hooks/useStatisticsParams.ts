import { parseStatisticsParams, PERIOD_PARAM_VALUES, STATISTICS_PARAM, type PeriodPreset } from '@tablee/operations-data';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The period in the address ('?periode=trimestre', '?periode=personnalisee&du=…&au=…'): the back button and a shared link show the same figures. */
export function useStatisticsParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseStatisticsParams(searchParams), [searchParams]);
  const choosePreset = useCallback(
    (preset: PeriodPreset) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(STATISTICS_PARAM.from);
        next.delete(STATISTICS_PARAM.to);
        if (preset === 'month') next.delete(STATISTICS_PARAM.period);
        else next.set(STATISTICS_PARAM.period, PERIOD_PARAM_VALUES[preset]);
        return next;
      }),
    [setSearchParams],
  );
  const chooseRange = useCallback(
    (from: string, to: string) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set(STATISTICS_PARAM.period, PERIOD_PARAM_VALUES.custom);
        next.set(STATISTICS_PARAM.from, from);
        next.set(STATISTICS_PARAM.to, to);
        return next;
      }),
    [setSearchParams],
  );
  return { params, choosePreset, chooseRange };
}
