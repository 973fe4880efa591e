import type { FastifyInstance } from 'fastify';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Config } from '../config';
import { htmlPage } from '../lib/html';
import { parseInput } from '../lib/errors';
import { sheetParams, sheetQuery } from '../reservations/schemas';
import { SHEET_REFUSALS, authorizeSheet } from './access';
import { diningRoomSheet } from './dining-room';
import { kitchenSheet } from './kitchen';
import { renderPdf, type Sheet } from './pdf';
import type { ReservationDetails } from '../reservations/details';

const SHEETS: Record<string, { build: (r: ReservationDetails) => Sheet; file: string }> = {
  'feuille-cuisine': { build: kitchenSheet, file: 'fiche-cuisine' },
  'feuille-salle': { build: diningRoomSheet, file: 'fiche-salle' },
};

/** The kitchen and dining-room PDFs, opened in a browser tab (hence HTML pages for refusals). */
export async function sheetRoutes(app: FastifyInstance, { config, db }: { config: Config; db: SupabaseClient }) {
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
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${sheet.file}-${access.reservation.numero_reservation_restaurateur}.pdf"`)
        .send(pdf);
    });
  }
}
