import { z } from 'zod';

/** Everything the assistant service reads from its environment, parsed once at start. */
export interface Config {
  port: number;
  host: string;
  supabaseUrl: string;
  serviceRoleKey: string;
  corsOrigins: string[];
  /** The application's public origin (the shell's), without a trailing slash: the customer's page /ma-reservation/{token} is under it. */
  appUrl: string;
  logLevel: string;
  /** Behind a reverse proxy, read the client address from X-Forwarded-For (else anyone could spoof it past the limits). */
  trustProxy: boolean;
  /** Messages allowed per client address and window on the web chat. */
  addressLimit: { max: number; timeWindowMs: number };
  /** Messages allowed per conversation and window (whatever the address). */
  conversationLimit: { max: number; timeWindowMs: number };
  /**
   * The WhatsApp Cloud API's webhook (/api/whatsapp/webhook): the token Meta's verification echoes
   * (without it, GET answers 404) and the app's secret its deliveries are signed with (without it,
   * POST answers 404). The replies go out through the outbox, sent by the reservation service.
   */
  whatsapp: { verifyToken?: string; appSecret?: string };
  /**
   * A model behind an OpenAI-compatible Chat Completions API writes the replies when the platform has
   * one (llm/agent.ts); without it, the built-in engine. `timeoutMs`: a call slower than that leaves the
   * turn to the engine.
   */
  llm?: { baseUrl: string; apiKey: string; model: string; timeoutMs: number };
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8788),
  HOST: z.string().default('0.0.0.0'),
  SUPABASE_URL: z.url(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1),
  CORS_ORIGINS: z.string().default('*'),
  APP_URL: z.url().default('http://localhost:3000'),
  LOG_LEVEL: z.string().default('info'),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
  CHAT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  CHAT_CONVERSATION_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  CHAT_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1).default(60_000),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  ASSISTANT_LLM_BASE_URL: z.url().optional(),
  ASSISTANT_LLM_API_KEY: z.string().optional(),
  ASSISTANT_LLM_MODEL: z.string().optional(),
  ASSISTANT_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).default(8000),
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
    appUrl: e.APP_URL.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    addressLimit: { max: e.CHAT_RATE_LIMIT_MAX, timeWindowMs: e.CHAT_RATE_LIMIT_WINDOW_MS },
    conversationLimit: { max: e.CHAT_CONVERSATION_LIMIT_MAX, timeWindowMs: e.CHAT_RATE_LIMIT_WINDOW_MS },
    whatsapp: { verifyToken: e.WHATSAPP_VERIFY_TOKEN || undefined, appSecret: e.WHATSAPP_APP_SECRET || undefined },
    ...(e.ASSISTANT_LLM_BASE_URL && e.ASSISTANT_LLM_MODEL
      ? { llm: { baseUrl: e.ASSISTANT_LLM_BASE_URL, apiKey: e.ASSISTANT_LLM_API_KEY ?? '', model: e.ASSISTANT_LLM_MODEL, timeoutMs: e.ASSISTANT_LLM_TIMEOUT_MS } }
      : {}),
  };
}
