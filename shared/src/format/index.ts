/** fr-FR formatting (spec §1, §2): dd/mm/yyyy, long dates with weekday, HH:MM, euros, file sizes. */
import { LOCALE } from '../constants';

type DateInput = string | number | Date;

/**
 * An Intl formatter made on first use, then kept: making one loads the locale's data (a fifth of a
 * second on a phone's CPU), which a page that formats nothing yet (a light start reading its config)
 * should not pay while it loads, and a page that formats should pay once.
 */
const onFirstUse = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

const parisDay = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }));
const longDate = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }));
const euros = onFirstUse(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const sizes = onFirstUse(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 }));

/** Today in France, 'YYYY-MM-DD': the restaurants' calendar, whatever the machine's time zone. */
export const parisToday = (): string => parisDay().format(new Date());

/** A 'YYYY-MM-DD' date (PostgreSQL date) is a calendar day, not an instant: read it as local midnight. */
function toDate(value: DateInput): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return new Date(y, m - 1, d);
  }
  return new Date(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 25/12/2026 */
export function formatDate(value: DateInput): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** vendredi 25 décembre 2026 */
export function formatLongDate(value: DateInput): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return longDate().format(d);
}

/** 19:30 — from a Date/ISO instant, or from a PostgreSQL 'HH:MM:SS' time. */
export function formatTime(value: DateInput): string {
  if (typeof value === 'string' && /^\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) {
    const [h, m] = value.split(':');
    return `${h.padStart(2, '0')}:${m}`;
  }
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 25/12/2026 19:30 */
export function formatDateTime(value: DateInput): string {
  const date = formatDate(value);
  return date ? `${date} ${formatTime(value)}` : '';
}

/** 'Aujourd'hui à HH:MM', 'Hier à HH:MM', or dd/mm HH:MM (spec §2, conversation detail). */
export function formatMessageTime(value: DateInput, now: Date = new Date()): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const day = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  const diffDays = Math.round((day(now) - day(d)) / 86_400_000);
  if (diffDays === 0) return `Aujourd'hui à ${formatTime(d)}`;
  if (diffDays === 1) return `Hier à ${formatTime(d)}`;
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)} ${formatTime(d)}`;
}

/** 1 234,50 € (two decimals, French grouping; Intl's narrow no-break spaces are kept). */
export function formatEuros(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return euros().format(Number.isFinite(n) ? n : 0);
}

const SIZE_UNITS = ['o', 'Ko', 'Mo', 'Go'] as const;

/** 0 o, 512 o, 1,5 Ko, 23,4 Ko, 10 Mo, 3 Go: French units (base 1024), one decimal after a comma. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (!bytes || bytes <= 0 || !Number.isFinite(bytes)) return `0 ${SIZE_UNITS[0]}`;
  let i = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  // A value that would round to 1 024 of a unit reads as 1 of the next.
  if (i < SIZE_UNITS.length - 1 && Math.round((bytes / 1024 ** i) * 10) / 10 >= 1024) i += 1;
  return `${sizes().format(bytes / 1024 ** i)} ${SIZE_UNITS[i]}`;
}

/** Text cut to `max` characters followed by '...' when longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
