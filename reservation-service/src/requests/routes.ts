import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acceptanceWarnings } from '@tablee/domain/acceptance';
import {
  groupRequest,
  openApiAnswer,
  rateLimited,
  refusal,
  requestCheck,
  requestParams,
  requestToCheck,
  submittedRequest,
  type RateLimitedAnswer,
  type RequestCheck,
  type SubmittedRequest,
} from '@tablee/contract';
import type { Config } from '../config';
import { answers, ContractViolation } from '@tablee/contract/fastify';
import { MESSAGES } from '../reservations/outcomes';
import { UnauthorizedError } from '../reservations/owner';
import { FailedKeyChecks, TooManyFailedKeys } from './failed-keys';
import { OWNER_BOOKING_PATH, OWNER_REFUSALS, ownerBookingRoute, RESERVATION_CHANGE_PATH, reservationChangeRoute } from './owner-booking';
import { REFUSALS, RefusalError, refusalOf } from './refusals';
import { DatabaseUnavailableError, databaseFailure, UNAVAILABLE } from '../lib/errors';
import { loadPageUrl } from '../reservations/details';
import type { Db } from '../lib/supabase';

/** Room for a stored conversation (the service's default body limit is 16 KB). */
export const REQUEST_BODY_LIMIT = 512 * 1024;

/** The public path's body (a form: no conversation) is the service's usual 16 KB at most. */
export const WEB_BODY_LIMIT = 16 * 1024;

/**
 * The request page's hidden field: a person never fills it (it is off screen, out of the tab order),
 * a form-filling robot does. Taken out of the body before the contract's schema reads it.
 */
export const HONEYPOT_FIELD = 'website';

const bearerKey = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

/** The body as it comes, refused 413 past `limit` bytes (a chunked body has no length to check first). */
function limitedStream(payload: NodeJS.ReadableStream, limit: number): Transform {
  let received = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > limit) done(Object.assign(new Error('body too large'), { statusCode: 413 }));
      else done(null, chunk);
    },
  });
  payload.on('error', (error) => limited.destroy(error));
  return payload.pipe(limited);
}

/**
 * Requests in: the chatbot's one endpoint, authorised by a key of the restaurant's assistant, and the
 * OpenAPI document generated from its schemas. Refusals are `{code, field, message}` in French.
 * Without a key it is the public path of the restaurant's request page (/demande/{id}): only for a
 * restaurant whose page is open (request_page_open), stored with source 'web', limited per client
 * address (the service's trusted-proxy rule gives the address), with a smaller body and a honeypot.
 */
export async function requestRoutes(instance: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.setErrorHandler((error: FastifyError | RefusalError | UnauthorizedError | DatabaseUnavailableError | TooManyFailedKeys | ContractViolation, request, reply) => {
    if (error instanceof ContractViolation) {
      // The body's first issue, in the contract's French words; a path id that is no UUID names no restaurant.
      if (error.part === 'body') return reply.code(422).send(refusalOf(error.issues[0]));
      const notFound = { [OWNER_BOOKING_PATH]: OWNER_REFUSALS.notFound, [RESERVATION_CHANGE_PATH]: OWNER_REFUSALS.reservationNotFound }[request.routeOptions.url ?? ''];
      return reply.code(404).send(notFound ?? REFUSALS.unknownRestaurant);
    }
    if (error instanceof UnauthorizedError) {
      // The owner's booking or change: no usable session.
      return reply.code(401).header('www-authenticate', 'Bearer').send({ code: 'unauthorized', field: null, message: error.message });
    }
    if (error instanceof RefusalError) {
      if (error.statusCode === 401) reply.header('www-authenticate', 'Bearer');
      return reply.code(error.statusCode).send(error.refusal);
    }
    if (error instanceof DatabaseUnavailableError) {
      request.log.warn({ error: error.message }, 'database unavailable');
      return reply.code(503).header('retry-after', UNAVAILABLE.retryAfter).send({ code: error.code, field: null, message: UNAVAILABLE.message });
    }
    if (error instanceof TooManyFailedKeys) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error.statusCode === 429) {
      const body: RateLimitedAnswer = { code: 429, error_code: 'over_request_rate_limit', msg: error.message };
      return reply.code(429).send(body);
    }
    const known: Record<number, (typeof REFUSALS)[keyof typeof REFUSALS]> = {
      400: REFUSALS.invalidJson,
      413: bearerKey(request) ? REFUSALS.tooLarge : REFUSALS.webTooLarge,
      415: REFUSALS.notJson,
    };
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ code: 'internal', field: null, message: MESSAGES.internal });
    }
    return reply.code(status).send(known[status] ?? REFUSALS.badRequest);
  });

  const failedKeys = new FailedKeyChecks(config.failedKeyLimit);
  const rateLimit = {
    // Per key (its hash: the key itself is kept nowhere), so that restaurants behind one chatbot backend do not share a budget;
    // without a key (the request page), per client address, with the public path's own budget.
    keyGenerator: (request: FastifyRequest) => {
      const key = bearerKey(request);
      return key ? `assistant-key:${createHash('sha256').update(key).digest('hex')}` : `web-ip:${request.ip}`;
    },
    max: (request: FastifyRequest) => (bearerKey(request) ? config.assistantRateLimit.max : config.webRateLimit.max),
    timeWindow: (request: FastifyRequest) => (bearerKey(request) ? config.assistantRateLimit.timeWindowMs : config.webRateLimit.timeWindowMs),
    errorResponseBuilder: (request: FastifyRequest, context: { ttl: number }) => {
      const wait = `réessayez dans ${Math.max(1, Math.ceil(context.ttl / 1000))} s.`;
      const message = bearerKey(request) ? `Trop de demandes avec cette clé d'assistant : ${wait}` : `Trop de demandes envoyées depuis cette connexion : ${wait}`;
      return Object.assign(new Error(message), { statusCode: 429 });
    },
  };

  // The assistant key a request came with (its id, found before the body is read): the credential its
  // external_id belongs to.
  const keyIds = new WeakMap<FastifyRequest, string>();

  /**
   * Who may send (or check) a request, after the rate limit (onRequest) and before the body is read:
   * without the restaurant's key nothing else is looked at. Without a key, the restaurant's open
   * request page, with its smaller body.
   */
  const authoriseCaller = async (request: FastifyRequest<{ Params: { restaurantId: string } }>, _reply: unknown, payload: NodeJS.ReadableStream) => {
    // An id that is no UUID names no restaurant (PostgreSQL would refuse it as a uuid).
    if (!requestParams.safeParse(request.params).success) throw new RefusalError(404, REFUSALS.unknownRestaurant);
    const key = bearerKey(request);
    if (!key) {
      // The public path: a restaurant whose request page is closed asks for a key, as before.
      const open = await db.rpc('request_page_open', { p_restaurant_id: request.params.restaurantId.toLowerCase() });
      if (open.error) throw databaseFailure('checking the request page', open);
      if (open.data !== true) throw new RefusalError(401, REFUSALS.keyRequired);
      if (Number(request.headers['content-length'] ?? 0) > WEB_BODY_LIMIT) throw new RefusalError(413, REFUSALS.webTooLarge);
      return limitedStream(payload, WEB_BODY_LIMIT);
    }
    // An address that has tried too many unknown keys is not looked up again before its window ends.
    const wait = failedKeys.waitFor(request.ip);
    if (wait > 0) throw new TooManyFailedKeys(wait);
    const { data, error, status } = await db.rpc('assistant_key_restaurant', { p_key: key });
    if (error) throw databaseFailure('checking the assistant key', { error, status });
    if (!data?.[0]) {
      failedKeys.record(request.ip);
      throw new RefusalError(401, REFUSALS.invalidKey);
    }
    if (data[0].restaurant_id !== request.params.restaurantId.toLowerCase()) throw new RefusalError(403, REFUSALS.wrongRestaurant);
    keyIds.set(request, data[0].key_id);
  };

  /** The page's honeypot, taken out before the contract's schema reads the body (it is no field of it). */
  const takeOutHoneypot = async (request: FastifyRequest) => {
    if (!bearerKey(request)) request.body = withoutHoneypot(request.body);
  };

  app.post(
    '/api/restaurants/:restaurantId/requests',
    {
      schema: {
        operationId: 'submitGroupRequest',
        summary: 'A group request from the restaurant’s chatbot (public.submit_group_request).',
        description:
          'Checked against the restaurant’s profile and stored pending; the restaurant and the customer are notified. Idempotent on `external_id`, per key (without a key, per request page): the same body again answers 200 with the same reservation, another body 409; the same id with another key, or without one, is another request. Without a key, the public path of the restaurant’s request page (/demande/{restaurantId}): only while the owner has it switched on, stored with source `web`, at most 16 KB, no `conversation`, an optional honeypot field `website` that must stay empty, limited per client address. 503 `api_unavailable` (Retry-After): the database is momentarily unavailable, nothing was stored; send the same body again (the same external_id is safe).',
        security: [{ assistantKey: [] }, {}],
        params: requestParams,
        body: groupRequest,
        ...answers({
          201: [submittedRequest, 'The request is stored, pending the restaurant’s answer.'],
          200: [submittedRequest, 'The same external_id and body were already received: the same reservation.'],
          400: [refusal, 'Not JSON (`invalid_json`).'],
          401: [refusal, 'No key while the restaurant’s request page is off, or an unknown or revoked key (`key_required`, `invalid_key`); WWW-Authenticate.'],
          403: [refusal, 'The key is another restaurant’s (`wrong_restaurant`).'],
          404: [refusal, 'The restaurant id of the path is not a UUID (`unknown_restaurant`).'],
          409: [refusal, 'The external_id was already used with another body (`external_id_conflict`).'],
          413: [refusal, 'Over 512 KB; without a key, over 16 KB (`too_large`).'],
          415: [refusal, 'Not sent as JSON (`unsupported_media_type`).'],
          422: [refusal, 'The request does not fit the contract or the restaurant’s profile; `field` names the field.'],
          429: [rateLimited, 'Too many requests with this key (without a key: from this client address); see Retry-After.'],
          500: [refusal, 'Our fault; retrying with the same external_id is safe.'],
          503: [refusal, 'The database is momentarily unavailable (`api_unavailable`): nothing was stored; send the same body again after Retry-After seconds.'],
        }),
      },
      bodyLimit: REQUEST_BODY_LIMIT,
      config: { rateLimit },
      preParsing: authoriseCaller,
      preValidation: takeOutHoneypot,
    },
    async (request, reply) => {
      const web = !bearerKey(request);
      const body = request.body;
      // The page sends what a customer types: a conversation comes from a chatbot, with its key.
      if (web && body.conversation != null) throw new RefusalError(422, REFUSALS.webConversation);
      const restaurantId = request.params.restaurantId.toLowerCase();
      const { data, error, status } = await db.rpc('submit_group_request', {
        p_restaurant_id: restaurantId,
        p_request: body,
        p_source: web ? 'web' : 'assistant',
        p_key_id: web ? undefined : keyIds.get(request),
      });
      if (error) {
        // The function's refusals: passed on as they are (details is the field).
        if (status === 422 || status === 409) throw new RefusalError(status, { code: error.code, field: error.details || null, message: error.message });
        throw databaseFailure('submit_group_request', { error, status });
      }
      const submitted = data;
      // The customer's own page: the request page links to it ('Demande envoyée'), a chatbot gives it in its last reply.
      const pageUrl = await loadPageUrl(db, config.appUrl, submitted.reservation.id);
      const answer: SubmittedRequest = {
        reservation: { ...submitted.reservation, deposit: submitted.deposit },
        warnings: submitted.acceptance ? acceptanceWarnings(submitted.acceptance) : [],
        ...(pageUrl ? { customer_page_url: pageUrl } : {}),
      };
      return reply.code(submitted.replayed ? 200 : 201).send(answer);
    },
  );

  // The same caller and rules, checked before sending, with a budget of their own (a page checks as the customer fills it in).
  const checkRateLimit = { ...rateLimit, max: config.checkRateLimit.max, timeWindow: config.checkRateLimit.timeWindowMs };
  app.post(
    '/api/restaurants/:restaurantId/requests/check',
    {
      schema: {
        operationId: 'checkGroupRequest',
        summary: 'What submitting a request would answer, nothing stored (public.check_group_request).',
        description:
          'The same caller as the submission (the restaurant’s assistant key, or without a key its open request page) and the same rules: the refusal submitting would give (its code, field and French message), else null; the total and the deposit once what the request books (date, time, group, menu, options) is right, even while the customer’s details are absent or refused; the warnings the restaurant will see. A page checks as the customer fills it in; a chatbot before it submits.',
        security: [{ assistantKey: [] }, {}],
        params: requestParams,
        body: requestToCheck,
        ...answers({
          200: [requestCheck, 'The check ran: its refusal (or null), the total, the deposit and the warnings.'],
          400: [refusal, 'Not JSON (`invalid_json`).'],
          401: [refusal, 'No key while the restaurant’s request page is off, or an unknown or revoked key (`key_required`, `invalid_key`); WWW-Authenticate.'],
          403: [refusal, 'The key is another restaurant’s (`wrong_restaurant`).'],
          404: [refusal, 'The restaurant id of the path is not a UUID (`unknown_restaurant`).'],
          413: [refusal, 'Over 512 KB; without a key, over 16 KB (`too_large`).'],
          415: [refusal, 'Not sent as JSON (`unsupported_media_type`).'],
          422: [refusal, 'The body does not fit the contract’s shapes; `field` names the field.'],
          429: [rateLimited, 'Too many checks with this key (without a key: from this client address); see Retry-After.'],
          500: [refusal, 'Our fault.'],
          503: [refusal, 'The database is momentarily unavailable (`api_unavailable`); check again after Retry-After seconds.'],
        }),
      },
      bodyLimit: REQUEST_BODY_LIMIT,
      config: { rateLimit: checkRateLimit },
      preParsing: authoriseCaller,
      preValidation: takeOutHoneypot,
    },
    async (request, reply) => {
      if (!bearerKey(request) && request.body.conversation != null) throw new RefusalError(422, REFUSALS.webConversation);
      const { data, error, status } = await db.rpc('check_group_request', { p_restaurant_id: request.params.restaurantId.toLowerCase(), p_request: request.body });
      if (error) throw databaseFailure('check_group_request', { error, status });
      const answer: RequestCheck = {
        refusal: data.refusal && { code: data.refusal.code, field: data.refusal.field, message: data.refusal.message },
        total_amount: data.request?.total_amount ?? null,
        deposit: data.deposit,
        warnings: data.acceptance ? acceptanceWarnings(data.acceptance) : [],
      };
      return reply.send(answer);
    },
  );

  // The owner's 'Nouvelle réservation' and 'Modifier': the same contract and refusals, as the signed-in owner.
  ownerBookingRoute(app, { config, db });
  reservationChangeRoute(app, { config, db });
  /** The body without the honeypot field; a filled one is refused (nothing stored). Typed as the hook sees it (the contract's type, before the contract has read it). */
  function withoutHoneypot<T>(body: T): T {
    if (!body || typeof body !== 'object' || Array.isArray(body) || !(HONEYPOT_FIELD in body)) return body;
    const { [HONEYPOT_FIELD]: trap, ...rest } = body;
    if (trap !== null && trap !== '') throw new RefusalError(422, REFUSALS.honeypot);
    return rest as T;
  }

  app.get('/api/openapi.json', { schema: { operationId: 'openApi', summary: 'This document.', ...answers({ 200: [openApiAnswer, 'OpenAPI 3.1.'] }) } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
  );
}
