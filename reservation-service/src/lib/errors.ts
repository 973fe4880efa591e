/**
 * The database cannot be reached right now (PostgreSQL stopped, restarting or recovering; PostgREST
 * away): answered 503 `api_unavailable` with Retry-After, as /rest/v1 answers then, never a 500.
 */
export class DatabaseUnavailableError extends Error {
  statusCode = 503;
  code = 'api_unavailable';
}

/** What a client is told while the database is unavailable, and when to try again (seconds). */
export const UNAVAILABLE = { message: 'Le service est momentanément indisponible ; réessayez dans un instant.', retryAfter: '5' } as const;

/**
 * PostgREST's answers that mean "not now" rather than a fault of the request or of our code: no answer
 * at all (status 0), a gateway's 502/503/504, or PostgreSQL's codes of a server going away or starting
 * (57P01–57P03, 08xxx) and PostgREST's of a lost connection (PGRST000–PGRST002).
 */
export function databaseUnavailable(status: number | undefined, error: { code?: string } | null): boolean {
  if (status === 0 || status === 502 || status === 503 || status === 504) return true;
  return /^(57P0[123]|08...|PGRST00[012])$/.test(error?.code ?? '');
}

/** The error for a failed call of `what`: DatabaseUnavailableError when the database is away, else an internal error (500). */
export function databaseFailure(what: string, { error, status }: { error: { code?: string; message: string } | null; status?: number }): Error {
  if (databaseUnavailable(status, error)) return new DatabaseUnavailableError(`${what}: database unavailable (${status ?? ''} ${error?.code ?? ''})`);
  return new Error(`${what} failed: ${status ?? ''} ${error?.code ?? ''} ${error?.message ?? ''}`);
}
