import { z } from 'zod';

/** Shapes of the inputs; anything else is answered 400 before the database is reached. */
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
export const decisionBody = dashboardBody.extend({
  reason: z.string().max(40).optional(),
  reason_detail: z.string().max(500).optional(),
  proposal: z.string().max(200).optional(),
  deposit: z.enum(['refunded', 'kept']).optional(),
  refund_amount: z.number().finite().optional(),
});

export const sheetParams = z.object({ numero_reservation: numeroReservation });
export const sheetQuery = z.object({ code: codeManage });
