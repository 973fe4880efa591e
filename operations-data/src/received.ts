/**
 * Which reservations a statistic counts: those whose request was received on a Paris day of the
 * period (STATISTICS-CONTRACT: the SQL functions read `created_at >= p_from 00:00 Europe/Paris` and
 * `created_at < (p_to + 1) 00:00 Europe/Paris`). The reservation list filters with the same bounds, so
 * a figure and the list it links to count the same rows, across a daylight-saving change too.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const PARIS = 'Europe/Paris';

/** The instant a Paris day 'YYYY-MM-DD' begins, as an ISO string (UTC). */
export const parisDayStart = (day: string): string => dayjs.tz(day, PARIS).toISOString();

/** The bounds of reception for Paris days `from` … `to`, both included: `created_at >= gte` and `< lt`. */
export function receivedBounds(from: string | undefined, to: string | undefined): { gte?: string; lt?: string } {
  return {
    gte: from ? parisDayStart(from) : undefined,
    lt: to ? parisDayStart(dayjs(to).add(1, 'day').format('YYYY-MM-DD')) : undefined,
  };
}
