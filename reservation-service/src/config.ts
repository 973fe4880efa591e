import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Everything the service reads from its environment, parsed once at start. */
export interface Config {
  port: number;
  host: string;
  supabaseUrl: string;
  serviceRoleKey: string;
  /** SMTP server for customer e-mails; without it each e-mail is written as an .eml file in outboxDir. */
  smtpUrl?: string;
  outboxDir: string;
  mailFrom: string;
  /** Public origin of this service, used to build the links of the kitchen and dining-room sheets. */
  publicBaseUrl: string;
  corsOrigins: string[];
  /** The app's origin: the one-click links of the owner's reminders open its link pages. */
  appUrl: string;
  /** How often late requests are looked for and their owners reminded (0: never). */
  reminderIntervalMs: number;
  /** How often the daily retention job looks whether today's run (Europe/Paris) is made, the first time at start (0: never): the run itself is made once a day across every instance. */
  privacyRetentionIntervalMs: number;
  /** The retention job anonymises this restaurant's customers only (tests: the database is shared with other test files). */
  privacyRetentionRestaurantId?: string;
  /** Requests allowed per client IP and window on the endpoints that take a code_manage. */
  rateLimit: { max: number; timeWindowMs: number };
  /** Requests allowed per assistant key and window on POST /api/restaurants/{id}/requests. */
  assistantRateLimit: { max: number; timeWindowMs: number };
  /** Unknown assistant keys allowed per client address and window before that address gets 429 (as GoTrue's failed sign-ins). */
  failedKeyLimit: { max: number; timeWindowMs: number };
  /** Requests allowed per client address and window on the public path (no key: the restaurant's request page). */
  webRateLimit: { max: number; timeWindowMs: number };
  /** Checks of a request (POST …/requests/check) allowed per assistant key, or per client address without one, and window: a page checks as the customer fills it in. */
  checkRateLimit: { max: number; timeWindowMs: number };
  logLevel: string;
  /** Behind a reverse proxy, read the client IP from X-Forwarded-For (otherwise anyone could spoof it past the rate limit). */
  trustProxy: boolean;
  /** A direct PostgreSQL connection: the notification sender LISTENs on it (without it, it only polls). */
  databaseUrl?: string;
  /** How often the notification sender looks for due notifications besides being woken by LISTEN (0: no sender in this instance). */
  outboxPollMs: number;
  /** How long a claimed notification is this instance's, renewed every third of it while it works on it. */
  outboxLeaseMs: number;
  /** The sender's loop sends this restaurant's notifications only (tests: the database is shared with other test files). */
  outboxRestaurantId?: string;
  /** WhatsApp Cloud API; without token and phone number id, each WhatsApp message is written as a .json file in outboxDir. */
  whatsapp: { apiUrl: string; token?: string; phoneNumberId?: string; template: string };
  /** Stripe Connect, the platform's keys; without all three, online payment is off (transfers and payment links stay). apiBase: every Stripe call goes there instead (tests: local-stripe). */
  stripe?: { secretKey: string; clientId: string; webhookSecret: string; apiBase?: string };
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().default('0.0.0.0'),
  SUPABASE_URL: z.url(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1),
  SMTP_URL: z.string().optional(),
  OUTBOX_DIR: z.string().optional(),
  MAIL_FROM: z.string().default('Tablée <reservations@tablee.fr>'),
  PUBLIC_BASE_URL: z.url().optional(),
  CORS_ORIGINS: z.string().default('http://localhost:3000,http://localhost:3004'),
  APP_URL: z.url().default('http://localhost:3000'),
  REMINDER_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  PRIVACY_RETENTION_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60_000),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1).default(60_000),
  ASSISTANT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(60),
  ASSISTANT_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1).default(60_000),
  ASSISTANT_MAX_FAILED_KEYS: z.coerce.number().int().min(1).default(30),
  ASSISTANT_FAILED_KEY_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(5 * 60_000),
  WEB_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  CHECK_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(120),
  WEB_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60_000),
  LOG_LEVEL: z.string().default('info'),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
  DATABASE_URL: z.string().optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(0).default(10_000),
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_TEMPLATE: z.string().min(1).default('nouvelle_demande_groupe'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_CLIENT_ID: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.url().optional(),
});

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Invalid reservation-service configuration: ${fields}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    supabaseUrl: e.SUPABASE_URL,
    serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY,
    smtpUrl: e.SMTP_URL || undefined,
    outboxDir: e.OUTBOX_DIR ? path.resolve(e.OUTBOX_DIR) : path.join(repoRoot(), '.data', 'outbox'),
    mailFrom: e.MAIL_FROM,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    appUrl: e.APP_URL.replace(/\/+$/, ''),
    reminderIntervalMs: e.REMINDER_INTERVAL_MS,
    privacyRetentionIntervalMs: e.PRIVACY_RETENTION_INTERVAL_MS,
    rateLimit: { max: e.RATE_LIMIT_MAX, timeWindowMs: e.RATE_LIMIT_WINDOW_MS },
    assistantRateLimit: { max: e.ASSISTANT_RATE_LIMIT_MAX, timeWindowMs: e.ASSISTANT_RATE_LIMIT_WINDOW_MS },
    failedKeyLimit: { max: e.ASSISTANT_MAX_FAILED_KEYS, timeWindowMs: e.ASSISTANT_FAILED_KEY_WINDOW_MS },
    webRateLimit: { max: e.WEB_RATE_LIMIT_MAX, timeWindowMs: e.WEB_RATE_LIMIT_WINDOW_MS },
    checkRateLimit: { max: e.CHECK_RATE_LIMIT_MAX, timeWindowMs: e.RATE_LIMIT_WINDOW_MS },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    databaseUrl: e.DATABASE_URL || undefined,
    outboxPollMs: e.OUTBOX_POLL_MS,
    outboxLeaseMs: e.OUTBOX_LEASE_MS,
    whatsapp: {
      apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
      token: e.WHATSAPP_TOKEN || undefined,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID || undefined,
      template: e.WHATSAPP_TEMPLATE,
    },
    ...(e.STRIPE_SECRET_KEY && e.STRIPE_CLIENT_ID && e.STRIPE_WEBHOOK_SECRET
      ? {
          stripe: {
            secretKey: e.STRIPE_SECRET_KEY,
            clientId: e.STRIPE_CLIENT_ID,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...(e.STRIPE_API_BASE ? { apiBase: e.STRIPE_API_BASE.replace(/\/+$/, '') } : {}),
          },
        }
      : {}),
  };
}

// The default outbox is <repo>/.data/outbox whatever the working directory (pnpm --filter runs in the package).
function repoRoot(): string {
  let dir = process.cwd();
  while (!fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}
