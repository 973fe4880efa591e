import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decisionAnswer, decisionBody, linkParams, type DecisionAnswer } from '@tablee/contract';
import type { Config } from '../config';
import type { TransitionResult } from '@tablee/domain/transitions';
import { answers } from '@tablee/contract/fastify';
import { sheetLinks } from '../sheets/links';
import { loadReservation, type ReservationDetails } from './details';
import { reservationAppPath } from './links';
import { MESSAGES, OUTCOME_HTTP, type Action, type OutcomeStatus } from './outcomes';
import { findOwnedReservation, ownerOf, requireOwner } from './owner';
import type Stripe from 'stripe';
import { makePendingRefunds } from '../payments/refunds';
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
export async function reservationRoutes(instance: FastifyInstance, { config, db, stripe }: Deps & { stripe: Stripe | null }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: config.rateLimit.max, timeWindow: config.rateLimit.timeWindowMs };

  /** The status and body of a decision's answer. */
  async function answer(action: Action, result: TransitionResult): Promise<[OutcomeStatus, DecisionAnswer]> {
    const rule = OUTCOME_HTTP[result.outcome];
    const body: DecisionAnswer = {
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
      return [rule.status, { ...body, ...(result.warnings ? { warnings: result.warnings } : {}), ...(app_path ? { app_path } : {}) }];
    }

    // The decision is committed with its e-mail in the outbox (the sender sends it): the answer says what is true now.
    const reservation = await loadReservation(db, { id: result.reservation_id! }).catch((error: unknown) => {
      app.log.error({ reservationId: result.reservation_id, err: error }, 'reading the decided reservation failed');
      return null;
    });
    // A no-show is the restaurant's record: the customer is not e-mailed.
    if (action === 'no_show') return [rule.status, { ...body, email_queued: false, warnings: [] }];
    const emailQueued = result.email_queued === true;
    const sheets = action === 'accept' && reservation ? sheetLinks(config, reservation.numero_reservation, reservation.code_manage) : {};
    const undo = result.undo_until ? { undo_until: result.undo_until } : {};
    // A link accepts only what the plan allows without a warning (acceptByLink), and the app asks before
    // accepting despite one: nothing left to warn about once accepted.
    return [rule.status, { ...body, message: `${body.message} ${emailNote(emailQueued, reservation)}`, email_queued: emailQueued, warnings: [], ...undo, ...sheets }];
  }

  /** Every answer of these endpoints is a DecisionAnswer, refusals included (French `message`). */
  const decisionAnswers = (ok: string) =>
    answers({
      200: [decisionAnswer, ok],
      400: [decisionAnswer, 'A malformed number, code, restaurant id or body.'],
      401: [decisionAnswer, 'No usable owner session (dashboard only; WWW-Authenticate).'],
      403: [decisionAnswer, 'The code does not manage this reservation.'],
      404: [decisionAnswer, 'No such reservation (or not one of the owner’s).'],
      409: [decisionAnswer, 'Decided before, or the change is not allowed from its status: nothing changed.'],
      422: [decisionAnswer, 'Refused (a reason missing, a past date, the plan’s warnings…): nothing changed.'],
      429: [decisionAnswer, 'Too many attempts.'],
      500: [decisionAnswer, 'Our fault.'],
      503: [decisionAnswer, 'The database is momentarily unavailable (`api_unavailable`): nothing changed; try again after Retry-After seconds.'],
    });

  for (const action of ['accept', 'reject'] as const) {
    const schema = {
      operationId: `${action}ByLink`,
      summary: `One-click ${action} from the owner's e-mail (the code in the link authorises it).`,
      params: linkParams,
      ...decisionAnswers(action === 'accept' ? 'Accepted; the customer’s e-mail is queued (held while the decision can be undone).' : 'Refused; the customer’s e-mail is queued.'),
    };
    app.post(`/api/reservations/:numero_reservation/${action}/:code_manage`, { schema, config: { rateLimit } }, async (request, reply) => {
      const params = request.params;
      const link = { numero: params.numero_reservation, code: params.code_manage };
      const [status, body] = await answer(action, action === 'accept' ? await acceptByLink(db, link) : await transitionReservation(db, { ...link, action }));
      return reply.code(status).send(body);
    });
  }
  // 'Annuler' on the link page, while the decision's window is open: pending again, nothing sent.
  const undoSchema = {
    operationId: 'undoByLink',
    summary: 'Undoes a one-click decision while its window is open: pending again, nothing sent.',
    params: linkParams,
    ...decisionAnswers('Undone.'),
  };
  app.post('/api/reservations/:numero_reservation/undo/:code_manage', { schema: undoSchema, config: { rateLimit } }, async (request, reply) => {
    const params = request.params;
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
    const schema = {
      operationId: endpoint,
      summary: 'From the dashboard, as the signed-in owner.',
      security: [{ ownerSession: [] }],
      body: decisionBody,
      ...decisionAnswers('Done; `message` says whether the customer will be e-mailed.'),
    };
    // Who asks comes first (preValidation, before the contract reads the body): without a session nothing else is looked at.
    app.post(`/api/reservations/${endpoint}`, { schema, config: { rateLimit }, preValidation: requireOwner(config, db) }, async (request, reply) => {
      const owner = ownerOf(request);
      const body = request.body;
      const owned = await findOwnedReservation(owner, body.numero_reservation, body.restaurant_id);
      const { reason, reason_detail, proposal, deposit, refund_amount_cents } = body;
      const result = owned
        ? await transitionOwnedReservation(db, { id: owned.id, action, ownerId: owner.ownerId, reason, reason_detail, proposal, deposit, refund_amount_cents })
        : ({ outcome: 'not_found', status: null, numero_reservation_restaurateur: null, reservation_id: null } as const);
      // What was paid online is refunded online now (retried by the reminder round if Stripe is away).
      if (owned && result.outcome === 'ok' && deposit === 'refunded' && stripe) {
        await makePendingRefunds(db, stripe, request.log, owned.id).catch((err: Error) => request.log.error({ err }, 'refunds not made'));
      }
      const [status, answerBody] = await answer(action, result);
      return reply.code(status).send(answerBody);
    });
  }
}

/** What the customer will be told, from the row as it is: queued, or why not (no address, not one valid address). */
function emailNote(queued: boolean, reservation: ReservationDetails | null): string {
  if (queued) return MESSAGES.emailQueued;
  return reservation?.email?.trim() ? MESSAGES.emailInvalidAddress : MESSAGES.emailNoAddress;
}
