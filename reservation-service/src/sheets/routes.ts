import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sheetLinksAnswer, sheetParams, sheetQuery } from '@tablee/contract';
import type { Config } from '../config';
import { answers } from '@tablee/contract/fastify';
import { htmlPage } from '../lib/html';
import { databaseFailure } from '../lib/errors';
import { OUTCOME_HTTP } from '../reservations/outcomes';
import { findOwnedReservation, ownerOf, requireOwner } from '../reservations/owner';
import { SHEET_REFUSALS, authorizeSheet, sheetsExistFor } from './access';
import { sheetLinks } from './links';
import { diningRoomSheet } from './dining-room';
import { kitchenSheet } from './kitchen';
import { renderPdf, type Sheet } from './pdf';
import { loadGuests, type ReservationDetails, type ReservationGuest } from '../reservations/details';
import type { Db } from '../lib/supabase';

const SHEETS: Record<string, { build: (r: ReservationDetails, guests: ReservationGuest[]) => Sheet; file: string }> = {
  'feuille-cuisine': { build: kitchenSheet, file: 'feuille-cuisine' },
  'feuille-salle': { build: diningRoomSheet, file: 'feuille-salle' },
};

/**
 * The kitchen and dining-room PDFs, opened in a browser tab (hence HTML pages for refusals), and the
 * dashboard's way to their links: the owner's browser cannot read code_manage, the service hands the
 * links out to the signed-in owner of an accepted or paid reservation.
 */
export async function sheetRoutes(instance: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: config.rateLimit.max, timeWindow: config.rateLimit.timeWindowMs };
  for (const [route, sheet] of Object.entries(SHEETS)) {
    // A PDF, or an HTML page that says why not: opened in a tab, not part of the JSON API's document.
    const schema = { hide: true, params: sheetParams, querystring: sheetQuery };
    app.get(`/reservations/:numero_reservation/${route}`, { schema, config: { rateLimit } }, async (request, reply) => {
      const { numero_reservation } = request.params;
      const { code } = request.query;
      // The code is in the URL: keep it out of caches and out of the Referer of anything the page loads.
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const access = await authorizeSheet(db, numero_reservation, code);
      if (!access.ok) {
        const refusal = SHEET_REFUSALS[access.refusal];
        return reply.code(refusal.status).type('text/html; charset=utf-8').send(htmlPage(refusal.title, refusal.message));
      }
      // Each guest's choices and allergies, as the organiser filled them in on their page (none: the sheet as before).
      const guests = await loadGuests(db, access.reservation.id);
      const pdf = await renderPdf(sheet.build(access.reservation, guests));
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${sheet.file}-${access.reservation.numero_reservation_restaurateur}.pdf"`).send(pdf);
    });
  }

  const schema = {
    operationId: 'sheetLinks',
    summary: 'The links of the kitchen and dining-room sheets of an accepted reservation, for its owner.',
    security: [{ ownerSession: [] }],
    params: sheetParams,
    ...answers({
      200: [sheetLinksAnswer, 'The two links (they carry the reservation’s code: never cached).'],
      400: [sheetLinksAnswer, 'A malformed number.'],
      401: [sheetLinksAnswer, 'No usable owner session.'],
      404: [sheetLinksAnswer, 'No such reservation of the owner’s.'],
      409: [sheetLinksAnswer, 'Not accepted: no sheets yet.'],
      429: [sheetLinksAnswer, 'Too many attempts.'],
      500: [sheetLinksAnswer, 'Our fault.'],
      503: [sheetLinksAnswer, 'The database is momentarily unavailable (`api_unavailable`).'],
    }),
  };
  // Who asks comes first (preValidation, before the contract reads the path).
  app.get('/api/reservations/:numero_reservation/sheets', { schema, config: { rateLimit }, preValidation: requireOwner(config, db) }, async (request, reply) => {
    const owner = ownerOf(request);
    const { numero_reservation } = request.params;
    reply.header('cache-control', 'no-store');
    const owned = await findOwnedReservation(owner, numero_reservation);
    if (!owned) {
      return reply.code(404).send({ success: false, numero_reservation_restaurateur: null, status: null, message: OUTCOME_HTTP.not_found.message('accept', null) });
    }
    const answer = { numero_reservation_restaurateur: owned.numero_reservation_restaurateur, status: owned.status };
    if (!sheetsExistFor(owned.status)) {
      return reply.code(SHEET_REFUSALS.not_accepted.status).send({ success: false, ...answer, message: SHEET_REFUSALS.not_accepted.message });
    }
    // Read with the service role: the owner's role has no privilege on the column.
    const { data, error, status } = await db.from('restaurant_reservations').select('code_manage').eq('id', owned.id).single();
    if (error) throw databaseFailure('reading the sheet code', { error, status });
    return reply.send({ success: true, ...answer, ...sheetLinks(config, numero_reservation, data.code_manage as string) });
  });
}
