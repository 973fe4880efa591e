/**
 * Payments online (Stripe Connect, Standard accounts) on the reservation service: the owner connects
 * the restaurant's own Stripe account, the customer pays from their page's link, Stripe calls back
 * with signed events. The platform's keys stay on the service; the restaurant's account id is all
 * Tablée keeps.
 */
import { z } from 'zod';

export const stripeStatus = z
  .object({ configured: z.boolean().describe('Whether this service holds the platform’s Stripe keys: without them, online payment is off and transfers and payment links stay.') })
  .describe('Whether online payment can be offered.');

export const restaurantParams = z.object({ restaurant_id: z.uuid().describe('The restaurant’s id.') });

export const stripeConnectAnswer = z.object({ url: z.url().describe('Stripe’s page where the owner authorizes Tablée on their Stripe account (OAuth, Connect Standard).') });

export const stripeDisconnectAnswer = z.object({ disconnected: z.boolean().describe('Whether an account was connected (and is no longer).') });

export const stripeOAuthQuery = z.object({
  code: z.string().max(500).optional().describe('The authorization code Stripe gives back.'),
  state: z.string().max(200).optional().describe('The state Tablée sent (drawn by public.stripe_connect_begin).'),
  error: z.string().max(200).optional().describe('Set by Stripe when the owner declined.'),
  error_description: z.string().max(1000).optional(),
});

export const webhookAnswer = z.object({ received: z.boolean(), outcome: z.string().optional().describe('What applying the event did (public.stripe_apply_event).') });

/** An answer that is a redirection (303): the Location header says where. */
export const redirection = z.null().describe('No body: see the Location header.');

/** A page for a person (HTML, in French). */
export const htmlAnswer = z.string().describe('text/html; charset=utf-8: a short page in French.');

export const noShowFeeBody = z.object({
  numero_reservation: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  restaurant_id: z.uuid(),
});

export const noShowFeeAnswer = z.object({
  success: z.literal(true),
  outcome: z.enum(['charged', 'needs_authentication']).describe('charged: taken on the card; needs_authentication: the customer was sent a link to confirm it with their bank.'),
  amount_cents: z.number().int(),
  message: z.string().describe('In French, for the owner.'),
});
export type NoShowFeeAnswer = z.infer<typeof noShowFeeAnswer>;
