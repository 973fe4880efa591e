import type { ZodType } from 'zod';

/** A malformed request: answered 400 with a French message by the app's error handler. */
export class InvalidInputError extends Error {
  statusCode = 400;
  code = 'INVALID_INPUT';
}

export function parseInput<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new InvalidInputError(result.error.issues.map((i) => i.path.join('.')).join(','));
  return result.data;
}
