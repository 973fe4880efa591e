import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { answers, contractSerializer, contractValidator, ContractViolation, registerOpenApi, requireContract } from '@tablee/contract/fastify';
import { CHAT_MESSAGE_MAX_BYTES, healthAnswer, openApiAnswer, readyAnswer, type RateLimitedAnswer, type RefusalAnswer } from '@tablee/contract';
import type { Config } from './config';
import { chatRoutes } from './chat/routes';
import { ChatRefusal } from './chat/turn';
import { whatsappRoutes } from './whatsapp/routes';
import { createServiceClient, type Db } from './lib/supabase';
import OpenAI from 'openai';
import type { Brain } from './chat/turn';

export interface AppOptions {
  db?: Db;
  /** Where the JSON logs go (tests). */
  logStream?: NodeJS.WritableStream;
}

const UNAVAILABLE: RefusalAnswer = { code: 'api_unavailable', field: null, message: 'L’assistant est momentanément indisponible : réessayez dans quelques secondes.' };
const INTERNAL: RefusalAnswer = { code: 'internal', field: null, message: 'Une erreur est survenue de notre côté : réessayez dans un instant.' };

/** A contract violation in the customer's words: the first issue's message (the schemas' French), on its field. */
function violationOf(error: ContractViolation): RefusalAnswer {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || null;
  if (error.part !== 'body') return { code: 'invalid_field', field, message: 'Cette conversation est introuvable : commencez-en une nouvelle.' };
  return { code: issue?.code === 'too_small' ? 'required' : 'invalid_field', field, message: issue?.message ?? 'Le message est invalide.' };
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Tokens are secrets and messages personal data: the method, the path without its query and the status only.
      serializers: {
        req: (req: FastifyRequest) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
    bodyLimit: CHAT_MESSAGE_MAX_BYTES * 2 + 1024,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(contractValidator);
  app.setSerializerCompiler(contractSerializer);
  app.addHook('onRoute', requireContract);
  const db = options.db ?? createServiceClient(config);

  await registerOpenApi(app, {
    title: 'Tablée assistant',
    description: 'The restaurant’s assistant: its web chat and its WhatsApp webhook (README.md, "The assistant"). Messages meant for people are in French.',
    serverUrl: `http://localhost:${config.port}`,
  });
  await app.register(cors, { origin: config.corsOrigins.includes('*') ? true : config.corsOrigins, methods: ['GET', 'HEAD', 'POST'] });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => Object.assign(new Error(`Trop de messages envoyés : réessayez dans ${Math.max(1, Math.ceil(context.ttl / 1000))} s.`), { statusCode: 429 }),
  });

  app.setErrorHandler((error: FastifyError | ChatRefusal | ContractViolation, request, reply) => {
    if (error instanceof ContractViolation) return reply.code(error.part === 'body' ? 422 : 404).send(violationOf(error));
    if (error instanceof ChatRefusal) return reply.code(error.status).send(error.refusal);
    if (error.statusCode === 429) {
      const body: RateLimitedAnswer = { code: 429, error_code: 'over_request_rate_limit', msg: error.message };
      return reply.code(429).send(body);
    }
    if (error.statusCode === 413) return reply.code(422).send({ code: 'too_long', field: 'text', message: 'Le message dépasse 4 Ko.' });
    if (error.statusCode && error.statusCode < 500) return reply.code(400).send({ code: 'bad_request', field: null, message: 'La demande est illisible (JSON attendu).' });
    request.log.error({ err: error }, 'chat turn failed');
    return reply
      .code(503)
      .header('retry-after', '5')
      .send(error.name === 'DatabaseFailure' ? UNAVAILABLE : INTERNAL);
  });

  app.get('/api/health', { schema: { operationId: 'health', summary: 'Liveness: the process runs.', ...answers({ 200: [healthAnswer, 'The process runs.'] }) } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' as const }),
  );
  app.get(
    '/api/ready',
    { schema: { operationId: 'ready', summary: 'Readiness: the database answers.', ...answers({ 200: [readyAnswer, 'Ready.'], 503: [readyAnswer, 'Not ready.'] }) } },
    async (_request, reply) => {
      // One call of a SQL function the assistant uses (it reaches no table), with a timeout.
      const { error } = await db
        .rpc('request_page_open', { p_restaurant_id: '00000000-0000-4000-8000-000000000000' })
        .abortSignal(AbortSignal.timeout(2000))
        .then(
          (answer) => answer,
          (failure: unknown) => ({ error: failure }),
        );
      const database = error ? ('down' as const) : ('ok' as const);
      reply.header('cache-control', 'no-store');
      return reply.code(database === 'ok' ? 200 : 503).send({ status: database === 'ok' ? 'ready' : 'not_ready', checks: { database } });
    },
  );
  app.get('/api/openapi.json', { schema: { operationId: 'openApi', summary: 'This document.', ...answers({ 200: [openApiAnswer, 'OpenAPI 3.1.'] }) } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(app.swagger()),
  );
  // A model when the platform configures one (any OpenAI-compatible endpoint), else the built-in engine.
  const brain: Brain = {
    appUrl: config.appUrl,
    ...(config.llm ? { model: { client: new OpenAI({ baseURL: config.llm.baseUrl, apiKey: config.llm.apiKey || 'none' }), model: config.llm.model, timeoutMs: config.llm.timeoutMs } } : {}),
  };
  await app.register(chatRoutes, { config, db, brain });
  // Its own scope: its JSON parser keeps the body as sent, for the signature.
  await app.register(whatsappRoutes, { config, db, brain });
  return app;
}
