import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** Auth's users as GoTrue shows them, its error body, and the rules every route applies to input. */

export const API_VERSION = '2024-01-01';
export const MIN_PASSWORD_LENGTH = 6;
/** bcrypt reads only the first 72 bytes of a password; GoTrue refuses longer ones rather than ignore the rest. */
export const MAX_PASSWORD_BYTES = 72;
/** The cost of every hash this server writes, and of the dummy one compared when an account does not exist. */
export const BCRYPT_COST = 10;
export const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** GoTrue refuses longer addresses; the column is varchar(255). */
export const MAX_EMAIL_LENGTH = 255;

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export interface UserRow {
  id: string;
  email: string;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  is_anonymous: boolean;
  email_change: string | null;
  email_change_sent_at: Date | null;
}

export const USER_COLUMNS =
  'id, email, email_confirmed_at, confirmation_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous, email_change, email_change_sent_at';

/** An identity as GoTrue lists it in the user object. */
export function identityJson(i: IdentityRow) {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: i.last_sign_in_at?.toISOString(),
    created_at: i.created_at?.toISOString(),
    updated_at: i.updated_at?.toISOString(),
    email: i.email ?? undefined,
  };
}

/** The user object GoTrue returns. */
export function userJson(u: UserRow, identities: IdentityRow[] = []) {
  return {
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: u.email_confirmed_at?.toISOString() ?? undefined,
    phone: '',
    confirmation_sent_at: u.confirmation_sent_at?.toISOString() ?? undefined,
    confirmed_at: u.email_confirmed_at?.toISOString() ?? undefined,
    last_sign_in_at: u.last_sign_in_at?.toISOString() ?? undefined,
    app_metadata: u.raw_app_meta_data ?? { provider: 'email', providers: ['email'] },
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
    is_anonymous: u.is_anonymous,
    // An e-mail change waiting for its link, as GoTrue shows it.
    ...(u.email_change ? { new_email: u.email_change, email_change_sent_at: u.email_change_sent_at?.toISOString() } : {}),
  };
}

/** Error body of Supabase Auth's API version 2024-01-01: `{ code, message }`; supabase-js reads `code` only when the version header is present. */
export function authError(reply: FastifyReply, status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return reply
    .code(status)
    .header('x-supabase-api-version', API_VERSION)
    .send({ code, message, ...extra });
}

/** Links sent by e-mail carry a random token; only its SHA-256 is stored, so the table alone opens no account. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Signup's and PUT /user's password rule, in GoTrue's words: at most 72 UTF-8 bytes (400), at least
 * MIN_PASSWORD_LENGTH characters (422 weak_password). The app's own rule is stricter (characters, not
 * UTF-16 units; not only spaces: the shell's passwordProblem, shell/src/features/auth/api/password.ts) and is checked before calling.
 */
export function passwordRefusal(reply: FastifyReply, password: string) {
  const tooLong = passwordTooLong(reply, password);
  if (tooLong) return tooLong;
  if (password.length < MIN_PASSWORD_LENGTH) {
    return authError(reply, 422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  return null;
}

/**
 * What PostgreSQL cannot store (a NUL byte) or GoTrue refuses (an address over 255 characters) is a 400
 * in French, before any query: a 500 would say nothing to the person and fill the logs.
 */
export function malformedInput(reply: FastifyReply, input: { email?: string; password?: string; data?: unknown }) {
  const refuse = (message: string) => authError(reply, 400, 'validation_failed', message);
  if (input.email !== undefined) {
    if (input.email.includes('\u0000')) return refuse('L’adresse e-mail contient un caractère non autorisé.');
    if (input.email.length > MAX_EMAIL_LENGTH) return refuse(`L’adresse e-mail est trop longue (${MAX_EMAIL_LENGTH} caractères au plus).`);
  }
  if (input.password?.includes('\u0000')) return refuse('Le mot de passe contient un caractère non autorisé.');
  // jsonb refuses \u0000 in any string of the metadata.
  if (input.data !== undefined && JSON.stringify(input.data).includes('\\u0000')) return refuse('Les données du profil contiennent un caractère non autorisé.');
  return null;
}

/** The 72-byte rule alone: sign-in refuses what sign-up could never have stored, rather than let bcrypt truncate it. */
export function passwordTooLong(reply: FastifyReply, password: string) {
  if (Buffer.byteLength(password, 'utf8') <= MAX_PASSWORD_BYTES) return null;
  return authError(reply, 400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
}

export function emailExists(reply: FastifyReply) {
  return authError(reply, 422, 'email_exists', 'A user with this email address has already been registered');
}
