import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { htmlPage } from '../lib/html';
import { databaseFailure, parseInput } from '../lib/errors';
import { sheetParams, sheetQuery } from '../reservations/schemas';
import { OUTCOME_HTTP } from '../reservations/outcomes';
import { authenticateOwner, findOwnedReservation } from '../reservations/owner';
import { SHEET_REFUSALS, authorizeSheet, sheetsExistFor } from './access';
import { sheetLinks } from './links';
import { diningRoomSheet } from './dining-room';
import { kitchenSheet } from './kitchen';
import { renderPdf, type Sheet } from './pdf';
import type { ReservationDetails } from '../reservations/details';
import type { Db } from '../lib/supabase';

const SHEETS: Record<string, { build: (r: ReservationDetails) => Sheet; file: string }> = {
  'feuille-cuisine': { build: kitchenSheet, file: 'feuille-cuisine' },
  'feuille-salle': { build: diningRoomSheet, file: 'feuille-salle' },
};

/**
 * The kitchen and dining-room PDFs, opened in a browser tab (hence HTML pages for refusals), and the
 * dashboard's way to their links: the owner's browser cannot read code_manage, the service hands the
 * links out to the signed-in owner of an accepted or paid reservation.
 */
export async function sheetRoutes(app: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  const rateLimit = { max: config.rateLimit.max, timeWindow: config.rateLimit.timeWindowMs };
  for (const [route, sheet] of Object.entries(SHEETS)) {
    app.get(`/reservations/:numero_reservation/${route}`, { config: { rateLimit } }, async (request, reply) => {
      const { numero_reservation } = parseInput(sheetParams, request.params);
      const { code } = parseInput(sheetQuery, request.query);
      // The code is in the URL: keep it out of caches and out of the Referer of anything the page loads.
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const access = await authorizeSheet(db, numero_reservation, code);
      if (!access.ok) {
        const refusal = SHEET_REFUSALS[access.refusal];
        return reply.code(refusal.status).type('text/html; charset=utf-8').send(htmlPage(refusal.title, refusal.message));
      }
      const pdf = await renderPdf(sheet.build(access.reservation));
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${sheet.file}-${access.reservation.numero_reservation_restaurateur}.pdf"`).send(pdf);
    });
  }

  app.get('/api/reservations/:numero_reservation/sheets', { config: { rateLimit } }, async (request, reply) => {
    const owner = await authenticateOwner(request, config, db);
    const { numero_reservation } = parseInput(sheetParams, request.params);
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
