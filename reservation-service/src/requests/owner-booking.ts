import type { FastifyInstance } from 'fastify';
import { acceptanceWarnings } from '@tablee/domain/acceptance';
import type { z } from 'zod';
import type { Config } from '../config';
import { databaseFailure } from '../lib/errors';
import type { Db } from '../lib/supabase';
import { authenticateOwner } from '../reservations/owner';
import { parseContract, RefusalError, type Refusal } from './refusals';
import { ownerBooking, requestParams, type submittedRequest } from './schema';

/** What the owner's booking is refused for besides the request's own refusals. */
export const OWNER_REFUSALS = {
  forbidden: { code: 'forbidden', field: null, message: 'Accès non autorisé à ce restaurant' },
  notFound: { code: 'not_found', field: null, message: 'Restaurant non trouvé' },
} satisfies Record<string, Refusal>;

/**
 * 'Nouvelle réservation': POST /api/restaurants/{restaurantId}/reservations, as the signed-in owner
 * (their access token). The body is checked against the contract's shapes (the same words as the
 * chatbot's refusals), then one call of public.submit_owner_reservation runs as the owner: ownership is
 * checked in SQL (auth.uid()), the booking goes through submit_group_request (source phone), and, when
 * accepted at once, the acceptance and its e-mail (outbox) are in the same transaction.
 */
export function ownerBookingRoute(app: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  const rateLimit = { max: config.rateLimit.max, timeWindow: config.rateLimit.timeWindowMs };
  app.post<{ Params: { restaurantId: string } }>('/api/restaurants/:restaurantId/reservations', { config: { rateLimit } }, async (request, reply) => {
    // Who asks comes first: without a session nothing else is looked at, not even the body.
    const owner = await authenticateOwner(request, config, db);
    const params = requestParams.safeParse(request.params);
    if (!params.success) throw new RefusalError(404, OWNER_REFUSALS.notFound);
    const { notes, accept, preview, ...booking } = parseContract(ownerBooking, request.body);
    const { data, error, status } = await owner.rpc('submit_owner_reservation', {
      p_restaurant_id: params.data.restaurantId.toLowerCase(),
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
    const answer: z.infer<typeof submittedRequest> & { preview: boolean } = {
      reservation: { ...submitted.reservation, deposit: submitted.deposit },
      warnings: submitted.acceptance ? acceptanceWarnings(submitted.acceptance) : [],
      preview: !!preview,
    };
    return reply.code(preview || submitted.replayed ? 200 : 201).send(answer);
  });
}
