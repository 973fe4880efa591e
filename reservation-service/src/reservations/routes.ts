import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { Mailer } from '../email/mailer';
import type { TransitionResult } from '@tablee/domain/transitions';
import { confirmationMail, type MailAction } from '../email/confirmation';
import { parseInput } from '../lib/errors';
import { sheetLinks } from '../sheets/links';
import { loadReservation, type ReservationDetails } from './details';
import { reservationAppPath } from './links';
import { MESSAGES, OUTCOME_HTTP, type Action } from './outcomes';
import { authenticateOwner, findOwnedReservation } from './owner';
import { decisionBody, linkParams } from './schemas';
import { acceptByLink, transitionOwnedReservation, transitionReservation, type DecisionReason } from './transition';
import type { Db } from '../lib/supabase';

interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
}

/**
 * Accept and reject: from the one-click links (code in the path, no sign-in) and from the dashboard
 * (JSON body, the member's access token; membership is decided by RLS, no code needed).
 */
export async function reservationRoutes(app: FastifyInstance, { config, db, mailer }: Deps) {
  const rateLimit = { max: config.rateLimit.max, timeWindow: config.rateLimit.timeWindowMs };

  async function answer(reply: FastifyReply, action: Action, result: TransitionResult, why: DecisionReason = {}) {
    const rule = OUTCOME_HTTP[result.outcome];
    const body = {
      success: result.outcome === 'ok',
      numero_reservation_restaurateur: result.numero_reservation_restaurateur,
      status: result.status,
      message: rule.message(action, result.status, result),
    };
    if (result.outcome !== 'ok') {
      // A link not made for a reason the app can deal with (the plan's warnings, a past date, decided
      // before): the reservation in the app, where the owner sees it and decides with the warning asked.
      const app_path =
        result.restaurant_id && result.numero_reservation_restaurateur
          ? reservationAppPath({ restaurant_id: result.restaurant_id, numero_reservation_restaurateur: result.numero_reservation_restaurateur })
          : undefined;
      return reply.code(rule.status).send({ ...body, ...(result.warnings ? { warnings: result.warnings } : {}), ...(app_path ? { app_path } : {}) });
    }

    // The decision is committed; the e-mail is sent once, here, by the one request that won.
    const reservation = await loadReservation(db, { id: result.reservation_id! }).catch((error: unknown) => {
      app.log.error({ reservationId: result.reservation_id, err: error }, 'reading the decided reservation failed');
      return null;
    });
    // A no-show is the restaurant's record: the customer is not e-mailed.
    if (action === 'no_show') return reply.code(rule.status).send({ ...body, email_sent: false, warnings: [] });
    const emailNote = await notifyCustomer(app, mailer, reservation, action, { ...why, amount: result.amount });
    const sheets = action === 'accept' && reservation ? sheetLinks(config, reservation.numero_reservation, reservation.code_manage) : {};
    const emailSent = emailNote === MESSAGES.emailSent;
    // A link accepts only what the plan allows without a warning (acceptByLink), and the app asks before
    // accepting despite one: nothing left to warn about once accepted.
    return reply.code(rule.status).send({ ...body, message: `${body.message} ${emailNote}`, email_sent: emailSent, warnings: [], ...sheets });
  }

  for (const action of ['accept', 'reject'] as const) {
    app.post(`/api/reservations/:numero_reservation/${action}/:code_manage`, { config: { rateLimit } }, async (request, reply) => {
      const params = parseInput(linkParams, request.params);
      const link = { numero: params.numero_reservation, code: params.code_manage };
      return answer(reply, action, action === 'accept' ? await acceptByLink(db, link) : await transitionReservation(db, { ...link, action }));
    });
  }
  // The dashboard: accept, refuse (with a reason and a proposal), 'Acompte reçu', cancel (with a reason,
  // and for a paid one what becomes of the acompte), 'Non présenté'.
  const DASHBOARD: [string, Action][] = [
    ['accept_reservation', 'accept'],
    ['reject_reservation', 'reject'],
    ['mark_paid', 'paid'],
    ['cancel_reservation', 'cancel'],
    ['mark_no_show', 'no_show'],
  ];
  for (const [endpoint, action] of DASHBOARD) {
    app.post(`/api/reservations/${endpoint}`, { config: { rateLimit } }, async (request, reply) => {
      // Who asks comes first: without a session nothing else is looked at, not even the body.
      const owner = await authenticateOwner(request, config, db);
      const body = parseInput(decisionBody, request.body);
      const owned = await findOwnedReservation(owner, body.numero_reservation, body.restaurant_id);
      if (!owned) return answer(reply, action, { outcome: 'not_found', status: null, numero_reservation_restaurateur: null, reservation_id: null });
      const { reason, reason_detail, proposal, deposit, refund_amount } = body;
      const why = { reason, reason_detail, proposal, deposit, refund_amount };
      return answer(reply, action, await transitionOwnedReservation(db, { id: owned.id, action, ownerId: owner.ownerId, ...why }), why);
    });
  }
}

async function notifyCustomer(app: FastifyInstance, mailer: Mailer, reservation: ReservationDetails | null, action: MailAction, why: DecisionReason): Promise<string> {
  if (!reservation) return MESSAGES.emailFailed;
  if (!reservation.email?.trim()) return MESSAGES.emailNoAddress;
  // The database's rule (restaurant_reservations.email_address): exactly one plain address, or nothing is sent.
  const to = reservation.email_address;
  if (!to) return MESSAGES.emailInvalidAddress;
  try {
    await mailer.send(confirmationMail(reservation, action, to, why));
    return MESSAGES.emailSent;
  } catch (error) {
    // The status change stands (it is what the owner asked); the answer says the customer was not told.
    app.log.error({ reservationId: reservation.id, err: error }, 'customer e-mail failed');
    return MESSAGES.emailFailed;
  }
}
