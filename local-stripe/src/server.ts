import http from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';
import { ApiError, invalidParam, invalidRequest, noSuch, OAuthError, PageError, type Json } from './errors';
import { newId, randomToken } from './ids';
import { Ledger, TEST_CARDS, type Card, type Context } from './ledger';
import { authorizePage, checkoutPage, errorPage, type AuthorizeRequest } from './pages';
import { isObject, optionalList } from './params';
import { post, sign } from './webhooks';

export interface LocalStripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** The platform's Connect client id (ca_…): the only one the OAuth pages and calls accept. */
  clientId: string;
  webhookUrl?: string;
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
  /** Port to listen on (default 0: a free one). */
  port?: number;
}

/** One call to the API (/v1, /oauth/token, /oauth/deauthorize) as it arrived, its parameters parsed as Stripe parses them. */
export interface RecordedCall {
  method: string;
  path: string;
  account?: string;
  idempotencyKey?: string;
  body: Record<string, unknown>;
}

/** One POST to the webhook endpoint: its answer's status, or why there was none. */
export interface Delivery {
  eventId: string | null;
  url: string;
  status?: number;
  error?: string;
}

export interface LocalStripe {
  /** http://127.0.0.1:<port>: give it to createStripeClient as apiBase. */
  url: string;
  setWebhookUrl(url: string): void;
  calls: RecordedCall[];
  /** Every event, in the order they happened, sent or held (or only recorded, without a webhook URL). */
  events: Stripe.Event[];
  /** Every webhook POST (events, resends, deliver()), failed ones included: a failed delivery is recorded, never thrown. */
  deliveries: Delivery[];
  /** Keeps the next events instead of sending them, until releaseWebhooks(). */
  holdWebhooks(): void;
  /** Sends the held events one after the other (optionally last first), resolves once each was answered or failed, and stops holding. */
  releaseWebhooks(order?: 'sent' | 'reversed'): Promise<void>;
  /** Sends an event again, newly signed, as Stripe's retries do. */
  resend(eventId: string): Promise<Response>;
  /** POSTs any event to the webhook URL, signed with the webhook secret unless a signature is given (null: no Stripe-Signature header). */
  deliver(event: object, options?: { signature?: string | null }): Promise<Response>;
  /** What the hosted page's button does, for tests without a browser; resolves once its event was delivered. */
  pay(sessionId: string, options?: { card?: Card; email?: string }): Promise<void>;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;
/** Stripe's bracket syntax, with room for long lists (qs turns indexes above arrayLimit into object keys). */
const QS_OPTIONS = { depth: 20, arrayLimit: 1000, parameterLimit: 10_000 };

/** What `/v1/<collection>/:id` retrieves: the object's `object` and the noun of its 404. */
const RETRIEVABLE: Record<string, [string, string]> = {
  payment_intents: ['payment_intent', 'payment_intent'],
  setup_intents: ['setup_intent', 'setup_intent'],
  charges: ['charge', 'charge'],
  refunds: ['refund', 'refund'],
  customers: ['customer', 'customer'],
  payment_methods: ['payment_method', 'PaymentMethod'],
};

/** What `GET /v1/<collection>` lists (besides Checkout Sessions): the object's `object` and the filters Stripe offers on that list. */
const LISTABLE: Record<string, [string, readonly string[]]> = {
  payment_intents: ['payment_intent', ['customer']],
  refunds: ['refund', ['payment_intent', 'charge']],
};

/** A key's start and end only, as Stripe quotes one in its errors. */
const redact = (key: string) => (key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(Math.min(key.length - 12, 20))}${key.slice(-4)}` : '****');

/** A stable serialisation: the same parameters in another order are the same request for idempotency. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const header = (req: http.IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function readBody(req: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendHtml(res: http.ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(html) });
  res.end(html);
}

function redirect(res: http.ServerResponse, location: string): void {
  res.writeHead(303, { location, 'content-length': 0 });
  res.end();
}

interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
}

class LocalStripeServer implements LocalStripe {
  url = '';
  readonly calls: RecordedCall[] = [];
  readonly deliveries: Delivery[] = [];
  private readonly ledger: Ledger;
  private readonly server: http.Server;
  private webhookUrl: string | undefined;
  private holding = false;
  private held: Stripe.Event[] = [];
  /** Deliveries go one after the other, in the order of the events. */
  private queue: Promise<void> = Promise.resolve();
  private readonly aborter = new AbortController();
  private closed = false;
  private readonly idempotency = new Map<string, StoredAnswer>();
  private readonly codes = new Map<string, { account: string; scope: string; used: boolean }>();
  private readonly accessTokens = new Map<string, string>();
  private readonly refreshTokens = new Map<string, { account: string; scope: string }>();
  private readonly platform: Json;

  constructor(private readonly options: LocalStripeOptions) {
    this.webhookUrl = options.webhookUrl;
    this.ledger = new Ledger({ clientId: options.clientId, baseUrl: () => this.url, hasWebhookUrl: () => Boolean(this.webhookUrl) });
    this.platform = {
      id: newId('acct_', 16),
      object: 'account',
      business_profile: { name: 'Tablée' },
      charges_enabled: true,
      country: 'FR',
      default_currency: 'eur',
      settings: { dashboard: { display_name: 'Tablée', timezone: 'Europe/Paris' } },
    };
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        // A bug of this server, not an answer Stripe would give: said plainly, and not to be retried by the library.
        if (res.headersSent) return res.destroy();
        const body = JSON.stringify({ error: { type: 'api_error', message: `local-stripe: ${error instanceof Error ? error.message : String(error)}` } });
        res.writeHead(500, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
        res.end(body);
      });
    });
  }

  get events(): Stripe.Event[] {
    return this.ledger.events;
  }

  async listen(): Promise<void> {
    const host = this.options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port ?? 0, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const { port } = this.server.address() as AddressInfo;
    const shown = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    this.url = `http://${shown}:${port}`;
  }

  setWebhookUrl(url: string): void {
    this.webhookUrl = url;
  }

  holdWebhooks(): void {
    this.holding = true;
  }

  releaseWebhooks(order: 'sent' | 'reversed' = 'sent'): Promise<void> {
    const events = this.held.splice(0);
    this.holding = false;
    return this.enqueue(order === 'reversed' ? events.reverse() : events);
  }

  async resend(eventId: string): Promise<Response> {
    const event = this.events.find((candidate) => candidate.id === eventId);
    if (!event) throw new Error(`local-stripe : aucun événement ${eventId}`);
    const payload = JSON.stringify(event, null, 2);
    return this.post(event.id, payload, sign(payload, this.options.webhookSecret));
  }

  deliver(event: object, options: { signature?: string | null } = {}): Promise<Response> {
    const payload = JSON.stringify(event, null, 2);
    const id = 'id' in event && typeof event.id === 'string' ? event.id : null;
    return this.post(id, payload, options.signature === undefined ? sign(payload, this.options.webhookSecret) : options.signature);
  }

  async pay(sessionId: string, options: { card?: Card; email?: string } = {}): Promise<void> {
    const ctx = this.context(null, null, null);
    try {
      this.ledger.pay(ctx, sessionId, options);
    } finally {
      await this.dispatch(ctx.events);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.aborter.abort();
    await this.queue;
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      // Clients keep their connections alive (stripe-node does): closed here, or close() would wait for them.
      this.server.closeAllConnections();
    });
  }

  // ——— Webhooks ———

  private context(account: string | null, requestId: string | null, idempotencyKey: string | null): Context {
    return { account, request: { id: requestId, idempotency_key: idempotencyKey }, events: [] };
  }

  private dispatch(events: Stripe.Event[]): Promise<void> {
    if (events.length === 0) return Promise.resolve();
    if (this.holding) {
      this.held.push(...events);
      return Promise.resolve();
    }
    return this.enqueue(events);
  }

  private enqueue(events: Stripe.Event[]): Promise<void> {
    const run = this.queue.then(async () => {
      for (const event of events) {
        const url = this.webhookUrl;
        if (!url || this.closed) continue;
        const payload = JSON.stringify(event, null, 2);
        await this.post(event.id, payload, sign(payload, this.options.webhookSecret)).catch(() => undefined);
      }
    });
    this.queue = run;
    return run;
  }

  private async post(eventId: string | null, payload: string, signature: string | null): Promise<Response> {
    const url = this.webhookUrl;
    if (!url) throw new Error('local-stripe : aucune adresse de webhook (webhookUrl ou setWebhookUrl)');
    try {
      const response = await post(url, payload, signature, this.aborter.signal);
      this.deliveries.push({ eventId, url, status: response.status });
      return response;
    } catch (error) {
      this.deliveries.push({ eventId, url, error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }

  // ——— HTTP ———

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local-stripe');
    const method = (req.method ?? 'GET').toUpperCase();
    const raw = await readBody(req);
    const path = url.pathname;
    if (path.startsWith('/v1/') || path === '/oauth/token' || path === '/oauth/deauthorize') return this.api(req, res, method, path, url, raw);
    if (path === '/oauth/authorize') return this.authorize(res, method, method === 'POST' ? new URLSearchParams(raw ?? '') : url.searchParams);
    const pay = /^\/c\/pay\/([^/]+)$/.exec(path);
    if (pay) return this.checkout(res, method, decodeURIComponent(pay[1]), new URLSearchParams(raw ?? ''));
    sendHtml(res, 404, errorPage('Page introuvable', `local-stripe ne sert pas ${path}.`));
  }

  private async api(req: http.IncomingMessage, res: http.ServerResponse, method: string, path: string, url: URL, raw: string | null): Promise<void> {
    const body: Json = method === 'POST' ? qs.parse(raw ?? '', QS_OPTIONS) : qs.parse(url.search.slice(1), QS_OPTIONS);
    const accountHeader = header(req, 'stripe-account') ?? header(req, 'stripe-context');
    const idempotencyKey = header(req, 'idempotency-key');
    this.calls.push({ method, path, ...(accountHeader ? { account: accountHeader } : {}), ...(idempotencyKey ? { idempotencyKey } : {}), body });

    const requestId = newId('req_', 14);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': requestId,
      'stripe-version': header(req, 'stripe-version') ?? Stripe.API_VERSION,
      ...(accountHeader ? { 'stripe-account': accountHeader } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    };
    const answer = (status: number, json: unknown, extra: Record<string, string> = {}) => {
      const text = JSON.stringify(json, null, 2);
      res.writeHead(status, { ...headers, ...extra, 'content-length': String(Buffer.byteLength(text)) });
      res.end(text);
      return text;
    };
    if (raw === null) {
      answer(413, { error: { type: 'invalid_request_error', message: `Request bodies are limited to ${MAX_BODY_BYTES} bytes.` } });
      return;
    }

    const oauth = path.startsWith('/oauth/');
    let account: string | null;
    try {
      account = this.authenticate(header(req, 'authorization'), accountHeader, oauth);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      answer(error.status, { error: error.error });
      return;
    }

    // Stripe keeps an answer per key (and account) and gives it back for the same request; the library keys every POST.
    const slot = method === 'POST' && idempotencyKey && !oauth ? `${account ?? ''} ${idempotencyKey}` : null;
    const fingerprint = `${method} ${path} ${stable(body)}`;
    const stored = slot ? this.idempotency.get(slot) : undefined;
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        answer(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
        return;
      }
      res.writeHead(stored.status, { ...headers, 'idempotent-replayed': 'true', 'original-request': stored.requestId, 'content-length': String(Buffer.byteLength(stored.body)) });
      res.end(stored.body);
      return;
    }

    const ctx = this.context(account, requestId, idempotencyKey ?? null);
    // Events leave once the answer of the call that caused them has (never before it).
    res.once('close', () => void this.dispatch(ctx.events));
    let status = 200;
    let json: unknown;
    try {
      json = this.route(ctx, method, path, body);
    } catch (error) {
      if (error instanceof ApiError) {
        status = error.status;
        json = { error: error.error };
      } else if (error instanceof OAuthError) {
        status = error.status;
        json = { error: error.error, error_description: error.description };
      } else throw error;
    }
    const text = answer(status, json);
    // What ran is kept (a card declined included); a refused request (bad parameters, missing object) is not, as in Stripe.
    if (slot && (status < 400 || status === 402)) this.idempotency.set(slot, { fingerprint, status, body: text, requestId });
  }

  /** The account a call acts on (null: the platform), or why it may not be made. */
  private authenticate(authorization: string | undefined, accountHeader: string | undefined, oauth: boolean): string | null {
    const match = /^(Bearer|Basic)\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) {
      throw new ApiError(401, {
        type: 'authentication_error',
        message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    const key = match[1].toLowerCase() === 'basic' ? Buffer.from(match[2], 'base64').toString('utf8').replace(/:.*$/, '') : match[2];
    // A connected account's access token (from /oauth/token) is a secret key of that account, as in Stripe.
    const tokenAccount = oauth ? undefined : this.accessTokens.get(key);
    const connectedByToken = tokenAccount && this.ledger.accounts.get(tokenAccount)?.connected;
    if (key !== this.options.secretKey && !connectedByToken) throw new ApiError(401, { type: 'authentication_error', message: `Invalid API Key provided: ${redact(key)}` });
    const account = accountHeader ?? tokenAccount ?? null;
    if (account && (!this.ledger.accounts.get(account)?.connected || (tokenAccount && account !== tokenAccount))) {
      throw invalidRequest(`The provided key '${redact(key)}' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`, {
        code: 'account_invalid',
        status: 403,
      });
    }
    return account;
  }

  private route(ctx: Context, method: string, path: string, body: Json): unknown {
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    const expand = (json: Json) => this.expand(ctx, json, body);
    const [root, collection, id] = parts;
    if (root === 'oauth') {
      if (method === 'POST' && collection === 'token') return this.token(body);
      if (method === 'POST' && collection === 'deauthorize') return this.deauthorize(ctx, body);
    } else if (method === 'GET' && collection === 'account' && parts.length === 2) {
      return expand(ctx.account ? (this.ledger.accounts.get(ctx.account)?.json ?? this.platform) : this.platform);
    } else if (method === 'GET' && collection === 'accounts' && parts.length === 3) {
      const account = this.ledger.accounts.get(id);
      if (!account?.connected || (ctx.account && ctx.account !== id)) throw noSuch('account', id);
      return expand(account.json);
    } else if (collection === 'checkout' && id === 'sessions') {
      const [, , , sessionId, sub] = parts;
      if (method === 'POST' && parts.length === 3) return expand(this.ledger.createCheckoutSession(ctx, body));
      if (method === 'GET' && parts.length === 3) return expand(this.ledger.listCheckoutSessions(ctx, body));
      if (sessionId && parts.length <= 5) {
        const session = this.ledger.get(ctx.account, sessionId, 'checkout.session', 'checkout.session');
        if (method === 'GET' && !sub) {
          this.ledger.expireIfDue(ctx, session);
          return expand(session);
        }
        if (method === 'GET' && sub === 'line_items') return this.ledger.lineItems(session);
        if (method === 'POST' && sub === 'expire') return expand(this.ledger.expireSession(ctx, sessionId));
      }
    } else if (method === 'POST' && collection === 'payment_intents' && parts.length === 2) {
      return expand(this.ledger.createPaymentIntent(ctx, body));
    } else if (method === 'POST' && collection === 'refunds' && parts.length === 2) {
      return expand(this.ledger.createRefund(ctx, body));
    } else if (method === 'GET' && LISTABLE[collection] && parts.length === 2) {
      const [object, filters] = LISTABLE[collection];
      return expand(this.ledger.list(ctx.account, object, `/v1/${collection}`, body, filters));
    } else if (method === 'GET' && collection === 'events' && parts.length === 3) {
      const event = this.events.find((candidate) => candidate.id === id && (candidate.account ?? null) === ctx.account);
      if (!event) throw noSuch('event', id);
      return event;
    } else if (method === 'GET' && RETRIEVABLE[collection] && parts.length === 3) {
      const [object, noun] = RETRIEVABLE[collection];
      return expand(this.ledger.get(ctx.account, id, object, noun));
    }
    throw invalidRequest(
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/. (local-stripe simulates only the calls Tablée makes.)`,
      { status: 404 },
    );
  }

  /** `expand[]`: ids replaced by their objects (dotted paths go deeper), on a copy; line_items of a session from its private list. */
  private expand(ctx: Context, json: Json, body: Json): Json {
    const paths = optionalList(body, 'expand') ?? [];
    if (paths.length === 0) return json;
    const out = structuredClone(json);
    paths.forEach((path, index) => {
      if (typeof path !== 'string') throw invalidParam(`expand[${index}]`, 'Invalid string');
      const walk = (node: Json, segments: string[]) => {
        const [head, ...rest] = segments;
        if (node.object === 'list' && head === 'data' && Array.isArray(node.data)) {
          for (const item of node.data) if (isObject(item)) walk(item, rest);
          return;
        }
        let value = node[head];
        if (head === 'line_items' && node.object === 'checkout.session') value = structuredClone(this.ledger.lineItems(node));
        else if (typeof value === 'string') value = structuredClone(this.ledger.lookup(ctx.account, value)) ?? value;
        else if (value === undefined) throw invalidParam(`expand[${index}]`, `This property cannot be expanded (${path}).`);
        node[head] = value;
        if (rest.length > 0 && isObject(value)) walk(value, rest);
      };
      walk(out, path.split('.'));
    });
    return out;
  }

  // ——— OAuth (Connect Standard) ———

  private authorizeRequest(params: URLSearchParams): AuthorizeRequest {
    const clientId = params.get('client_id') ?? '';
    if (clientId !== this.options.clientId) throw new PageError(400, `Application inconnue : « ${clientId} ».`);
    if ((params.get('response_type') ?? 'code') !== 'code') throw new PageError(400, 'Seul response_type=code est accepté.');
    const scope = params.get('scope') ?? 'read_only';
    if (scope !== 'read_write' && scope !== 'read_only') throw new PageError(400, `Portée inconnue : « ${scope} ».`);
    const redirectUri = params.get('redirect_uri') ?? '';
    try {
      if (!/^https?:$/.test(new URL(redirectUri).protocol)) throw new Error();
    } catch {
      throw new PageError(400, 'redirect_uri manque ou n’est pas une adresse http(s).');
    }
    return { client_id: clientId, state: params.get('state') ?? '', redirect_uri: redirectUri, scope };
  }

  private authorize(res: http.ServerResponse, method: string, params: URLSearchParams): void {
    let request: AuthorizeRequest;
    try {
      request = this.authorizeRequest(params);
    } catch (error) {
      if (!(error instanceof PageError)) throw error;
      return sendHtml(res, error.status, errorPage('Demande d’autorisation invalide', error.message));
    }
    if (method !== 'POST') return sendHtml(res, 200, authorizePage(request));
    const back = new URL(request.redirect_uri);
    if (params.get('decision') === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied your request');
    } else {
      const ctx = this.context(null, null, null);
      const account = this.ledger.createAccount(ctx, params.get('business_name')?.trim() || 'Restaurant de test', params.get('email')?.trim() || 'restaurant@example.com');
      const code = newId('ac_', 32);
      this.codes.set(code, { account: String(account.id), scope: request.scope, used: false });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', request.scope);
      res.once('close', () => void this.dispatch(ctx.events));
    }
    if (request.state) back.searchParams.set('state', request.state);
    redirect(res, back.toString());
  }

  private token(body: Json): Json {
    const grantType = body.grant_type;
    let grant: { account: string; scope: string };
    if (grantType === 'authorization_code') {
      const code = typeof body.code === 'string' ? body.code : '';
      if (!code) throw new OAuthError(400, 'invalid_request', 'No authorization code provided');
      const entry = this.codes.get(code);
      if (!entry) throw new OAuthError(400, 'invalid_grant', `Authorization code does not exist: ${code}`);
      if (entry.used) throw new OAuthError(400, 'invalid_grant', `Authorization code has already been used: ${code}`);
      entry.used = true;
      grant = entry;
    } else if (grantType === 'refresh_token') {
      const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
      const entry = this.refreshTokens.get(token);
      if (!entry) throw new OAuthError(400, 'invalid_grant', `Invalid refresh token: ${token}`);
      grant = entry;
    } else if (grantType === undefined) {
      throw new OAuthError(400, 'invalid_request', 'No grant type specified');
    } else {
      throw new OAuthError(400, 'unsupported_grant_type', `Unsupported grant type: ${String(grantType)}`);
    }
    if (!this.ledger.accounts.get(grant.account)?.connected) throw new OAuthError(400, 'invalid_grant', `The account ${grant.account} is no longer connected to your platform.`);
    const accessToken = `sk_test_${randomToken(99)}`;
    const refreshToken = `rt_${randomToken(56)}`;
    this.accessTokens.set(accessToken, grant.account);
    this.refreshTokens.set(refreshToken, grant);
    return {
      access_token: accessToken,
      livemode: false,
      refresh_token: refreshToken,
      scope: grant.scope,
      stripe_publishable_key: `pk_test_${randomToken(99)}`,
      stripe_user_id: grant.account,
      token_type: 'bearer',
    };
  }

  private deauthorize(ctx: Context, body: Json): Json {
    if (body.client_id !== this.options.clientId) throw new OAuthError(401, 'invalid_client', `No such application: '${String(body.client_id ?? '')}'`);
    const id = typeof body.stripe_user_id === 'string' ? body.stripe_user_id : '';
    if (!this.ledger.accounts.get(id)?.connected) {
      throw new OAuthError(401, 'invalid_client', `This application is not connected to stripe account ${id}, or that account does not exist.`);
    }
    this.ledger.deauthorize(ctx, id);
    return { stripe_user_id: id };
  }

  // ——— Hosted checkout ———

  private checkout(res: http.ServerResponse, method: string, id: string, form: URLSearchParams): void {
    const ctx = this.context(null, null, null);
    res.once('close', () => void this.dispatch(ctx.events));
    const session = this.ledger.sessionForPage(ctx, id);
    if (!session) return sendHtml(res, 404, errorPage('Session de paiement inconnue', `Aucune session de paiement ${id}.`));
    const account = ctx.account ? this.ledger.accounts.get(ctx.account) : undefined;
    const merchant = String(((account?.json.settings as Json | undefined)?.dashboard as Json | undefined)?.display_name ?? 'Tablée');
    const page = (status: number, extra: { error?: string; card?: string } = {}) =>
      sendHtml(res, status, checkoutPage(session, { merchant, lineItems: this.ledger.lineItems(session).data as Json[], ...extra }));
    if (method !== 'POST' || session.status !== 'open') return page(session.status === 'expired' ? 410 : 200);

    const typed = form.get('card') ?? '';
    const card = TEST_CARDS[typed.replace(/\D/g, '')];
    if (!card) return page(402, { card: typed, error: 'Carte refusée : utilisez une carte de test (4242 4242 4242 4242 ou 4000 0027 6000 3184).' });
    try {
      this.ledger.pay(ctx, id, { card, email: form.get('email') || undefined });
    } catch (error) {
      if (!(error instanceof PageError)) throw error;
      return page(error.status, { error: error.message });
    }
    redirect(res, String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id));
  }
}

/** Starts a server that answers the stripe library as Stripe does for the calls Tablée makes, and sends it Stripe's webhooks. */
export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const server = new LocalStripeServer(options);
  await server.listen();
  return server;
}
