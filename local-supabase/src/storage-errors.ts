import type { FastifyReply } from 'fastify';
import type { DatabaseError } from 'pg';

/** Storage's error body: `{ statusCode, error, message }` with the matching HTTP status. */
export function storageError(reply: FastifyReply, status: number, error: string, message: string) {
  return reply.code(status).send({ statusCode: String(status), error, message });
}

/** A refusal, answered by the plugin's error handler in Storage's shape. */
export class HttpFailure extends Error {
  constructor(
    public status: number,
    public error: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What PostgreSQL says of a write or a read. Refusals and bad input (SQLSTATE classes 22: data,
 * 23: integrity, 54: over a limit) are the caller's, answered 4xx; anything else stays a 500.
 */
export function databaseFailure(err: DatabaseError): HttpFailure | undefined {
  const code = err.code ?? '';
  if (code === '42501') return new HttpFailure(403, 'Unauthorized', 'new row violates row-level security policy');
  if (code === '23505') return new HttpFailure(409, 'Duplicate', 'The resource already exists');
  if (/^(22|23|54)/.test(code)) return new HttpFailure(400, 'invalid_request', `Requête refusée par la base de données : ${err.message}.`);
  return undefined;
}
