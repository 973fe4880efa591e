/** The statistics' numbers in French (fr-FR, Intl): counts, rates, euros from cents, durations, and the comparison with the previous period. */
import { formatEuros } from '@tablee/shared';

const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });
const signedPercent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
const signedPoints = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0, signDisplay: 'exceptZero' });

/** 1 234 */
export const formatCount = (n: number) => integer.format(n);
/** 80 % ('—' when there is nothing to divide by). */
export const formatRate = (rate: number | null) => (rate === null ? '—' : percent.format(rate));
/** 4 120,00 € from 412000 cents. */
export const formatCents = (cents: number | null) => (cents === null ? '—' : formatEuros(cents / 100));
/** 21 jours, 1 jour, 12,5 jours. */
export const formatDays = (days: number | null) => (days === null ? '—' : `${decimal.format(days)} jour${days >= 2 ? 's' : ''}`);
/** 12 personnes. */
export const formatPeople = (n: number | null) => (n === null ? '—' : `${decimal.format(n)} personne${n >= 2 ? 's' : ''}`);

/** 42 min, 1 h 35, 2 j 4 h ('—' when nothing was answered). */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')}`;
  const days = Math.floor(m / (24 * 60));
  const hours = Math.round((m % (24 * 60)) / 60);
  return hours ? `${days} j ${hours} h` : `${days} j`;
}

/**
 * The change from the previous period: a relative one ('+12 %') for counts, amounts and durations, in
 * points ('+5 pts') for rates. null when it cannot be said (nothing before, or no rate either side).
 */
export function formatChange(current: number | null, previous: number | null, kind: 'relative' | 'points'): string | null {
  if (current === null || previous === null) return null;
  if (kind === 'points') {
    const points = Math.round((current - previous) * 100);
    return `${signedPoints.format(points)} pt${Math.abs(points) >= 2 ? 's' : ''}`;
  }
  if (previous === 0) return null;
  return signedPercent.format((current - previous) / previous);
}

/** Which way the figure moved (for its colour): up, down or flat; null when it cannot be said. */
export function direction(current: number | null, previous: number | null): 'up' | 'down' | 'flat' | null {
  if (current === null || previous === null) return null;
  return current > previous ? 'up' : current < previous ? 'down' : 'flat';
}

/** 'lun. 26/10' … the Monday of a week, for the charts' axis and tables. */
export function formatWeek(weekStart: string): string {
  const [, m, d] = weekStart.split('-');
  return `${d}/${m}`;
}

export const WEEKDAY_LABELS = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'] as const;
