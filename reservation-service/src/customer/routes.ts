import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createEvent, type EventAttributes } from 'ics';
import { calendarFile, customerTokenParams, rateLimited, refusal, type RefusalAnswer } from '@tablee/contract';
import { answers } from '@tablee/contract/fastify';
import { customerPagePath, type CustomerPage } from '@tablee/domain/customer-page';
import type { Config } from '../config';
import { DatabaseUnavailableError, databaseFailure, UNAVAILABLE } from '../lib/errors';
import { formatParty } from '../lib/format';
import type { Db } from '../lib/supabase';
import { MESSAGES } from '../reservations/outcomes';

/** public.customer_reservation's own words for a token that opens nothing. */
const NOT_FOUND: RefusalAnswer = { code: 'not_found', field: null, message: 'Ce lien ne correspond à aucune réservation. Vérifiez qu’il est complet, ou contactez le restaurant.' };

/** A token's shape (48 hexadecimal characters): anything else opens nothing, without a lookup. */
const TOKEN = /^[0-9a-f]{48}$/;

/** How long a group's meal lasts in the calendar: 2 h 30 at lunch, 3 h at dinner. */
const DURATION = { lunch: { hours: 2, minutes: 30 }, dinner: { hours: 3 } } as const;

/** The event's status as calendars read it: a request not yet answered is tentative, a refused or cancelled one cancelled. */
const EVENT_STATUS: Record<string, EventAttributes['status']> = {
  pending: 'TENTATIVE',
  accepted: 'CONFIRMED',
  paid: 'CONFIRMED',
  no_show: 'CONFIRMED',
  rejected: 'CANCELLED',
  cancelled: 'CANCELLED',
};

/**
 * The reservation as an iCalendar event: 'Repas de groupe — {restaurant}', from the arrival time
 * (meal_at: the date and time of Paris made an instant by the database, written in UTC, so that
 * every calendar shows it at the right hour whatever its own time zone), for 2 h 30 (lunch) or 3 h
 * (dinner), at the restaurant's address; the number of guests, the customer's reference and the page's
 * link in its description.
 */
export function reservationCalendar(page: CustomerPage, pageUrl: string): string {
  const restaurant = page.restaurant;
  const description = [
    `Nombre de convives : ${formatParty(page.adults, page.children)}`,
    ...(page.menu_name ? [`Menu : ${page.menu_name}`] : []),
    `Arrivée : ${page.arrival_time ?? '12:00'} (heure de Paris)`,
    `Code de réservation : ${page.numero}`,
    ...(restaurant.phone ? [`Téléphone du restaurant : ${restaurant.phone}`] : []),
    `Votre réservation : ${pageUrl}`,
  ].join('\n');
  const { error, value } = createEvent({
    productId: 'tablee/reservation',
    uid: `reservation-${page.numero}@tablee.fr`,
    title: `Repas de groupe — ${restaurant.name}`,
    start: Date.parse(page.meal_at),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: DURATION[page.service] ?? DURATION.dinner,
    ...(restaurant.address ? { location: restaurant.address } : {}),
    description,
    url: pageUrl,
    status: EVENT_STATUS[page.status] ?? 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw new Error(`the calendar file could not be written: ${error?.message ?? 'empty'}`);
  return value;
}

/**
 * What the customer's page links to on the service, with its token alone (no session; the token is
 * the secret): GET /api/customer/{token}/calendar.ics, the reservation to add to a calendar. Read with
 * the service role through public.customer_reservation (what the page itself shows); rate limited per
 * client address as the link endpoints are. Refusals in the request routes' shape, in French.
 */
export async function customerRoutes(instance: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.setErrorHandler((error: FastifyError | DatabaseUnavailableError, request, reply) => {
    if (error instanceof DatabaseUnavailableError) {
      request.log.warn({ error: error.message }, 'database unavailable');
      return reply.code(503).header('retry-after', UNAVAILABLE.retryAfter).send({ code: error.code, field: null, message: UNAVAILABLE.message });
    }
    if (error.statusCode === 429) return reply.code(429).send({ code: 429, error_code: 'over_request_rate_limit', msg: MESSAGES.tooManyRequests });
    // A path the contract refuses (a token far too long) names no reservation.
    if (error.statusCode === 400) return reply.code(404).send(NOT_FOUND);
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ code: 'internal', field: null, message: MESSAGES.internal });
  });

  const rateLimit = { max: config.rateLimit.max, timeWindow: config.rateLimit.timeWindowMs };
  app.get(
    '/api/customer/:token/calendar.ics',
    {
      schema: {
        operationId: 'customerCalendar',
        summary: 'The customer’s reservation as an iCalendar file (.ics), from their page’s token.',
        description:
          'No session: the token of the customer’s page (/ma-reservation/{token}) is the secret. One event, « Repas de groupe — {restaurant} », from the arrival time (Europe/Paris, written in UTC) for 2 h 30 at lunch or 3 h at dinner, at the restaurant’s address, the number of guests, the reference and the page’s link in its description; tentative while the request waits for an answer, cancelled once refused or cancelled. Sent as an attachment (reservation-{code}.ics).',
        params: customerTokenParams,
        ...answers({
          200: [calendarFile, 'The .ics file (Content-Disposition attachment; filename="reservation-{code}.ics").', 'text/calendar'],
          404: [refusal, 'No reservation has this token (`not_found`).'],
          429: [rateLimited, 'Too many requests from this client address; see Retry-After.'],
          500: [refusal, 'Our fault.'],
          503: [refusal, 'The database is momentarily unavailable (`api_unavailable`); try again after Retry-After seconds.'],
        }),
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const { token } = request.params;
      // The token is a secret in the path: nothing keeps the answer.
      reply.header('cache-control', 'no-store');
      if (!TOKEN.test(token)) return reply.code(404).send(NOT_FOUND);
      const { data, error, status } = await db.rpc('customer_reservation', { p_token: token });
      if (error) {
        if (status === 404 || error.code === 'not_found') return reply.code(404).send({ ...NOT_FOUND, message: error.message || NOT_FOUND.message });
        throw databaseFailure('customer_reservation', { error, status });
      }
      const page = data;
      const ics = reservationCalendar(page, `${config.appUrl}${customerPagePath(token)}`);
      const file = `reservation-${page.numero.replace(/[^A-Za-z0-9-]/g, '')}.ics`;
      // A string with its own content type is written as it is (the contract's serializer is for objects).
      return reply.code(200).type('text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${file}"`).send(ics);
    },
  );
}
