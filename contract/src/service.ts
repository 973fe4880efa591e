/** The service's own endpoints: liveness, readiness, the front end's connectivity check, this contract as OpenAPI. */
import { z } from 'zod';

export const healthAnswer = z.object({ status: z.literal('ok') }).describe('The process runs.');

export const readyAnswer = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.record(z.string(), z.string()).describe('database, mail, sender, reminders, retention: ok, down, outbox (e-mails are files), dead or off.'),
  })
  .describe('200 ready, or 503 not_ready with what failed (Retry-After).');

export const rootAnswer = z.object({ service: z.string(), status: z.literal('ok') });

/** This contract as an OpenAPI 3.1 document (its own schema is OpenAPI's). */
export const openApiAnswer = z.unknown().describe('OpenAPI 3.1.');
