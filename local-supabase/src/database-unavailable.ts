/**
 * Whether an error means PostgreSQL cannot be reached right now (stopped, restarting, recovering),
 * rather than a fault of the request or of our code: then auth and storage answer as /rest/v1 does
 * while PostgREST is away, 503 with Retry-After, which clients retry.
 */
export function databaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, recovering), 08xxx connection exceptions.
    if (/^(57P0[123]|08...)$/.test(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(code)) return true;
  }
  // pg's own words when the server closes the connection under a query, or it cannot open one in time.
  if (typeof message === 'string' && /^Connection terminated|^timeout exceeded when trying to connect/.test(message)) return true;
  // Node reports a refused connection to a name with several addresses as an AggregateError of them.
  if (err instanceof AggregateError) return err.errors.length > 0 && err.errors.every(databaseUnavailable);
  return false;
}

/** What restError needs of a reply: Fastify's, or the proxy's (typed with its own server generics). */
export interface ReplyLike {
  code(status: number): ReplyLike;
  header(name: string, value: string): ReplyLike;
  send(payload: unknown): unknown;
}

/** /rest/v1's answer while it cannot serve: PostgREST's error shape, 503 and Retry-After: 1. */
export function unavailable(reply: ReplyLike, message: string) {
  return reply.header('retry-after', '1').code(503).send({ code: 'api_unavailable', message, details: null, hint: null });
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'La base de données est indisponible (arrêt ou redémarrage) ; réessayez dans un instant.';
