import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything local-supabase can be told, read once from the environment. */
export interface StackConfig {
  /** Public port of the single origin (/rest/v1, /auth/v1, /storage/v1). */
  port: number;
  /** Port of the embedded PostgreSQL (ignored with DATABASE_URL). */
  dbPort: number;
  /** Internal port of PostgREST, reached only through the proxy. */
  postgrestPort: number;
  /** Root of everything this stack writes: database, storage files, keys. */
  dataDir: string;
  /** An existing PostgreSQL to use instead of the embedded one (superuser URL). */
  databaseUrl?: string;
  /** Repository's supabase/ folder: migrations, seed.sql, seed/storage. */
  supabaseDir: string;
  seed: boolean;
  /** Trade durability for speed (fsync off): for throw-away test databases. */
  fast: boolean;
  quiet: boolean;
  auth: {
    enableSignup: boolean;
    enableConfirmations: boolean;
    jwtExpirySeconds: number;
    /** Failed password sign-ins allowed per client address in `failedSigninWindowSeconds`. */
    maxFailedSignins: number;
    failedSigninWindowSeconds: number;
    /** Sign-up requests allowed per client address in `signupWindowSeconds`. */
    maxSignups: number;
    signupWindowSeconds: number;
    /** Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); none: the socket address is the client. */
    trustedProxies: string[];
    /** Seconds during which a rotated refresh token may be presented again (a lost answer) before reuse revokes the session. */
    refreshTokenReuseIntervalSeconds: number;
    /** The app's address (GoTrue's SITE_URL): e-mail links lead there unless `redirect_to` is allowed. */
    siteUrl: string;
    /** Other addresses a `redirect_to` may point at (GoTrue's URI allow list); the site's origin always may. */
    additionalRedirectUrls: string[];
    /** How long a link sent by e-mail (recovery, e-mail change) stays valid (GoTrue's MAILER_OTP_EXP). */
    linkExpirySeconds: number;
    /** E-mail requests (/recover, e-mail changes) allowed per client address in `emailWindowSeconds`. */
    maxEmails: number;
    emailWindowSeconds: number;
    /** Seconds before another e-mail may go to the same account (GoTrue's SMTP_MAX_FREQUENCY). */
    emailMinIntervalSeconds: number;
  };
  /** Where Auth's e-mails go: SMTP, else .eml files in the outbox (shared with the reservation service). */
  mail: { smtpUrl?: string; outboxDir: string; from: string };
  /** Origins allowed by CORS; '*' allows any (the default for a local stack). */
  corsOrigins: string[] | '*';
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} doit être un entier positif (reçu « ${raw} »)`);
  return value;
}

function bool(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  return raw === '1' || raw.toLowerCase() === 'true';
}

export function readConfig(): StackConfig {
  const port = int('LOCAL_SUPABASE_PORT', 54321);
  const cors = process.env.LOCAL_SUPABASE_CORS_ORIGINS;
  return {
    port,
    dbPort: int('LOCAL_SUPABASE_DB_PORT', port + 1),
    postgrestPort: int('LOCAL_SUPABASE_POSTGREST_PORT', port + 2),
    dataDir: path.resolve(process.env.LOCAL_SUPABASE_DATA_DIR || path.join(repoRoot, '.data', 'local-supabase')),
    databaseUrl: process.env.DATABASE_URL || undefined,
    supabaseDir: path.resolve(process.env.LOCAL_SUPABASE_SUPABASE_DIR || path.join(repoRoot, 'supabase')),
    seed: bool('LOCAL_SUPABASE_SEED', true),
    fast: bool('LOCAL_SUPABASE_FAST', false),
    quiet: bool('LOCAL_SUPABASE_QUIET', false),
    auth: {
      enableSignup: bool('AUTH_ENABLE_SIGNUP', true),
      enableConfirmations: bool('AUTH_ENABLE_CONFIRMATIONS', false),
      jwtExpirySeconds: int('AUTH_JWT_EXPIRY', 3600),
      maxFailedSignins: int('AUTH_MAX_FAILED_SIGNINS', 10),
      failedSigninWindowSeconds: int('AUTH_FAILED_SIGNIN_WINDOW', 300),
      maxSignups: int('AUTH_MAX_SIGNUPS', 30),
      signupWindowSeconds: int('AUTH_SIGNUP_WINDOW', 300),
      trustedProxies: (process.env.AUTH_TRUSTED_PROXIES ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
      refreshTokenReuseIntervalSeconds: int('AUTH_REFRESH_TOKEN_REUSE_INTERVAL', 10),
      siteUrl: (process.env.AUTH_SITE_URL || 'http://localhost:3000').replace(/\/+$/, ''),
      additionalRedirectUrls: (process.env.AUTH_ADDITIONAL_REDIRECT_URLS ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
      linkExpirySeconds: int('AUTH_LINK_EXPIRY', 3600),
      maxEmails: int('AUTH_MAX_EMAILS', 30),
      emailWindowSeconds: int('AUTH_EMAIL_WINDOW', 3600),
      emailMinIntervalSeconds: int('AUTH_EMAIL_MIN_INTERVAL', 60),
    },
    mail: {
      smtpUrl: process.env.SMTP_URL || undefined,
      // The reservation service's default outbox: <repo>/.data/outbox.
      outboxDir: path.resolve(process.env.OUTBOX_DIR || path.join(repoRoot, '.data', 'outbox')),
      from: process.env.AUTH_MAIL_FROM || 'Tablée <compte@tablee.fr>',
    },
    corsOrigins: cors && cors !== '*' ? cors.split(',').map((o) => o.trim()) : '*',
  };
}
