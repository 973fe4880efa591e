import { exportStatisticsCsv, type StatisticsPeriod } from '@tablee/operations-data';
import { useMutation } from '@tanstack/react-query';

/** A file handed to the browser through an object URL and a link's `download`, as the reservation list's export does. */
function saveFile(content: string, name: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  Object.assign(document.createElement('a'), { href: url, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(url));
}

/** 'Exporter (CSV)': the period's figures and the previous period's, written by the database (public.export_statistics_csv). */
export function useExportStatistics(restaurantId: string) {
  return useMutation({
    mutationFn: (period: StatisticsPeriod) => exportStatisticsCsv(restaurantId, period),
    onSuccess: (csv, period) => saveFile(csv, `statistiques-${period.from}-${period.to}.csv`),
  });
}
