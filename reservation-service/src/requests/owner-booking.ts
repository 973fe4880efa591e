import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acceptanceWarnings } from '@tablee/domain/acceptance';
import {
  ownerBooking,
  ownerBookingAnswer,
  rateLimited,
  refusal,
  requestParams,
  reservationChanges,
  reservationChangesAnswer,
  reservationParams,
  type OwnerBookingAnswer,
  type ReservationChangesAnswer,
} from '@tablee/contract';
import type { Config } from '../config';
import { answers } from '@tablee/contract/fastify';
import { databaseFailure } from '../lib/errors';
import type { Db } from '../lib/supabase';
import { loadPageUrl } from '../reservations/details';
import { ownerOf, requireOwner } from '../reservations/owner';
import { RefusalError, type Refusal } from './refusals';

export const OWNER_BOOKING_PATH = '/api/restaurants/:restaurantId/reservations';
export const RESERVATION_CHANGE_PATH = '/api/reservations/:reservationId';

/** What the owner's booking is refused for besides the request's own refusals. */
export const OWNER_REFUSALS = {
  forbidden: { code: 'forbidden', field: null, message: 'Accès non autorisé à ce restaurant' },
  notFound: { code: 'not_found', field: null, message: 'Restaurant non trouvé' },
  // modify_reservation's own words: another team's reservation is not found, as one that does not exist.
  reservationNotFound: { code: 'not_found', field: null, message: 'Réservation non trouvée' },
} satisfies Record<string, Refusal>;

/**
 * 'Nouvelle réservation': POST /api/restaurants/{restaurantId}/reservations, as the signed-in owner
 * (their access token). The body is checked against the contract's shapes (the same words as the
 * chatbot's refusals), then one call of public.submit_owner_reservation runs as the owner: ownership is
 * checked in SQL (auth.uid()), the booking goes through submit_group_request (source phone), and, when
 * accepted at once, the acceptance and its e-mail (outbox) are in the same transaction.
 */
export function ownerBookingRoute(instance: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: config.rateLimit.max, timeWindow: config.rateLimit.timeWindowMs };
  const schema = {
    operationId: 'submitOwnerBooking',
    summary: 'Nouvelle réservation: a booking the signed-in owner takes (by phone), through public.submit_group_request (source phone).',
    description:
      'The request’s rules and refusals, as the owner of the restaurant (checked in SQL). The owner is not notified of it; the customer gets the acknowledgement, or the acceptance e-mail when `accept` is true. `preview`: nothing is stored; 200 with the warnings to confirm before accepting. Idempotent on `external_id` as the chatbot’s requests.',
    security: [{ ownerSession: [] }],
    params: requestParams,
    body: ownerBooking,
    ...answers({
      201: [ownerBookingAnswer, 'The booking is stored: pending, or accepted when `accept` was true.'],
      200: [ownerBookingAnswer, 'A preview (nothing stored), or the same external_id and body already received.'],
      400: [refusal, 'Not JSON (`invalid_json`).'],
      401: [refusal, 'No usable owner session (`unauthorized`).'],
      403: [refusal, 'The restaurant is another owner’s (`forbidden`).'],
      404: [refusal, 'The restaurant id of the path is not a UUID, or no such restaurant (`not_found`).'],
      409: [refusal, 'The external_id was already used with another body (`external_id_conflict`).'],
      422: [refusal, 'The booking does not fit the contract or the restaurant’s profile; `field` names the field.'],
      429: [rateLimited, 'Too many requests; see Retry-After.'],
      500: [refusal, 'Our fault.'],
      503: [refusal, 'The database is momentarily unavailable (`api_unavailable`): nothing was stored; try again after Retry-After seconds.'],
    }),
  };
  // Who asks comes first (preValidation, before the contract reads the path and the body): without a session nothing else is looked at.
  app.post(OWNER_BOOKING_PATH, { schema, config: { rateLimit }, preValidation: requireOwner(config, db) }, async (request, reply) => {
    const owner = ownerOf(request);
    const { notes, accept, preview, ...booking } = request.body;
    const { data, error, status } = await owner.rpc('submit_owner_reservation', {
      p_restaurant_id: request.params.restaurantId.toLowerCase(),
      p_request: booking,
      ...(notes ? { p_notes: notes } : {}),
      p_accept: !!accept,
      p_preview: !!preview,
    });
    if (error) {
      if (status === 422 || status === 409) throw new RefusalError(status, { code: error.code, field: error.details || null, message: error.message });
      if (status === 403 || status === 401) throw new RefusalError(403, OWNER_REFUSALS.forbidden);
      if (status === 404) throw new RefusalError(404, OWNER_REFUSALS.notFound);
      throw databaseFailure('submit_owner_reservation', { error, status });
    }
    const submitted = data;
    // A booking taken by phone: the owner can pass the customer their page's link (drawn with the service role; a preview stores nothing).
    const pageUrl = preview ? undefined : await loadPageUrl(db, config.appUrl, submitted.reservation.id);
    const answer: OwnerBookingAnswer = {
      reservation: { ...submitted.reservation, deposit: submitted.deposit },
      warnings: submitted.acceptance ? acceptanceWarnings(submitted.acceptance) : [],
      preview: !!preview,
      ...(pageUrl ? { customer_page_url: pageUrl } : {}),
    };
    return reply.code(preview || submitted.replayed ? 200 : 201).send(answer);
  });
}

/**
 * 'Modifier': PATCH /api/reservations/{reservationId}, as a signed-in member of its restaurant (owner or
 * manager). The body is checked against the contract's shapes, then one call of
 * public.modify_reservation runs as them: membership, the restaurant's rules, the history row and the
 * customer's e-mail (outbox) are SQL's, in one transaction. The same way in as 'Nouvelle réservation'.
 */
export function reservationChangeRoute(instance: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: config.rateLimit.max, timeWindow: config.rateLimit.timeWindowMs };
  const schema = {
    operationId: 'modifyReservation',
    summary: 'Modifier: a change of a pending, accepted or paid reservation, as a signed-in member of its restaurant (public.modify_reservation).',
    description:
      'Any of the booking’s fields, laid over the reservation and checked as a request is; the total recomputed; one history row; the customer of an accepted or paid reservation e-mailed the new details (internal notes left out). `preview`: nothing is changed; the answer says whether anything would and the warnings to confirm first.',
    security: [{ ownerSession: [] }],
    params: reservationParams,
    body: reservationChanges,
    ...answers({
      200: [reservationChangesAnswer, 'Changed (or, with `preview`, what would change).'],
      400: [refusal, 'Not JSON (`invalid_json`).'],
      401: [refusal, 'No usable session (`unauthorized`).'],
      404: [refusal, 'No such reservation in the caller’s restaurants, or the id is not a UUID (`not_found`).'],
      409: [refusal, 'The reservation can no longer be changed (`not_modifiable`: rejected, cancelled or not present).'],
      422: [refusal, 'The change does not fit the contract or the restaurant’s profile; `field` names the field.'],
      429: [rateLimited, 'Too many requests; see Retry-After.'],
      500: [refusal, 'Our fault.'],
      503: [refusal, 'The database is momentarily unavailable (`api_unavailable`): nothing was changed; try again after Retry-After seconds.'],
    }),
  };
  app.patch(RESERVATION_CHANGE_PATH, { schema, config: { rateLimit }, preValidation: requireOwner(config, db) }, async (request, reply) => {
    const { preview, ...changes } = request.body;
    const { data, error, status } = await ownerOf(request).rpc('modify_reservation', {
      p_reservation_id: request.params.reservationId.toLowerCase(),
      p_changes: changes,
      p_preview: !!preview,
    });
    if (error) {
      if (status === 422 || status === 409) throw new RefusalError(status, { code: error.code, field: error.details || null, message: error.message });
      if (status === 404 || status === 403 || status === 401) throw new RefusalError(404, OWNER_REFUSALS.reservationNotFound);
      throw databaseFailure('modify_reservation', { error, status });
    }
    const answer: ReservationChangesAnswer = {
      preview: data.preview,
      changed: data.changed,
      summary: data.summary,
      warnings: data.acceptance ? acceptanceWarnings(data.acceptance) : [],
      customer_notified: !!data.customer_notified,
    };
    return reply.send(answer);
  });
}
