import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { TransitionResult } from '@tablee/domain/transitions';
import { parseInput } from '../lib/errors';
import { sheetLinks } from '../sheets/links';
import { loadReservation, type ReservationDetails } from './details';
import { reservationAppPath } from './links';
import { MESSAGES, OUTCOME_HTTP, type Action } from './outcomes';
import { authenticateOwner, findOwnedReservation } from './owner';
import { decisionBody, linkParams } from './schemas';
import { acceptByLink, transitionOwnedReservation, transitionReservation, undoLinkDecision } from './transition';
import type { Db } from '../lib/supabase';

interface Deps {
  config: Config;
  db: Db;
}

/**
 * Accept and reject: from the one-click links (code in the path, no sign-in) and from the dashboard
 * (JSON body, the member's access token; membership is decided by RLS, no code needed).
 */
export async function reservationRoutes(app: FastifyInstance, { config, db }: Deps) {
  const rateLimit = { max: config.rateLimit.max, timeWindow: config.rateLimit.timeWindowMs };

  async function answer(reply: FastifyReply, action: Action, result: TransitionResult) {
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

    // The decision is committed with its e-mail in the outbox (the sender sends it): the answer says what is true now.
    const reservation = await loadReservation(db, { id: result.reservation_id! }).catch((error: unknown) => {
      app.log.error({ reservationId: result.reservation_id, err: error }, 'reading the decided reservation failed');
      return null;
    });
    // A no-show is the restaurant's record: the customer is not e-mailed.
    if (action === 'no_show') return reply.code(rule.status).send({ ...body, email_queued: false, warnings: [] });
    const emailQueued = result.email_queued === true;
    const sheets = action === 'accept' && reservation ? sheetLinks(config, reservation.numero_reservation, reservation.code_manage) : {};
    const undo = result.undo_until ? { undo_until: result.undo_until } : {};
    // A link accepts only what the plan allows without a warning (acceptByLink), and the app asks before
    // accepting despite one: nothing left to warn about once accepted.
    return reply.code(rule.status).send({ ...body, message: `${body.message} ${emailNote(emailQueued, reservation)}`, email_queued: emailQueued, warnings: [], ...undo, ...sheets });
  }

  for (const action of ['accept', 'reject'] as const) {
    app.post(`/api/reservations/:numero_reservation/${action}/:code_manage`, { config: { rateLimit } }, async (request, reply) => {
      const params = parseInput(linkParams, request.params);
      const link = { numero: params.numero_reservation, code: params.code_manage };
      return answer(reply, action, action === 'accept' ? await acceptByLink(db, link) : await transitionReservation(db, { ...link, action }));
    });
  }
  // 'Annuler' on the link page, while the decision's window is open: pending again, nothing sent.
  app.post('/api/reservations/:numero_reservation/undo/:code_manage', { config: { rateLimit } }, async (request, reply) => {
    const params = parseInput(linkParams, request.params);
    const result = await undoLinkDecision(db, { numero: params.numero_reservation, code: params.code_manage });
    const rule = OUTCOME_HTTP[result.outcome];
    return reply.code(rule.status).send({
      success: result.outcome === 'ok',
      numero_reservation_restaurateur: result.numero_reservation_restaurateur,
      status: result.status,
      message: result.outcome === 'ok' ? MESSAGES.undone : rule.message('accept', result.status, result),
    });
  });

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
      return answer(reply, action, await transitionOwnedReservation(db, { id: owned.id, action, ownerId: owner.ownerId, reason, reason_detail, proposal, deposit, refund_amount }));
    });
  }
}

/** What the customer will be told, from the row as it is: queued, or why not (no address, not one valid address). */
function emailNote(queued: boolean, reservation: ReservationDetails | null): string {
  if (queued) return MESSAGES.emailQueued;
  return reservation?.email?.trim() ? MESSAGES.emailInvalidAddress : MESSAGES.emailNoAddress;
}
