import { exportReservationsCsv, type ReservationQuery } from '@tablee/operations-data';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';

/**
 * A file handed to the browser through an object URL and a link's `download`: no library does less.
 * The URL is released once the click's download has taken the file.
 */
function saveFile(content: string, name: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  Object.assign(document.createElement('a'), { href: url, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(url));
}

/** Downloads the list as filtered (all its pages) as a CSV file the database writes (the fetcher: exportReservationsCsv). */
export function useExportReservations() {
  return useMutation({
    mutationFn: (query: ReservationQuery) => exportReservationsCsv(query),
    onSuccess: (csv) => saveFile(csv, `reservations-${dayjs().format('YYYY-MM-DD')}.csv`),
  });
}
