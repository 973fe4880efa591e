import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import { AddressLimiter, clientAddressResolver } from './auth-limits';
import { authSessions } from './auth-sessions';
import { BCRYPT_COST, authError } from './auth-users';
import { registerAuthRoutes } from './auth-routes';
import { inTransaction as transaction } from './transaction';
import type { StackConfig } from './config';
import { lenientJson } from './json-body';
import { strictValidation, validationMessage } from './auth-schemas';
import { createAuthMailer } from './mailer';
import { databaseUnavailable, DATABASE_UNAVAILABLE_MESSAGE, unavailable } from './database-unavailable';

/**
 * The subset of Supabase Auth (GoTrue) that supabase-js's email/password flow uses:
 * signup, token (password, refresh_token), user (read and update), logout, recover, verify, resend, settings,
 * health. This file assembles the plugin (limits, mailer, sessions, error handler); the routes are in
 * auth-routes.ts, sessions in auth-sessions.ts, users, errors and input rules in auth-users.ts, rate limits
 * in auth-limits.ts, the e-mails in auth-emails.ts.
 * Users, sessions and refresh tokens live in the database's `auth` schema, as on hosted Supabase;
 * passwords are bcrypt hashes made by pgcrypto, the same format GoTrue writes.
 */

export function authRoutes(config: StackConfig, pool: Pool, jwtSecret: string, publicUrl: string) {
  const failedSignins = new AddressLimiter(config.auth.maxFailedSignins, config.auth.failedSigninWindowSeconds * 1000);
  const signups = new AddressLimiter(config.auth.maxSignups, config.auth.signupWindowSeconds * 1000);
  const clientAddress = clientAddressResolver(config.auth.trustedProxies);
  /** Requests that send an e-mail (/recover, e-mail changes), per client address, like GoTrue's RATE_LIMIT_EMAIL_SENT. */
  const emailRequests = new AddressLimiter(config.auth.maxEmails, config.auth.emailWindowSeconds * 1000);
  const mailer = createAuthMailer(config.mail);
  /** Where `redirect_to` may lead (GoTrue's allow list, by origin here); anything else falls back to the site's page, never to a stranger's. */
  const redirectOrigins = new Set([config.auth.siteUrl, ...config.auth.additionalRedirectUrls].map((u) => new URL(u).origin));
  /** The page of the app a link leads to: `redirect_to` when allowed, else the site's page for that link (the templates' `{{ .SiteURL }}/…`). */
  function redirectFor(req: FastifyRequest, sitePage: string): string {
    const raw = (req.query as { redirect_to?: unknown }).redirect_to;
    if (typeof raw === 'string') {
      try {
        const url = new URL(raw);
        if (redirectOrigins.has(url.origin)) return url.href;
      } catch {
        /* not a URL: the site */
      }
    }
    return `${config.auth.siteUrl}${sitePage}`;
  }
  const sessions = authSessions(config, pool, jwtSecret, publicUrl);

  /** Work done after the answer (e-mails), awaited when the server closes. */
  const pending = new Set<Promise<unknown>>();
  function later(work: () => Promise<unknown>, failure: string) {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err) => console.error(failure, err))
      .finally(() => pending.delete(run));
    pending.add(run);
  }

  const inTransaction = <T>(work: (db: PoolClient) => Promise<T>) => transaction(pool, work);

  return async function plugin(app: FastifyInstance) {
    const dummyHash = (await pool.query<{ hash: string }>(`select extensions.crypt(gen_random_uuid()::text, extensions.gen_salt('bf', $1)) as hash`, [BCRYPT_COST])).rows[0].hash;
    lenientJson(app);
    strictValidation(app);
    app.addHook('onClose', async () => {
      await Promise.allSettled(pending);
      mailer.close();
    });
    app.setErrorHandler((err: Error & { statusCode?: number; validation?: Parameters<typeof validationMessage>[0] }, _req, reply) => {
      if (err.validation) return authError(reply, 400, 'validation_failed', validationMessage(err.validation));
      if (err.statusCode && err.statusCode < 500) return authError(reply, err.statusCode, 'validation_failed', err.message);
      if (databaseUnavailable(err)) return unavailable(reply, DATABASE_UNAVAILABLE_MESSAGE);
      console.error('[auth]', err);
      return authError(reply, 500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
    });

    registerAuthRoutes(app, { config, pool, failedSignins, signups, emailRequests, clientAddress, mailer, redirectFor, sessions, dummyHash, later, inTransaction });
  };
}
