/**
 * local-stripe: a local server that answers the official `stripe` library as Stripe does, for the calls Tablée
 * makes (Connect OAuth, Checkout in payment and setup modes, off-session PaymentIntents, refunds, and the lists a
 * test reads them back with), and sends webhooks signed as Stripe signs them. Tests point the library at it;
 * nothing reaches Stripe.
 */
export { startLocalStripe, type Delivery, type LocalStripe, type LocalStripeOptions, type RecordedCall } from './server';
export { TEST_CARDS, type Card } from './ledger';
