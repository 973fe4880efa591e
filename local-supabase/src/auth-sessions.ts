import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import jwt from 'jsonwebtoken';
import type { Pool } from 'pg';
import type { StackConfig } from './config';
import { bearerClaims } from './jwt';
import { API_VERSION, USER_COLUMNS, authError, userJson, type IdentityRow, type UserRow } from './auth-users';
import { inTransaction } from './transaction';

/**
 * Auth's sessions: a session and its refresh token made at sign-in (or by an e-mail's link), the access
 * token (HS256 JWT) and the answer GoTrue gives, refresh-token rotation, and the signed-in caller's claims.
 */
export function authSessions(config: StackConfig, pool: Pool, jwtSecret: string, publicUrl: string) {
  async function identitiesOf(userId: string): Promise<IdentityRow[]> {
    const { rows } = await pool.query<IdentityRow>(
      'select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email from auth.identities where user_id = $1 order by created_at',
      [userId],
    );
    return rows;
  }

  /** The user object with its identities, as every answer of GoTrue gives it. */
  async function fullUser(user: UserRow) {
    return userJson(user, await identitiesOf(user.id));
  }

  async function createSession(user: UserRow, method: 'password' | 'recovery' | 'otp' = 'password') {
    const sessionId = randomUUID();
    const refreshToken = randomBytes(24).toString('base64url');
    await inTransaction(pool, async (db) => {
      await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, user.id]);
      await db.query('insert into auth.refresh_tokens (token, user_id, revoked, session_id) values ($1, $2, false, $3)', [refreshToken, user.id, sessionId]);
    });
    return sessionBody(user, sessionId, refreshToken, method);
  }

  async function sessionBody(user: UserRow, sessionId: string, refreshToken: string, method = 'password') {
    const now = Math.floor(Date.now() / 1000);
    const expiresIn = config.auth.jwtExpirySeconds;
    const claims = {
      aud: 'authenticated',
      exp: now + expiresIn,
      iat: now,
      iss: `${publicUrl}/auth/v1`,
      sub: user.id,
      email: user.email,
      phone: '',
      app_metadata: user.raw_app_meta_data ?? { provider: 'email', providers: ['email'] },
      user_metadata: user.raw_user_meta_data ?? {},
      role: 'authenticated',
      aal: 'aal1',
      // 'recovery' for a session opened by a recovery link: it may set a password without the forgotten one.
      amr: [{ method, timestamp: now }],
      session_id: sessionId,
      is_anonymous: false,
    };
    return {
      access_token: jwt.sign(claims, jwtSecret, { algorithm: 'HS256' }),
      token_type: 'bearer',
      expires_in: expiresIn,
      expires_at: now + expiresIn,
      refresh_token: refreshToken,
      user: await fullUser(user),
    };
  }

  /**
   * Rotation: a refresh token is used once; its successor belongs to the same session. A rotated token
   * presented again within the reuse interval (an answer the client lost) gets another successor, as in
   * GoTrue; after it, the reuse means the token was stolen, and the whole session ends: its refresh
   * tokens (the thief's included) and its access tokens' session.
   */
  async function refresh(req: FastifyRequest, reply: FastifyReply) {
    const token = (req.body as { refresh_token?: unknown } | undefined)?.refresh_token;
    if (typeof token !== 'string' || !token) return authError(reply, 400, 'validation_failed', 'refresh_token required');
    const outcome = await inTransaction(pool, async (db) => {
      const { rows } = await db.query<{ id: string; user_id: string; revoked: boolean; session_id: string; reuse_expired: boolean }>(
        `select id, user_id, revoked, session_id, updated_at < now() - make_interval(secs => $2) as reuse_expired
           from auth.refresh_tokens where token = $1 for update`,
        [token, config.auth.refreshTokenReuseIntervalSeconds],
      );
      const current = rows[0];
      if (!current || !current.session_id) return 'not_found' as const;
      if (current.revoked && current.reuse_expired) {
        await db.query('delete from auth.sessions where id = $1', [current.session_id]);
        return 'already_used' as const;
      }
      const next = randomBytes(24).toString('base64url');
      // The interval runs from the rotation; presenting the token again does not extend it.
      await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and not revoked', [current.id]);
      await db.query('insert into auth.refresh_tokens (token, user_id, revoked, session_id, parent) values ($1, $2, false, $3, $4)', [next, current.user_id, current.session_id, token]);
      await db.query('update auth.sessions set updated_at = now() where id = $1', [current.session_id]);
      const user = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [current.user_id]);
      return user.rows[0] ? { user: user.rows[0], sessionId: current.session_id, next } : ('not_found' as const);
    });
    if (outcome === 'not_found') return authError(reply, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (outcome === 'already_used') return authError(reply, 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    return reply.header('x-supabase-api-version', API_VERSION).send(await sessionBody(outcome.user, outcome.sessionId, outcome.next));
  }

  /** The signed-in user's claims, or an error reply when the JWT is missing, invalid or its session is gone. */
  async function requireUser(req: FastifyRequest, reply: FastifyReply) {
    const claims = bearerClaims({ authorization: req.headers.authorization }, jwtSecret);
    if (!claims) {
      authError(reply, 403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is expired or invalid');
      return null;
    }
    if (!claims.sub) {
      authError(reply, 403, 'bad_jwt', 'invalid claim: missing sub claim');
      return null;
    }
    if (claims.session_id) {
      const { rowCount } = await pool.query('select 1 from auth.sessions where id = $1', [claims.session_id]);
      if (!rowCount) {
        authError(reply, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
        return null;
      }
    }
    return claims;
  }

  /** True for the service role's key (GoTrue's admin endpoints); else an error reply as GoTrue's. */
  function requireServiceRole(req: FastifyRequest, reply: FastifyReply): boolean {
    const claims = bearerClaims({ authorization: req.headers.authorization }, jwtSecret);
    if (!claims) {
      authError(reply, 401, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is expired or invalid');
      return false;
    }
    if (claims.role !== 'service_role') {
      authError(reply, 403, 'not_admin', 'User not allowed');
      return false;
    }
    return true;
  }

  return { fullUser, createSession, refresh, requireUser, requireServiceRole };
}
