import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { Mailer } from '../email/mailer';
import { acceptanceWarnings } from '@tablee/domain/acceptance';
import type { TransitionResult } from '@tablee/domain/transitions';
import { confirmationMail, type MailAction } from '../email/confirmation';
import { parseInput } from '../lib/errors';
import { sheetLinks } from '../sheets/links';
import { loadAcceptanceCheck, loadReservation, type ReservationDetails } from './details';
import { MESSAGES, OUTCOME_HTTP, type Action } from './outcomes';
import { authenticateOwner, findOwnedReservation } from './owner';
import { decisionBody, linkParams } from './schemas';
import { transitionOwnedReservation, transitionReservation, type DecisionReason } from './transition';
import type { Db } from '../lib/supabase';

interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
}

/**
 * Accept and reject: from the one-click links (code in the path, no sign-in) and from the dashboard
 * (JSON body, the owner's access token; ownership is decided by RLS, no code needed).
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
    if (result.outcome !== 'ok') return reply.code(rule.status).send(body);

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
    // After an acceptance, what the plan says of it (capacity, closed service, hours): the link page shows it.
    const warnings = action === 'accept' && reservation ? await acceptanceNotes(db, reservation.restaurant_id, reservation.numero_reservation_restaurateur) : [];
    return reply.code(rule.status).send({ ...body, message: `${body.message} ${emailNote}`, email_sent: emailSent, warnings, ...sheets });
  }

  for (const action of ['accept', 'reject'] as const) {
    app.post(`/api/reservations/:numero_reservation/${action}/:code_manage`, { config: { rateLimit } }, async (request, reply) => {
      const params = parseInput(linkParams, request.params);
      return answer(reply, action, await transitionReservation(db, { numero: params.numero_reservation, code: params.code_manage, action }));
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

/** The warnings of public.reservation_acceptance_check, in the app's words (@tablee/domain/acceptance). */
async function acceptanceNotes(db: Db, restaurantId: string, numero: string): Promise<string[]> {
  const check = await loadAcceptanceCheck(db, restaurantId, numero).catch(() => null);
  return check ? acceptanceWarnings(check) : [];
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
