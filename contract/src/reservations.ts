/**
 * The owner's endpoints: the one-click links of the e-mails, the dashboard's decisions and the sheets'
 * links, their inputs and their answers. Anything that does not fit an input is answered 400 before
 * the database is reached.
 */
import { z } from 'zod';
import { contractSchemas } from './requests';

export const numeroReservation = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
// code_manage is at least 32 characters in the schema (hex when generated).
export const codeManage = z.string().regex(/^[A-Za-z0-9_-]{32,256}$/);

export const linkParams = z.object({ numero_reservation: numeroReservation, code_manage: codeManage });

/** Spec §7's body; the owner's token authorises it, so code_manage is optional (and unused when sent). */
export const dashboardBody = z.object({
  numero_reservation: numeroReservation,
  code_manage: codeManage.optional(),
  restaurant_id: z.uuid(),
});

/**
 * A refusal or a cancellation from the dashboard: the reason (checked by the SQL function), its words, a
 * proposal; cancelling a paid reservation, what becomes of the acompte (refunded, with the amount, or
 * kept: amounts and rules checked by the SQL function).
 */
export const decisionBody = dashboardBody
  .extend({
    reason: z.string().max(40).optional(),
    reason_detail: z.string().max(500).optional(),
    proposal: z.string().max(200).optional(),
    deposit: z.enum(['refunded', 'kept']).optional(),
    /** Cents, as every payment figure (the dialog converts what the owner types in euros). */
    refund_amount_cents: z.number().int().optional(),
  })
  .register(contractSchemas, { id: 'DecisionBody' });

export const sheetParams = z.object({ numero_reservation: numeroReservation });
export const sheetQuery = z.object({ code: codeManage });

/**
 * What a decision answers (a link's, the dashboard's, an undo), and every refusal of these endpoints
 * (session, input, rate limit, database away): `message` in French says what happened and whether the
 * customer will be e-mailed.
 */
export const decisionAnswer = z
  .object({
    success: z.boolean(),
    numero_reservation_restaurateur: z.string().nullable().describe('The restaurant’s own number (R-0001…); null when no reservation was found.'),
    status: z.int().nullable().describe('The reservation’s status code as it now is (0 pending, 1 accepted, 2 rejected, 3 paid, 4 cancelled, 5 no-show).'),
    message: z.string().describe('In French, fit to show to the owner.'),
    code: z.string().optional().describe('`api_unavailable` while the database is away (503, Retry-After).'),
    email_queued: z.boolean().optional().describe('The customer’s e-mail of the decision is in the outbox (the sender sends it).'),
    warnings: z.array(z.string()).optional().describe('What the plan says of an acceptance, in French (a link’s acceptance refused for them: decide in the app).'),
    undo_until: z.string().optional().describe('A link’s decision can be undone until then (ISO 8601), its e-mail held meanwhile.'),
    app_path: z.string().optional().describe('Where the reservation is in the app, when the owner can decide there.'),
    feuille_cuisine_url: z.string().optional().describe('An accepted reservation’s kitchen sheet (PDF).'),
    feuille_salle_url: z.string().optional().describe('An accepted reservation’s dining-room sheet (PDF).'),
  })
  .register(contractSchemas, { id: 'DecisionAnswer' });

/** The links of an accepted or paid reservation's sheets, for its owner; or why not (`message`, in French). */
export const sheetLinksAnswer = z
  .union([
    decisionAnswer.pick({ numero_reservation_restaurateur: true, status: true }).extend({
      success: z.literal(true),
      feuille_cuisine_url: z.string().describe('The kitchen sheet (PDF): the link carries the reservation’s code, never cached.'),
      feuille_salle_url: z.string().describe('The dining-room sheet (PDF).'),
    }),
    decisionAnswer.pick({ numero_reservation_restaurateur: true, status: true, message: true, code: true }).extend({ success: z.literal(false) }),
  ])
  .register(contractSchemas, { id: 'SheetLinksAnswer' });

export type DecisionBody = z.input<typeof decisionBody>;
export type DecisionAnswer = z.output<typeof decisionAnswer>;
export type SheetLinksAnswer = z.output<typeof sheetLinksAnswer>;
