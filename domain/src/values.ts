/** Reading database values into the model: numbers that may arrive as strings, PostgreSQL times. */

/** A numeric value as it may arrive (PostgREST, JSON documents): a number, its text, or nothing. */
export type Numeric = number | string | null;

export function toNumber(value: Numeric | undefined, fallback = 0): number {
  if (value === null || value === undefined || value === '') return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** 'HH:MM:SS' (PostgreSQL time) → 'HH:MM'. */
export function toHHMM(time: string | null | undefined): string {
  if (!time) return '';
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  return match ? `${match[1].padStart(2, '0')}:${match[2]}` : time;
}
