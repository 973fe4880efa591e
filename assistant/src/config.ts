import { z } from 'zod';

/** Everything the assistant service reads from its environment, parsed once at start. */
export interface Config {
  port: number;
  host: string;
  supabaseUrl: string;
  serviceRoleKey: string;
  corsOrigins: string[];
  logLevel: string;
  /** Behind a reverse proxy, read the client address from X-Forwarded-For (else anyone could spoof it past the limits). */
  trustProxy: boolean;
  /** Messages allowed per client address and window on the web chat. */
  addressLimit: { max: number; timeWindowMs: number };
  /** Messages allowed per conversation and window (whatever the address). */
  conversationLimit: { max: number; timeWindowMs: number };
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8788),
  HOST: z.string().default('0.0.0.0'),
  SUPABASE_URL: z.url(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1),
  CORS_ORIGINS: z.string().default('*'),
  LOG_LEVEL: z.string().default('info'),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
  CHAT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  CHAT_CONVERSATION_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  CHAT_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1).default(60_000),
});

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid assistant configuration: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    supabaseUrl: e.SUPABASE_URL,
    serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY,
    // The chat is embedded on the restaurants' own sites ('Votre assistant'): any origin by default.
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    addressLimit: { max: e.CHAT_RATE_LIMIT_MAX, timeWindowMs: e.CHAT_RATE_LIMIT_WINDOW_MS },
    conversationLimit: { max: e.CHAT_CONVERSATION_LIMIT_MAX, timeWindowMs: e.CHAT_RATE_LIMIT_WINDOW_MS },
  };
}
