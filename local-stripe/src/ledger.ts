import Stripe from 'stripe';
import { ApiError, invalidParam, invalidRequest, missingParam, noSuch, PageError, type Json } from './errors';
import { newId, nowSeconds, randomToken } from './ids';
import { isObject, metadata, optionalBoolean, optionalEnum, optionalInteger, optionalList, optionalObject, optionalString, requiredInteger, requiredString, validUrl } from './params';

/** What one operation (an API call, a click on a hosted page) acts as and what it produced. */
export interface Context {
  /** The connected account acted on; null: the platform itself. */
  account: string | null;
  /** What Stripe puts in an event's `request`: the API call that caused it, nulls when a person did (a page's button). */
  request: { id: string | null; idempotency_key: string | null };
  /** The events this operation created, sent once its answer is. */
  events: Stripe.Event[];
}

export type Card = 'ok' | 'requires_authentication';

/** Stripe's test cards: 4242… always succeeds, 4000 0027 6000 3184 requires authentication (3-D Secure) every time. */
export const TEST_CARDS: Record<string, Card> = { '4242424242424242': 'ok', '4000002760003184': 'requires_authentication' };
const LAST4: Record<Card, string> = { ok: '4242', requires_authentication: '3184' };

/** Stripe refuses a charge under 50 cents (of euros, and of most currencies). */
const MINIMUM_AMOUNT = 50;

interface Stored {
  account: string | null;
  json: Json;
}

/** What a Checkout Session keeps that its API object does not show. */
interface SessionPrivate {
  lineItems: Json[];
  paymentIntentData: { metadata: Record<string, string>; description: string | null; setupFutureUsage: string | null };
  setupIntentData: { metadata: Record<string, string>; description: string | null };
}

export interface ConnectedAccount {
  json: Json;
  /** False once the platform deauthorized it (or it disconnected): calls on it are refused. */
  connected: boolean;
}

const money = (amount: number, currency: string) => (currency === 'eur' ? `€${(amount / 100).toFixed(2)}` : `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`);

/** The objects of every account and the rules of the calls Tablée makes; no HTTP here (server.ts). */
export class Ledger {
  readonly events: Stripe.Event[] = [];
  readonly accounts = new Map<string, ConnectedAccount>();
  private readonly objects = new Map<string, Stored>();
  private readonly sessions = new Map<string, SessionPrivate>();
  /** PaymentMethods saved with the card that asks for authentication on every payment, off-session ones included. */
  private readonly authenticationRequired = new Set<string>();

  constructor(private readonly options: { clientId: string; baseUrl: () => string; hasWebhookUrl: () => boolean }) {}

  // ——— Events ———

  /** An event as Stripe writes it; its data is a snapshot of the object now, as in Stripe (later changes are later events). */
  emit(ctx: Context, type: string, object: Json, previousAttributes?: Json, account = ctx.account): void {
    const event = {
      id: newId('evt_'),
      object: 'event',
      ...(account ? { account } : {}),
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: this.options.hasWebhookUrl() ? 1 : 0,
      request: ctx.request,
      type,
    };
    const snapshot: Stripe.Event = JSON.parse(JSON.stringify(event));
    this.events.push(snapshot);
    ctx.events.push(snapshot);
  }

  // ——— Storage ———

  private put(account: string | null, json: Json): Json {
    this.objects.set(String(json.id), { account, json });
    return json;
  }

  /** The object of that id if it is the account's: another account's object does not exist for it (404), as in Stripe. */
  get(account: string | null, id: string, object: string, noun: string, param?: string): Json {
    const stored = this.objects.get(id);
    if (!stored || stored.account !== account || stored.json.object !== object) throw noSuch(noun, id, param);
    return stored.json;
  }

  /** For `expand`: the object an id names, if the account may see it. */
  lookup(account: string | null, id: string): Json | undefined {
    const stored = this.objects.get(id);
    return stored && stored.account === account ? stored.json : undefined;
  }

  /** A Checkout Session's line items as the API lists them (GET …/line_items, expand[]=line_items). */
  lineItems(session: Json): Json {
    const data = this.sessions.get(String(session.id))?.lineItems ?? [];
    return { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${String(session.id)}/line_items` };
  }

  /**
   * A list call (GET /v1/<collection>): the account's objects of that kind, newest first, narrowed by the filters
   * Stripe offers for that list (each compared with the object's field of that name), one page of `limit` (1 to
   * 100, default 10) after `starting_after` or before `ending_before`, as the library's auto-pagination walks it.
   */
  list(account: string | null, object: string, url: string, body: Json, filters: readonly string[]): Json {
    for (const key of Object.keys(body)) {
      if (!['limit', 'starting_after', 'ending_before', 'expand', ...filters].includes(key)) {
        throw invalidRequest(`Received unknown parameter: ${key}. (local-stripe simulates the filters ${filters.join(', ') || 'none'} on ${url}.)`, { param: key });
      }
    }
    const limit = optionalInteger(body, 'limit') ?? 10;
    if (limit < 1) throw invalidParam('limit', 'This value must be greater than or equal to 1.');
    if (limit > 100) throw invalidParam('limit', 'This value must be less than or equal to 100.');
    const after = optionalString(body, 'starting_after');
    const before = optionalString(body, 'ending_before');
    if (after && before) throw invalidRequest('You may only specify one of these parameters: ending_before, starting_after.', { param: 'ending_before' });
    const wanted = filters.map((filter) => [filter, optionalString(body, filter)] as const).filter(([, value]) => value !== undefined);
    const all = [...this.objects.values()]
      .filter((stored) => stored.account === account && stored.json.object === object)
      .map((stored) => stored.json)
      .filter((json) => wanted.every(([filter, value]) => json[filter] === value))
      .reverse();
    const cursor = after ?? before;
    const at = cursor === undefined ? -1 : all.findIndex((json) => json.id === cursor);
    if (cursor !== undefined && at < 0) throw noSuch(object, cursor, after ? 'starting_after' : 'ending_before');
    const page = before ? all.slice(Math.max(0, at - limit), at) : all.slice(at + 1, at + 1 + limit);
    const hasMore = before ? at - limit > 0 : at + 1 + limit < all.length;
    return { object: 'list', data: page, has_more: hasMore, url };
  }

  // ——— Connect ———

  /** The account the owner creates on the OAuth page, connected to the platform. */
  createAccount(ctx: Context, name: string, email: string): Json {
    const id = newId('acct_', 16);
    const json: Json = {
      id,
      object: 'account',
      type: 'standard',
      business_profile: { name, mcc: '5812', support_email: email, url: null },
      business_type: 'company',
      capabilities: { card_payments: 'active', transfers: 'active' },
      charges_enabled: true,
      country: 'FR',
      created: nowSeconds(),
      default_currency: 'eur',
      details_submitted: true,
      email,
      metadata: {},
      payouts_enabled: true,
      settings: { dashboard: { display_name: name, timezone: 'Europe/Paris' } },
    };
    this.accounts.set(id, { json, connected: true });
    this.emit(ctx, 'account.application.authorized', this.application(), undefined, id);
    return json;
  }

  deauthorize(ctx: Context, id: string): void {
    const account = this.accounts.get(id);
    if (!account) return;
    account.connected = false;
    this.emit(ctx, 'account.application.deauthorized', this.application(), undefined, id);
  }

  private application(): Json {
    return { id: this.options.clientId, object: 'application', name: 'Tablée' };
  }

  // ——— Checkout ———

  createCheckoutSession(ctx: Context, body: Json): Json {
    const mode = optionalEnum(body, 'mode', ['payment', 'setup', 'subscription'] as const);
    if (!mode) throw missingParam('mode');
    if (mode === 'subscription') throw invalidParam('mode', 'local-stripe simulates the payment and setup modes only.');
    const successUrl = validUrl(requiredString(body, 'success_url'), 'success_url');
    const cancelUrl = validUrl(optionalString(body, 'cancel_url'), 'cancel_url') ?? null;
    const clientReferenceId = optionalString(body, 'client_reference_id') ?? null;
    if (clientReferenceId && clientReferenceId.length > 200) throw invalidParam('client_reference_id', 'client_reference_id can have up to 200 characters.');
    const customerEmail = optionalString(body, 'customer_email') ?? null;
    const customer = optionalString(body, 'customer') ?? null;
    if (customer && customerEmail) throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', { param: 'customer_email' });
    if (customer) this.get(ctx.account, customer, 'customer', 'customer', 'customer');
    const customerCreation = optionalEnum(body, 'customer_creation', ['always', 'if_required'] as const) ?? null;
    const created = nowSeconds();
    const expiresAt = optionalInteger(body, 'expires_at') ?? created + 24 * 3600;
    // Stripe's bounds, with a few seconds for a caller that asked for exactly 30 minutes a moment before the call.
    if (expiresAt < created + 30 * 60 - 10 || expiresAt > created + 24 * 3600) {
      throw invalidParam('expires_at', 'The `expires_at` timestamp must be at least 30 minutes and at most 24 hours from Checkout Session creation.');
    }
    const sessionMetadata = metadata(body);
    const id = newId('cs_test_', 58);

    let currency: string | null = null;
    let amount: number | null = null;
    const extras: SessionPrivate = {
      lineItems: [],
      paymentIntentData: { metadata: {}, description: null, setupFutureUsage: null },
      setupIntentData: { metadata: {}, description: null },
    };
    if (mode === 'payment') {
      const items = optionalList(body, 'line_items');
      if (!items || items.length === 0) throw missingParam('line_items');
      amount = 0;
      for (const [index, item] of items.entries()) {
        const label = `line_items[${index}]`;
        if (!isObject(item)) throw invalidParam(label, 'Invalid object');
        const price = optionalString(item, 'price', `${label}[price]`);
        if (price) throw noSuch('price', price, `${label}[price]`);
        const quantity = requiredInteger(item, 'quantity', `${label}[quantity]`);
        if (quantity < 1) throw invalidParam(`${label}[quantity]`, 'Quantity must be at least 1.');
        const priceData = optionalObject(item, 'price_data', `${label}[price_data]`);
        if (!priceData) throw missingParam(`${label}[price_data]`);
        const itemCurrency = requiredString(priceData, 'currency', `${label}[price_data][currency]`).toLowerCase();
        if (!/^[a-z]{3}$/.test(itemCurrency)) throw invalidParam(`${label}[price_data][currency]`, `Invalid currency: ${itemCurrency}.`);
        if (currency && currency !== itemCurrency) throw invalidParam('line_items', 'All line items must have the same currency.');
        currency = itemCurrency;
        const unitAmount = requiredInteger(priceData, 'unit_amount', `${label}[price_data][unit_amount]`);
        if (unitAmount < 0) throw invalidParam(`${label}[price_data][unit_amount]`, 'This value must be greater than or equal to 0.');
        const product = optionalObject(priceData, 'product_data', `${label}[price_data][product_data]`);
        if (!product) throw missingParam(`${label}[price_data][product_data]`);
        const name = requiredString(product, 'name', `${label}[price_data][product_data][name]`);
        const description = optionalString(product, 'description', `${label}[price_data][product_data][description]`) ?? null;
        amount += unitAmount * quantity;
        extras.lineItems.push({
          id: newId('li_'),
          object: 'item',
          amount_discount: 0,
          amount_subtotal: unitAmount * quantity,
          amount_tax: 0,
          amount_total: unitAmount * quantity,
          currency: itemCurrency,
          description: name,
          price: {
            id: newId('price_'),
            object: 'price',
            active: false,
            currency: itemCurrency,
            product: { id: newId('prod_', 14), object: 'product', name, description },
            type: 'one_time',
            unit_amount: unitAmount,
          },
          quantity,
        });
      }
      if (amount < MINIMUM_AMOUNT)
        throw invalidParam('line_items', `The Checkout Session's total amount due must add up to at least ${money(MINIMUM_AMOUNT, currency ?? 'eur')}.`, 'amount_too_small');
      const intentData = optionalObject(body, 'payment_intent_data') ?? {};
      extras.paymentIntentData = {
        metadata: metadata(intentData, 'metadata', 'payment_intent_data[metadata]'),
        description: optionalString(intentData, 'description', 'payment_intent_data[description]') ?? null,
        setupFutureUsage: optionalEnum(intentData, 'setup_future_usage', ['on_session', 'off_session'] as const, 'payment_intent_data[setup_future_usage]') ?? null,
      };
    } else {
      if (body.line_items !== undefined) throw invalidParam('line_items', 'You cannot pass `line_items` in `setup` mode.');
      const setupCurrency = optionalString(body, 'currency');
      currency = setupCurrency ? setupCurrency.toLowerCase() : null;
      const intentData = optionalObject(body, 'setup_intent_data') ?? {};
      extras.setupIntentData = {
        metadata: metadata(intentData, 'metadata', 'setup_intent_data[metadata]'),
        description: optionalString(intentData, 'description', 'setup_intent_data[description]') ?? null,
      };
    }
    this.sessions.set(id, extras);
    return this.put(ctx.account, {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: cancelUrl,
      client_reference_id: clientReferenceId,
      created,
      currency,
      customer,
      customer_creation: customerCreation,
      customer_details: null,
      customer_email: customerEmail,
      expires_at: expiresAt,
      livemode: false,
      locale: optionalString(body, 'locale') ?? null,
      metadata: sessionMetadata,
      mode,
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: mode === 'payment' ? 'unpaid' : 'no_payment_required',
      setup_intent: null,
      status: 'open',
      success_url: successUrl,
      ui_mode: 'hosted',
      url: `${this.options.baseUrl()}/c/pay/${id}`,
    });
  }

  /** A session of any account, for its hosted page (whose address is its only key), expired first if its time has passed. */
  sessionForPage(ctx: Context, id: string): Json | undefined {
    const stored = this.objects.get(id);
    if (!stored || stored.json.object !== 'checkout.session') return undefined;
    ctx.account = stored.account;
    this.expireIfDue(ctx, stored.json);
    return stored.json;
  }

  /** Stripe expires an open session once its expires_at has passed: here when it is next looked at. */
  expireIfDue(ctx: Context, session: Json): void {
    if (session.status === 'open' && nowSeconds() >= Number(session.expires_at)) this.markExpired(ctx, session);
  }

  /** GET /v1/checkout/sessions: the account's sessions (expired first if their time has passed, as a retrieval would). */
  listCheckoutSessions(ctx: Context, body: Json): Json {
    for (const stored of this.objects.values()) if (stored.account === ctx.account && stored.json.object === 'checkout.session') this.expireIfDue(ctx, stored.json);
    optionalEnum(body, 'status', ['open', 'complete', 'expired'] as const);
    return this.list(ctx.account, 'checkout.session', '/v1/checkout/sessions', body, ['customer', 'payment_intent', 'status']);
  }

  expireSession(ctx: Context, id: string): Json {
    const session = this.get(ctx.account, id, 'checkout.session', 'checkout.session');
    this.expireIfDue(ctx, session);
    if (session.status !== 'open') throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired; this one is ${String(session.status)}.`, { param: 'session' });
    this.markExpired(ctx, session);
    return session;
  }

  private markExpired(ctx: Context, session: Json): void {
    Object.assign(session, { status: 'expired', url: null });
    this.emit(ctx, 'checkout.session.expired', session);
  }

  /** What the hosted page's button does: the customer pays (payment mode) or saves a card (setup mode). */
  pay(ctx: Context, id: string, options: { card?: Card; email?: string } = {}): Json {
    const session = this.sessionForPage(ctx, id);
    if (!session) throw new PageError(404, `Session de paiement inconnue : ${id}`);
    if (session.status === 'expired') throw new PageError(410, 'Cette session de paiement a expiré.');
    if (session.status === 'complete') throw new PageError(409, session.mode === 'setup' ? 'Cette carte a déjà été enregistrée.' : 'Ce paiement a déjà été effectué.');
    const card = options.card ?? 'ok';
    const email = options.email ?? (session.customer_email as string | null) ?? 'client@example.com';
    const extras = this.sessions.get(id);
    if (!extras) throw new PageError(404, `Session de paiement inconnue : ${id}`);
    const account = ctx.account;
    const customerDetails = { address: null, email, name: null, phone: null, tax_exempt: 'none', tax_ids: [] };

    if (session.mode === 'setup') {
      const customer = (session.customer as string | null) ?? String(this.createCustomer(account, email).id);
      const paymentMethod = this.createPaymentMethod(account, card, customer, email);
      const setupIntent = this.put(account, {
        id: newId('seti_'),
        object: 'setup_intent',
        client_secret: null,
        created: nowSeconds(),
        customer,
        description: extras.setupIntentData.description,
        last_setup_error: null,
        livemode: false,
        metadata: extras.setupIntentData.metadata,
        next_action: null,
        payment_method: paymentMethod.id,
        payment_method_types: ['card'],
        status: 'succeeded',
        usage: 'off_session',
      });
      setupIntent.client_secret = `${String(setupIntent.id)}_secret_${randomToken(24)}`;
      Object.assign(session, { status: 'complete', setup_intent: setupIntent.id, customer, customer_details: customerDetails, url: null });
    } else {
      let customer = session.customer as string | null;
      if (!customer && session.customer_creation === 'always') customer = String(this.createCustomer(account, email).id);
      // Checkout attaches the card to the customer only when asked to keep it for later.
      const keep = Boolean(customer && extras.paymentIntentData.setupFutureUsage);
      const paymentMethod = this.createPaymentMethod(account, card, keep ? customer : null, email);
      const intent = this.succeededPayment(account, {
        amount: Number(session.amount_total),
        currency: String(session.currency),
        customer,
        paymentMethod,
        metadata: extras.paymentIntentData.metadata,
        description: extras.paymentIntentData.description,
      });
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id, customer, customer_details: customerDetails, url: null });
    }
    this.emit(ctx, 'checkout.session.completed', session);
    return session;
  }

  private createCustomer(account: string | null, email: string | null): Json {
    return this.put(account, {
      id: newId('cus_', 14),
      object: 'customer',
      created: nowSeconds(),
      email,
      invoice_settings: { default_payment_method: null },
      livemode: false,
      metadata: {},
      name: null,
    });
  }

  private createPaymentMethod(account: string | null, card: Card, customer: string | null, email: string | null): Json {
    const json = this.put(account, {
      id: newId('pm_'),
      object: 'payment_method',
      billing_details: { address: null, email, name: null, phone: null },
      card: {
        brand: 'visa',
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        display_brand: 'visa',
        exp_month: 12,
        exp_year: new Date().getFullYear() + 3,
        funding: 'credit',
        last4: LAST4[card],
        three_d_secure_usage: { supported: true },
      },
      created: nowSeconds(),
      customer,
      livemode: false,
      metadata: {},
      type: 'card',
    });
    if (card === 'requires_authentication') this.authenticationRequired.add(String(json.id));
    return json;
  }

  // ——— Payments ———

  private newIntent(
    account: string | null,
    fields: { amount: number; currency: string; customer: string | null; paymentMethod: string | null; metadata: Record<string, string>; description: string | null; status: string },
  ): Json {
    const id = newId('pi_');
    return this.put(account, {
      id,
      object: 'payment_intent',
      amount: fields.amount,
      amount_capturable: 0,
      amount_received: 0,
      canceled_at: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${randomToken(24)}`,
      confirmation_method: 'automatic',
      created: nowSeconds(),
      currency: fields.currency,
      customer: fields.customer,
      description: fields.description,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: fields.metadata,
      next_action: null,
      payment_method: fields.paymentMethod,
      payment_method_types: ['card'],
      status: fields.status,
    });
  }

  private newCharge(intent: Json, account: string | null, paymentMethod: Json, outcome: 'succeeded' | 'authentication_required'): Json {
    const id = newId('ch_');
    const succeeded = outcome === 'succeeded';
    const amount = Number(intent.amount);
    return this.put(account, {
      id,
      object: 'charge',
      amount,
      amount_captured: succeeded ? amount : 0,
      amount_refunded: 0,
      balance_transaction: null,
      billing_details: paymentMethod.billing_details,
      captured: succeeded,
      created: nowSeconds(),
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      disputed: false,
      failure_code: succeeded ? null : 'authentication_required',
      failure_message: succeeded ? null : 'Your card was declined. This transaction requires authentication.',
      livemode: false,
      metadata: intent.metadata,
      outcome: succeeded
        ? { network_status: 'approved_by_network', reason: null, seller_message: 'Payment complete.', type: 'authorized' }
        : { network_status: 'declined_by_network', reason: 'authentication_required', seller_message: 'The bank declined the payment: it requires authentication.', type: 'issuer_declined' },
      paid: succeeded,
      payment_intent: intent.id,
      payment_method: paymentMethod.id,
      payment_method_details: { card: { ...(paymentMethod.card as Json) }, type: 'card' },
      receipt_url: null,
      refunded: false,
      refunds: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/charges/${id}/refunds` },
      status: succeeded ? 'succeeded' : 'failed',
    });
  }

  private succeededPayment(
    account: string | null,
    fields: { amount: number; currency: string; customer: string | null; paymentMethod: Json; metadata: Record<string, string>; description: string | null },
  ): Json {
    const intent = this.newIntent(account, { ...fields, paymentMethod: String(fields.paymentMethod.id), status: 'succeeded' });
    const charge = this.newCharge(intent, account, fields.paymentMethod, 'succeeded');
    Object.assign(intent, { amount_received: intent.amount, latest_charge: charge.id });
    return intent;
  }

  /** POST /v1/payment_intents: Tablée's off-session charge of a saved card (confirm=true, off_session=true). */
  createPaymentIntent(ctx: Context, body: Json): Json {
    const amount = requiredInteger(body, 'amount');
    if (amount < 1) throw invalidParam('amount', 'This value must be greater than or equal to 1.');
    const currency = requiredString(body, 'currency').toLowerCase();
    if (amount < MINIMUM_AMOUNT) throw invalidParam('amount', `Amount must be at least ${money(MINIMUM_AMOUNT, currency)}`, 'amount_too_small');
    const customer = optionalString(body, 'customer') ?? null;
    if (customer) this.get(ctx.account, customer, 'customer', 'customer', 'customer');
    const paymentMethodId = optionalString(body, 'payment_method') ?? null;
    const paymentMethod = paymentMethodId ? this.get(ctx.account, paymentMethodId, 'payment_method', 'PaymentMethod', 'payment_method') : null;
    if (paymentMethod?.customer && paymentMethod.customer !== customer) {
      throw invalidParam(
        'payment_method',
        `The PaymentMethod ${String(paymentMethod.id)} belongs to the Customer ${String(paymentMethod.customer)}. Please include the Customer in the \`customer\` parameter on the PaymentIntent.`,
      );
    }
    const confirm = optionalBoolean(body, 'confirm') ?? false;
    const offSession = optionalBoolean(body, 'off_session') ?? false;
    if (offSession && !confirm) throw invalidParam('off_session', '`off_session` can only be used when `confirm` is true.');
    if (confirm && !paymentMethod) throw invalidParam('payment_method', "You cannot confirm this PaymentIntent because it's missing a payment method.");
    const fields = { amount, currency, customer, metadata: metadata(body), description: optionalString(body, 'description') ?? null };

    if (!confirm || !paymentMethod) {
      return this.newIntent(ctx.account, { ...fields, paymentMethod: paymentMethodId, status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method' });
    }
    if (this.authenticationRequired.has(String(paymentMethod.id))) {
      if (!offSession) {
        // On-session, the customer would go through 3-D Secure in the browser (Stripe.js): the intent waits for it.
        return this.newIntent(ctx.account, { ...fields, paymentMethod: paymentMethodId, status: 'requires_action' });
      }
      // Off-session nobody can authenticate: the bank declines, Stripe answers 402 with the intent in the error.
      const intent = this.newIntent(ctx.account, { ...fields, paymentMethod: null, status: 'requires_payment_method' });
      const charge = this.newCharge(intent, ctx.account, paymentMethod, 'authentication_required');
      const lastError = {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        charge: charge.id,
        message: 'Your card was declined. This transaction requires authentication.',
        payment_method: paymentMethod,
      };
      Object.assign(intent, { latest_charge: charge.id, last_payment_error: lastError });
      this.emit(ctx, 'payment_intent.payment_failed', intent);
      throw new ApiError(402, { ...lastError, payment_intent: intent });
    }
    const intent = this.succeededPayment(ctx.account, { ...fields, paymentMethod });
    this.emit(ctx, 'payment_intent.succeeded', intent);
    return intent;
  }

  /** POST /v1/refunds: all or part of what is left of a charge, found by itself or by its PaymentIntent. */
  createRefund(ctx: Context, body: Json): Json {
    const intentId = optionalString(body, 'payment_intent');
    const chargeId = optionalString(body, 'charge');
    if (!intentId && !chargeId) throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.');
    let charge: Json;
    if (intentId) {
      const intent = this.get(ctx.account, intentId, 'payment_intent', 'payment_intent', 'payment_intent');
      if (intent.status !== 'succeeded' || !intent.latest_charge) {
        throw invalidParam('payment_intent', `This PaymentIntent (${intentId}) does not have a successful charge to refund.`, 'charge_not_refundable');
      }
      charge = this.get(ctx.account, String(intent.latest_charge), 'charge', 'charge', 'payment_intent');
      if (chargeId && chargeId !== charge.id) throw invalidParam('charge', `The charge ${chargeId} is not the charge of the PaymentIntent ${intentId}.`);
    } else {
      charge = this.get(ctx.account, String(chargeId), 'charge', 'charge', 'charge');
      if (charge.status !== 'succeeded') throw invalidParam('charge', `Charge ${String(chargeId)} has not succeeded: there is nothing to refund.`, 'charge_not_refundable');
    }
    const left = Number(charge.amount_captured) - Number(charge.amount_refunded);
    const currency = String(charge.currency);
    if (left === 0) throw invalidRequest(`Charge ${String(charge.id)} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = optionalInteger(body, 'amount') ?? left;
    if (amount < 1) throw invalidParam('amount', 'Refund amount must be greater than 0.');
    if (amount > left) {
      throw invalidParam('amount', `Refund amount (${money(amount, currency)}) is greater than unrefunded amount on charge (${money(left, currency)})`, 'amount_too_large');
    }
    const reason = optionalEnum(body, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null;
    const refund = this.put(ctx.account, {
      id: newId('re_'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: nowSeconds(),
      currency,
      metadata: metadata(body),
      payment_intent: charge.payment_intent,
      reason,
      status: 'succeeded',
    });
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    const refunds = charge.refunds as { data: Json[]; total_count: number };
    refunds.data.unshift(refund);
    refunds.total_count += 1;
    Object.assign(charge, { amount_refunded: Number(charge.amount_refunded) + amount, refunded: Number(charge.amount_refunded) + amount === Number(charge.amount_captured) });
    this.emit(ctx, 'charge.refunded', charge, previous);
    return refund;
  }
}
