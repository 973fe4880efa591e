import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Config } from '../config';
import type { Mailer } from '../email/mailer';
import { confirmationMail } from '../email/confirmation';
import { parseInput } from '../lib/errors';
import { loadReservation } from './details';
import { MESSAGES, OUTCOME_HTTP, type Action } from './outcomes';
import { dashboardBody, linkParams } from './schemas';
import { transitionReservation } from './transition';

interface Deps { config: Config; db: SupabaseClient; mailer: Mailer }

/** Accept and reject: from the one-click links (code in the path) and from the dashboard (JSON body). */
export async function reservationRoutes(app: FastifyInstance, { config, db, mailer }: Deps) {
  const rateLimit = { max: config.rateLimit.max, timeWindow: config.rateLimit.timeWindowMs };

  async function decide(reply: FastifyReply, action: Action, numero: string, code: string, restaurantId?: string) {
    const result = await transitionReservation(db, { numero, code, action, restaurantId });
    const rule = OUTCOME_HTTP[result.outcome];
    const body = {
      success: result.outcome === 'ok',
      numero_reservation_restaurateur: result.numero_reservation_restaurateur,
      status: result.status,
      message: rule.message(action, result.status),
    };
    if (result.outcome !== 'ok') return reply.code(rule.status).send(body);

    // The decision is committed; the e-mail is sent once, here, by the one request that won.
    const emailNote = await notifyCustomer(app, db, mailer, result.reservation_id!, action);
    const sheets = action === 'accept' ? sheetLinks(config, numero, code) : {};
    const emailSent = emailNote === MESSAGES.emailSent;
    return reply.code(rule.status).send({ ...body, message: `${body.message} ${emailNote}`, email_sent: emailSent, ...sheets });
  }

  for (const action of ['accept', 'reject'] as const) {
    app.post(`/api/reservations/:numero_reservation/${action}/:code_manage`, { config: { rateLimit } }, async (request, reply) => {
      const params = parseInput(linkParams, request.params);
      return decide(reply, action, params.numero_reservation, params.code_manage);
    });
    app.post(`/api/reservations/${action}_reservation`, { config: { rateLimit } }, async (request, reply) => {
      const body = parseInput(dashboardBody, request.body);
      return decide(reply, action, body.numero_reservation, body.code_manage, body.restaurant_id);
    });
  }
}

async function notifyCustomer(app: FastifyInstance, db: SupabaseClient, mailer: Mailer, id: string, action: Action): Promise<string> {
  try {
    const reservation = await loadReservation(db, { id });
    if (!reservation?.email) return MESSAGES.emailNoAddress;
    await mailer.send(confirmationMail(reservation, action));
    return MESSAGES.emailSent;
  } catch (error) {
    // The status change stands (it is what the owner asked); the answer says the customer was not told.
    app.log.error({ reservationId: id, err: error }, 'customer e-mail failed');
    return MESSAGES.emailFailed;
  }
}

function sheetLinks(config: Config, numero: string, code: string) {
  const base = `${config.publicBaseUrl}/reservations/${encodeURIComponent(numero)}`;
  const q = `?code=${encodeURIComponent(code)}`;
  return { feuille_cuisine_url: `${base}/feuille-cuisine${q}`, feuille_salle_url: `${base}/feuille-salle${q}` };
}
