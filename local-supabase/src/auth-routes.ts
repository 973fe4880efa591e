import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import type { AddressLimiter, clientAddressResolver } from './auth-limits';
import type { authSessions } from './auth-sessions';
import { API_VERSION, BCRYPT_COST, EMAIL_FORMAT, USER_COLUMNS, authError, emailExists, hashToken, malformedInput, passwordRefusal, passwordTooLong, userJson, type UserRow } from './auth-users';
import type { StackConfig } from './config';
import type { Claims } from './jwt';
import { confirmationMail, emailChangeCurrentMail, emailChangeMail, emailLink, passwordChangedMail, recoveryMail } from './auth-emails';
import type { createAuthMailer } from './mailer';
import { AUTH_SCHEMAS } from './auth-schemas';

/** What the routes share, assembled once by auth.ts: settings, limits, the mailer, sessions and helpers. */
export interface AuthContext {
  config: StackConfig;
  pool: Pool;
  failedSignins: AddressLimiter;
  signups: AddressLimiter;
  /** Requests that send an e-mail (/recover, e-mail changes), per client address, like GoTrue's RATE_LIMIT_EMAIL_SENT. */
  emailRequests: AddressLimiter;
  clientAddress: ReturnType<typeof clientAddressResolver>;
  mailer: ReturnType<typeof createAuthMailer>;
  /** The page of the app a link leads to: `redirect_to` when allowed, else the site's page for that link. */
  redirectFor(req: FastifyRequest, sitePage: string): string;
  sessions: ReturnType<typeof authSessions>;
  /** A hash of a random password, compared when the e-mail has no account, so that both cases take one bcrypt comparison. */
  dummyHash: string;
  /** Work done after the answer (e-mails), awaited when the server closes. */
  later(work: () => Promise<unknown>, failure: string): void;
  inTransaction<T>(work: (db: PoolClient) => Promise<T>): Promise<T>;
}

/** The routes of /auth/v1 (GoTrue's), registered on the plugin auth.ts assembles. */
export function registerAuthRoutes(app: FastifyInstance, ctx: AuthContext) {
  const { config, pool, failedSignins, signups, emailRequests, clientAddress, mailer, redirectFor, dummyHash, later, inTransaction } = ctx;
  const { fullUser, createSession, refresh, requireUser, requireServiceRole } = ctx.sessions;
  const linkExpiry = config.auth.linkExpirySeconds;
  const emailInterval = config.auth.emailMinIntervalSeconds;

  async function signInWithPassword(req: FastifyRequest, reply: FastifyReply) {
    const body = (req.body ?? {}) as { email?: unknown; password?: unknown };
    const address = clientAddress(req);
    if (failedSignins.isBlocked(address)) return authError(reply, 429, 'over_request_rate_limit', 'Request rate limit reached');
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email || !password) return authError(reply, 400, 'validation_failed', 'missing email or phone');
    const malformed = malformedInput(reply, { email, password }) ?? passwordTooLong(reply, password);
    if (malformed) return malformed;
    // Always one row and one bcrypt comparison: against the dummy hash when there is no account (or no password).
    const { rows } = await pool.query<UserRow & { password_ok: boolean | null }>(
      `with account as (select ${USER_COLUMNS}, encrypted_password from auth.users where lower(email) = $1 and deleted_at is null)
       select ${USER_COLUMNS}, encrypted_password = extensions.crypt($2, coalesce(nullif(encrypted_password, ''), $3)) as password_ok
         from (select) as always_one_row left join account on true`,
      [email, password, dummyHash],
    );
    const user = rows[0].id === null ? undefined : rows[0];
    if (!user || !user.password_ok) {
      failedSignins.record(address);
      return authError(reply, 400, 'invalid_credentials', 'Invalid login credentials');
    }
    if (config.auth.enableConfirmations && !user.email_confirmed_at) {
      return authError(reply, 400, 'email_not_confirmed', 'Email not confirmed');
    }
    const updated = await pool.query<UserRow>(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning ${USER_COLUMNS}`, [user.id]);
    return reply.header('x-supabase-api-version', API_VERSION).send(await createSession(updated.rows[0]));
  }

  /** A session a recovery link opened, still within the link's validity: it sets a password without the forgotten one. */
  function openedByRecoveryLink(claims: Claims): boolean {
    const amr = Array.isArray(claims.amr) ? (claims.amr as { method?: unknown; timestamp?: unknown }[]) : [];
    const now = Date.now() / 1000;
    return amr.some((a) => a.method === 'recovery' && typeof a.timestamp === 'number' && now - a.timestamp < linkExpiry);
  }

  /** Out of the request: the account's new recovery link, if the address has an account, and its e-mail. */
  async function sendRecovery(email: string, redirectTo: string) {
    const token = randomBytes(32).toString('base64url');
    const { rows } = await pool.query<{ email: string }>(
      `update auth.users set recovery_token = $2, recovery_sent_at = now()
        where lower(email) = $1 and deleted_at is null
          and (recovery_sent_at is null or recovery_sent_at < now() - make_interval(secs => $3))
        returning email`,
      [email, hashToken(token), emailInterval],
    );
    if (rows[0]) await mailer.send(recoveryMail(rows[0].email, emailLink(redirectTo, token, 'recovery'), linkExpiry));
  }

  /** Out of the request: a new confirmation link for an unconfirmed account, at most one every AUTH_EMAIL_MIN_INTERVAL seconds. */
  async function resendConfirmation(email: string, redirectTo: string) {
    const token = randomBytes(32).toString('base64url');
    const { rows } = await pool.query<{ email: string }>(
      `update auth.users set confirmation_token = $2, confirmation_sent_at = now()
        where lower(email) = $1 and deleted_at is null and email_confirmed_at is null
          and (confirmation_sent_at is null or confirmation_sent_at <= now() - make_interval(secs => $3))
        returning email`,
      [email, hashToken(token), emailInterval],
    );
    if (rows[0]) await mailer.send(confirmationMail(rows[0].email, emailLink(redirectTo, token, 'email'), linkExpiry));
  }

  app.get('/health', { schema: AUTH_SCHEMAS.health }, async () => ({ version: 'local-supabase', name: 'GoTrue', description: 'Tablée local Supabase Auth' }));

  app.get('/settings', { schema: AUTH_SCHEMAS.settings }, async () => ({
    external: { email: true, phone: false },
    disable_signup: !config.auth.enableSignup,
    mailer_autoconfirm: !config.auth.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  app.post('/signup', { schema: AUTH_SCHEMAS.signup }, async (req, reply) => {
    const address = clientAddress(req);
    if (signups.isBlocked(address)) return authError(reply, 429, 'over_request_rate_limit', 'Request rate limit reached');
    signups.record(address);
    if (!config.auth.enableSignup) return authError(reply, 422, 'signup_disabled', 'Signups not allowed for this instance');
    const body = (req.body ?? {}) as { email?: unknown; password?: unknown; data?: unknown };
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email) return authError(reply, 400, 'validation_failed', 'To signup, please provide your email');
    const malformed = malformedInput(reply, { email, password, data: body.data });
    if (malformed) return malformed;
    if (!EMAIL_FORMAT.test(email)) return authError(reply, 400, 'validation_failed', 'Unable to validate email address: invalid format');
    const refused = passwordRefusal(reply, password);
    if (refused) return refused;
    const metadata = body.data && typeof body.data === 'object' ? body.data : {};
    const confirmed = !config.auth.enableConfirmations;
    const confirmationToken = randomBytes(32).toString('base64url');
    // The user and its e-mail identity: one transaction.
    const user = await inTransaction(async (db) => {
      const inserted = await db.query<UserRow>(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at, last_sign_in_at,
                               raw_app_meta_data, raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new, email_change)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
               extensions.crypt($2, extensions.gen_salt('bf', $5)), case when $3 then now() end, case when $3 then null else now() end,
               -- An auto-confirmed sign-up is also a sign-in (it answers a session), as GoTrue records it.
               case when $3 then now() end,
               '{"provider":"email","providers":["email"]}', $4, $6, '', '', '')
       on conflict do nothing
       returning ${USER_COLUMNS}`,
        [email, password, confirmed, JSON.stringify(metadata), BCRYPT_COST, confirmed ? '' : hashToken(confirmationToken)],
      );
      const row = inserted.rows[0];
      if (row) {
        await db.query(
          `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
         values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', $3::boolean), 'email',
                 case when $3 then now() end, now(), now())`,
          [row.id, email, confirmed],
        );
      }
      return row;
    });
    if (!user) {
      // With confirmations on, GoTrue answers a taken address with an obfuscated user (a made-up id, no
      // identities) so that the answer does not tell who has an account; nothing changes, nothing is sent.
      if (confirmed) return authError(reply, 422, 'user_already_exists', 'User already registered');
      const now = new Date();
      return reply.header('x-supabase-api-version', API_VERSION).send(
        userJson({
          id: randomUUID(),
          email,
          email_confirmed_at: null,
          confirmation_sent_at: now,
          last_sign_in_at: null,
          raw_app_meta_data: null,
          raw_user_meta_data: metadata as Record<string, unknown>,
          created_at: now,
          updated_at: now,
          is_anonymous: false,
          email_change: null,
          email_change_sent_at: null,
        }),
      );
    }
    reply.header('x-supabase-api-version', API_VERSION);
    if (!confirmed) {
      const mail = confirmationMail(email, emailLink(redirectFor(req, '/confirm-signup'), confirmationToken, 'email'), linkExpiry);
      later(() => mailer.send(mail), '[auth] e-mail de confirmation non envoyé :');
    }
    // With confirmations on, GoTrue answers with the bare user and no session.
    return confirmed ? createSession(user) : fullUser(user);
  });

  app.post('/token', { schema: AUTH_SCHEMAS.token }, async (req, reply) => {
    const grantType = (req.query as { grant_type?: string }).grant_type;
    if (grantType === 'password') return signInWithPassword(req, reply);
    return refresh(req, reply);
  });

  app.get('/user', { schema: AUTH_SCHEMAS.user }, async (req, reply) => {
    const claims = await requireUser(req, reply);
    if (!claims) return reply;
    const { rows } = await pool.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [claims.sub]);
    if (!rows[0]) return authError(reply, 403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return reply.header('x-supabase-api-version', API_VERSION).send(await fullUser(rows[0]));
  });

  /**
   * Password recovery: always 200 with `{}`, whether or not the address has an account, and in the
   * same time: the request does the same work for both (checks, then the answer); looking the account
   * up, writing the link and sending it happen after the answer. A new link replaces the previous one;
   * an account gets at most one every AUTH_EMAIL_MIN_INTERVAL seconds (quietly: a 429 there would say it exists).
   */
  app.post('/recover', { schema: AUTH_SCHEMAS.recover }, async (req, reply) => {
    const address = clientAddress(req);
    if (emailRequests.isBlocked(address)) return authError(reply, 429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    emailRequests.record(address);
    const body = (req.body ?? {}) as { email?: unknown };
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (!email) return authError(reply, 400, 'validation_failed', 'Password recovery requires an email');
    const malformed = malformedInput(reply, { email });
    if (malformed) return malformed;
    if (!EMAIL_FORMAT.test(email)) return authError(reply, 400, 'validation_failed', 'Unable to validate email address: invalid format');
    const redirectTo = redirectFor(req, '/reset-password');
    later(() => sendRecovery(email, redirectTo), '[auth] e-mail de récupération non envoyé :');
    return reply.header('x-supabase-api-version', API_VERSION).send({});
  });

  /**
   * supabase-js's resend({ type: 'signup' }): a new confirmation link (the previous one ends) for an
   * unconfirmed account; always `{}` and the same work in the request, as /recover: an unknown or already
   * confirmed address is sent nothing, and the lookup happens after the answer.
   */
  app.post('/resend', { schema: AUTH_SCHEMAS.resend }, async (req, reply) => {
    const address = clientAddress(req);
    if (emailRequests.isBlocked(address)) return authError(reply, 429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    emailRequests.record(address);
    const body = (req.body ?? {}) as { email?: unknown; type?: unknown };
    if (body.type !== 'signup') return authError(reply, 400, 'validation_failed', 'Missing one of these types: signup, email_change');
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (!email) return authError(reply, 400, 'validation_failed', 'Type provided requires an email address');
    const malformed = malformedInput(reply, { email });
    if (malformed) return malformed;
    if (!EMAIL_FORMAT.test(email)) return authError(reply, 400, 'validation_failed', 'Unable to validate email address: invalid format');
    const redirectTo = redirectFor(req, '/confirm-signup');
    later(() => resendConfirmation(email, redirectTo), '[auth] e-mail de confirmation non envoyé :');
    return reply.header('x-supabase-api-version', API_VERSION).send({});
  });

  /**
   * The links of the e-mails (`verifyOtp({ token_hash, type })`): single use (the token is cleared in
   * the same statement that checks it), valid AUTH_LINK_EXPIRY seconds; answers a session, as GoTrue
   * (or, for the first of the two e-mail change links, GoTrue's `{ msg, code: 200 }`).
   */
  app.post('/verify', { schema: AUTH_SCHEMAS.verify }, async (req, reply) => {
    const body = (req.body ?? {}) as { token_hash?: unknown; type?: unknown };
    const tokenHash = typeof body.token_hash === 'string' ? body.token_hash : '';
    if (!tokenHash) return authError(reply, 400, 'validation_failed', 'Verify requires a token or a token hash');
    if (body.type !== 'recovery' && body.type !== 'email_change' && body.type !== 'email' && body.type !== 'signup') {
      return authError(reply, 400, 'validation_failed', 'Verify requires a verification type');
    }
    const expired = () => authError(reply, 403, 'otp_expired', 'Email link is invalid or has expired');
    const hash = hashToken(tokenHash);
    if (body.type === 'email' || body.type === 'signup') {
      // The sign-up's confirmation link ('signup' is its older name in GoTrue).
      const user = await inTransaction(async (db) => {
        const { rows } = await db.query<UserRow>(
          `update auth.users set confirmation_token = '', email_confirmed_at = now(), last_sign_in_at = now(), updated_at = now()
            where confirmation_token = $1 and email_confirmed_at is null and confirmation_sent_at > now() - make_interval(secs => $2) and deleted_at is null
            returning ${USER_COLUMNS}`,
          [hash, linkExpiry],
        );
        if (rows[0]) {
          await db.query(
            `update auth.identities set identity_data = identity_data || '{"email_verified": true}', last_sign_in_at = now(), updated_at = now() where user_id = $1 and provider = 'email'`,
            [rows[0].id],
          );
        }
        return rows[0];
      });
      if (!user) return expired();
      return reply.header('x-supabase-api-version', API_VERSION).send(await createSession(user, 'otp'));
    }
    if (body.type === 'recovery') {
      // Opening the link proves the address: it counts as confirmed, as in GoTrue.
      const { rows } = await pool.query<UserRow>(
        `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now(), updated_at = now()
          where recovery_token = $1 and recovery_sent_at > now() - make_interval(secs => $2) and deleted_at is null
          returning ${USER_COLUMNS}`,
        [hash, linkExpiry],
      );
      if (!rows[0]) return expired();
      return reply.header('x-supabase-api-version', API_VERSION).send(await createSession(rows[0], 'recovery'));
    }
    // Secure e-mail change: the link of either address is spent when opened; the address changes
    // with the second one. The first answers GoTrue's message and no session.
    try {
      const outcome = await inTransaction(async (db) => {
        const { rows } = await db.query<{ id: string; pending: boolean }>(
          `update auth.users
              set email_change_token_new = case when email_change_token_new = $1 then '' else email_change_token_new end,
                  email_change_token_current = case when email_change_token_current = $1 then '' else email_change_token_current end
            where $1 in (email_change_token_new, email_change_token_current)
              and email_change <> '' and email_change_sent_at > now() - make_interval(secs => $2) and deleted_at is null
            returning id, coalesce(email_change_token_new, '') <> '' or coalesce(email_change_token_current, '') <> '' as pending`,
          [hash, linkExpiry],
        );
        if (!rows[0]) return null;
        if (rows[0].pending) return 'waiting' as const;
        const changed = await db.query<UserRow>(
          `update auth.users set email = email_change, email_change = '', email_change_sent_at = null,
                  email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now(), updated_at = now()
            where id = $1 returning ${USER_COLUMNS}`,
          [rows[0].id],
        );
        const user = changed.rows[0];
        await db.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
            where user_id = $1 and provider = 'email'`,
          [user.id, user.email],
        );
        return user;
      });
      if (!outcome) return expired();
      reply.header('x-supabase-api-version', API_VERSION);
      if (outcome === 'waiting') return { msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email', code: 200 };
      return await createSession(outcome);
    } catch (err) {
      // Taken by another account since the link was sent.
      if ((err as { code?: string }).code === '23505') return emailExists(reply);
      throw err;
    }
  });

  /**
   * The signed-in user changes their password or e-mail (supabase-js's updateUser). Everything is
   * checked before anything changes, and the changes are one transaction.
   * - A new password needs the current one (`current_password`, GoTrue's
   *   SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD), except in a session a recovery link opened
   *   within the link's validity; a wrong one counts as a failed sign-in. It ends the user's other
   *   sessions and any outstanding recovery link (GoTrue does both).
   * - A new e-mail is counted against the e-mail limit first, then recorded as pending, and a link goes
   *   to it: the address changes once that link is opened (`verify` type email_change). An address
   *   another account has is answered the same way, and simply never completes (no mail goes to it).
   */
  app.put('/user', { schema: AUTH_SCHEMAS.updateUser }, async (req, reply) => {
    const claims = await requireUser(req, reply);
    if (!claims) return reply;
    const body = (req.body ?? {}) as { email?: unknown; password?: unknown; current_password?: unknown; data?: unknown };
    const password = typeof body.password === 'string' ? body.password : undefined;
    const currentPassword = typeof body.current_password === 'string' ? body.current_password : undefined;
    const malformed = malformedInput(reply, {
      email: typeof body.email === 'string' ? body.email : undefined,
      password,
      data: body.data,
    });
    if (malformed) return malformed;
    if (currentPassword?.includes('\u0000')) return authError(reply, 400, 'current_password_mismatch', 'Current password required when setting new password.');
    const { rows: found } = await pool.query<UserRow & { encrypted_password: string | null }>(`select ${USER_COLUMNS}, encrypted_password from auth.users where id = $1 and deleted_at is null`, [
      claims.sub,
    ]);
    const current = found[0];
    if (!current) return authError(reply, 403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const address = clientAddress(req);

    if (password !== undefined) {
      const refused = passwordRefusal(reply, password);
      if (refused) return refused;
      if (!openedByRecoveryLink(claims)) {
        if (!currentPassword) return authError(reply, 400, 'current_password_required', 'Current password required when setting new password.');
        if (failedSignins.isBlocked(address)) return authError(reply, 429, 'over_request_rate_limit', 'Request rate limit reached');
        const ok = await pool.query<{ ok: boolean }>('select coalesce($1 = extensions.crypt($2, $1), false) as ok', [current.encrypted_password || null, currentPassword]);
        if (!ok.rows[0].ok) {
          failedSignins.record(address);
          return authError(reply, 400, 'current_password_mismatch', 'Current password required when setting new password.');
        }
      }
      const same = await pool.query<{ same: boolean }>('select coalesce($1 = extensions.crypt($2, $1), false) as same', [current.encrypted_password || null, password]);
      if (same.rows[0].same) return authError(reply, 422, 'same_password', 'New password should be different from the old password.');
    }
    let newEmail: string | undefined;
    if (typeof body.email === 'string') {
      const email = body.email.trim().toLowerCase();
      if (!EMAIL_FORMAT.test(email)) return authError(reply, 400, 'validation_failed', 'Unable to validate email address: invalid format');
      if (email !== current.email.toLowerCase()) newEmail = email;
    }
    let taken = false;
    if (newEmail) {
      // Counted before anything is said about the address.
      if (emailRequests.isBlocked(address)) return authError(reply, 429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
      emailRequests.record(address);
      const wait = current.email_change_sent_at ? Math.ceil(emailInterval - (Date.now() - current.email_change_sent_at.getTime()) / 1000) : 0;
      if (wait > 0) return authError(reply, 429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`);
      taken = Boolean((await pool.query('select 1 from auth.users where lower(email) = $1 and id <> $2', [newEmail, current.id])).rowCount);
    }

    const token = randomBytes(32).toString('base64url');
    const currentToken = randomBytes(32).toString('base64url');
    const user = await inTransaction(async (db) => {
      let row: UserRow = current;
      if (password !== undefined) {
        row = (
          await db.query<UserRow>(
            `update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf', $3)), recovery_token = '', updated_at = now()
              where id = $1 returning ${USER_COLUMNS}`,
            [current.id, password, BCRYPT_COST],
          )
        ).rows[0];
        await db.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [current.id, claims.session_id ?? null]);
      }
      if (body.data && typeof body.data === 'object') {
        row = (
          await db.query<UserRow>(`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $2::jsonb, updated_at = now() where id = $1 returning ${USER_COLUMNS}`, [
            current.id,
            JSON.stringify(body.data),
          ])
        ).rows[0];
      }
      if (newEmail) {
        row = (
          await db.query<UserRow>(
            `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4, email_change_sent_at = now(), updated_at = now()
              where id = $1 returning ${USER_COLUMNS}`,
            [current.id, newEmail, hashToken(token), hashToken(currentToken)],
          )
        ).rows[0];
      }
      return row;
    });
    if (password !== undefined) {
      // The owner is told of every new password (GoTrue's password-changed notice): the way back if it was not them.
      later(() => mailer.send(passwordChangedMail(user.email, `${config.auth.siteUrl}/forgot-password`)), '[auth] e-mail de mot de passe modifié non envoyé :');
    }
    if (newEmail) {
      // Secure e-mail change (hosted Supabase's default): both addresses must agree.
      const page = redirectFor(req, '/confirm-email');
      const mails = [emailChangeCurrentMail(current.email, newEmail, emailLink(page, currentToken, 'email_change'), linkExpiry)];
      if (!taken) mails.push(emailChangeMail(newEmail, current.email, emailLink(page, token, 'email_change'), linkExpiry));
      for (const mail of mails) later(() => mailer.send(mail), '[auth] e-mail de changement d’adresse non envoyé :');
    }
    return reply.header('x-supabase-api-version', API_VERSION).send(await fullUser(user));
  });

  /**
   * An administrator deletes an account (supabase-js's auth.admin.deleteUser, with the service role's
   * key): its row of auth.users, and with it what references it (sessions, identities, and the
   * database's own rules for an account that goes). Answers the deleted user, as GoTrue does.
   */
  app.delete('/admin/users/:id', { schema: AUTH_SCHEMAS.adminDeleteUser }, async (req, reply) => {
    if (!requireServiceRole(req, reply)) return reply;
    const { rows } = await pool.query<UserRow>(`delete from auth.users where id = $1 returning ${USER_COLUMNS}`, [(req.params as { id: string }).id]);
    if (!rows[0]) return authError(reply, 404, 'user_not_found', 'User not found');
    return reply.header('x-supabase-api-version', API_VERSION).send(userJson(rows[0]));
  });

  app.post('/logout', { schema: AUTH_SCHEMAS.logout }, async (req, reply) => {
    const claims = await requireUser(req, reply);
    if (!claims) return reply;
    // An unknown scope never reaches here (the schema refuses it): it must not be read as 'global'.
    const scope = (req.query as { scope?: 'global' | 'local' | 'others' }).scope ?? 'global';
    if (scope === 'local') await pool.query('delete from auth.sessions where id = $1', [claims.session_id]);
    else if (scope === 'others') await pool.query('delete from auth.sessions where user_id = $1 and id <> $2', [claims.sub, claims.session_id]);
    else await pool.query('delete from auth.sessions where user_id = $1', [claims.sub]);
    return reply.code(204).send();
  });
}
