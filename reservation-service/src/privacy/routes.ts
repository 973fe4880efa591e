import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerErasureAnswer, customerErasureBody, customerErasureRefusal } from '@tablee/contract';
import { answers } from '@tablee/contract/fastify';
import type { Config } from '../config';
import { databaseFailure } from '../lib/errors';
import type { Db } from '../lib/supabase';
import { MESSAGES } from '../reservations/outcomes';
import { ownerOf, requireOwner, UnauthorizedError } from '../reservations/owner';
import { deleteOutboxFiles } from './outbox-files';

export const PRIVACY_MESSAGES = {
  erased: 'Client effacé',
  ownersOnly: 'Seul un propriétaire peut effacer un client',
  notFound: 'Client non trouvé',
};

/**
 * The customers' right to erasure: 'Effacer ce client'. The erasure runs as the signed-in owner
 * (public.erase_customer with their access token: the SQL's owner check is the rule, not this service's),
 * then the person's files leave the outbox folder.
 */
export async function privacyRoutes(instance: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: config.rateLimit.max, timeWindow: config.rateLimit.timeWindowMs };

  app.post(
    '/api/customers/erase',
    {
      schema: {
        operationId: 'eraseCustomer',
        summary:
          'An owner erases a customer of the guest book: reservations anonymised (dates, covers and amounts kept), conversations, messages and outbox rows deleted, audited; then the files of the outbox folder about them or sent to them.',
        security: [{ ownerSession: [] }],
        body: customerErasureBody,
        ...answers({
          200: [customerErasureAnswer, 'Erased: what was removed, counted.'],
          400: [customerErasureRefusal, 'A malformed body.'],
          401: [customerErasureRefusal, 'No usable owner session (WWW-Authenticate).'],
          403: [customerErasureRefusal, 'A member of the restaurant who is not an owner (a manager): nothing changed.'],
          404: [customerErasureRefusal, 'No such customer in the restaurant, or not a restaurant of the caller’s: nothing changed.'],
          429: [customerErasureRefusal, 'Too many requests from this client address.'],
          500: [customerErasureRefusal, 'Our fault.'],
          503: [customerErasureRefusal, 'The database is momentarily unavailable (`api_unavailable`): nothing changed; try again after Retry-After seconds.'],
        }),
      },
      config: { rateLimit },
      // Who asks comes first: without a session nothing else is looked at.
      preValidation: requireOwner(config, db),
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const { restaurant_id, customer_id } = request.body;
      const { data, error, status } = await owner.rpc('erase_customer', { p_restaurant_id: restaurant_id, p_customer_id: customer_id });
      // The token expired between the check and the call.
      if (status === 401) throw new UnauthorizedError(MESSAGES.sessionInvalid);
      if (error?.code === '42501') {
        // Refused by the SQL: a member who is not an owner hears why; anyone else learns nothing of the restaurant.
        const member = await owner.from('restaurants').select('id').eq('id', restaurant_id).maybeSingle();
        if (member.error) throw databaseFailure('reading the restaurant', { error: member.error, status: member.status });
        return member.data ? reply.code(403).send({ success: false, message: PRIVACY_MESSAGES.ownersOnly }) : reply.code(404).send({ success: false, message: PRIVACY_MESSAGES.notFound });
      }
      if (error?.code === 'P0002' || status === 404) return reply.code(404).send({ success: false, message: PRIVACY_MESSAGES.notFound });
      if (error || !data) throw databaseFailure('erase_customer', { error, status });
      const erased = data;
      const files = await deleteOutboxFiles(config.outboxDir, erased);
      // Counts only: the numbers and addresses stay out of the logs.
      if (files.failed.length) request.log.error({ files: files.failed.length }, 'erasure: outbox files not deleted');
      return reply.send({
        success: true,
        message: PRIVACY_MESSAGES.erased,
        reservations: erased.reservations,
        conversations: erased.conversations,
        messages: erased.messages,
        outbox: erased.outbox,
        files: files.deleted,
      });
    },
  );
}
