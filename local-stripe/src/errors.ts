/** A JSON object as Stripe writes them. */
export type Json = Record<string, unknown>;

/**
 * An error answer of the API, in Stripe's shape ({ error: { type, code?, message, param? } }) and with Stripe's
 * status: stripe-node picks its error class from the status (400/404 invalid request or idempotency, 401
 * authentication, 402 card, 403 permission), so the status matters as much as the body.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}

export function invalidRequest(message: string, options: { param?: string; code?: string; status?: number } = {}): ApiError {
  return new ApiError(options.status ?? 400, {
    type: 'invalid_request_error',
    ...(options.code ? { code: options.code } : {}),
    message,
    ...(options.param ? { param: options.param } : {}),
  });
}

export const missingParam = (param: string) => invalidRequest(`Missing required param: ${param}.`, { param, code: 'parameter_missing' });

export const invalidParam = (param: string, message: string, code?: string) => invalidRequest(message, { param, code });

/** An object that does not exist for the account of the call: 404 when it is the URL's, 400 when a parameter names it. */
export function noSuch(noun: string, id: string, param?: string): ApiError {
  return invalidRequest(`No such ${noun}: '${id}'`, { param: param ?? 'id', code: 'resource_missing', status: param ? 400 : 404 });
}

/** An error of the OAuth endpoints, in OAuth's shape ({ error, error_description }), which stripe-node turns into its OAuth error classes. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** A refusal of the hosted pages (checkout, OAuth): shown on the page, in French, to the person in front of it. */
export class PageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
