/**
 * The HTTP contract on a service's side (the reservation service, the assistant): every route declares
 * its inputs and answers with the zod schemas of this package (fastify-type-provider-zod types the
 * handlers from them), and @fastify/swagger generates GET /api/openapi.json from the same declarations.
 * A subpath of its own (`@tablee/contract/fastify`): the browser modules import the schemas' types only.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { contractSchemas } from './requests';

/**
 * An input that does not fit its schema. The route's error handler answers it as the route always
 * has, in French: the request routes with the first issue as a refusal, the owner's endpoints with 400.
 */
export class ContractViolation extends Error {
  readonly statusCode = 400;
  constructor(
    /** params, body or querystring. */
    readonly part: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`${part}: ${issues.map((issue) => issue.path.join('.')).join(',')}`);
  }
}

/**
 * Parses each input with its zod schema. `reportInput`: the refusals tell a missing field from a wrong
 * one by the value given.
 */
export const contractValidator: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: new ContractViolation(httpPart ?? 'body', result.error.issues) };
  };

/**
 * Answers are written as they are (JSON.stringify, as without a schema): the type provider checks each
 * handler's answer against its schema at compile time, and the tests check the document against the
 * answers; re-parsing at run time would turn an unforeseen field into a 500 after the change is made.
 */
export const contractSerializer = () => (data: unknown) => JSON.stringify(data);

/**
 * Every route of /api declares its schema, answers included: refused when the route is registered
 * (the service does not start), so that the OpenAPI document is never short of a route.
 */
export function requireContract(route: RouteOptions) {
  if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
  const schema = route.schema as FastifySchema | undefined;
  if (!schema?.response) throw new Error(`${String(route.method)} ${route.url}: a route of /api declares its schema (inputs and answers) from @tablee/contract`);
}

/** What a service's OpenAPI document says of itself; paths and schemas come from its routes. */
export interface OpenApiFrame {
  title: string;
  description: string;
  /** The service's public origin. */
  serverUrl: string;
  securitySchemes?: Record<string, { type: 'http'; scheme: string; bearerFormat?: string; description: string }>;
}

export async function registerOpenApi(app: FastifyInstance, frame: OpenApiFrame) {
  const zodTransform = createJsonSchemaTransform({ schemaRegistry: contractSchemas });
  const transformObject = createJsonSchemaTransformObject({ schemaRegistry: contractSchemas });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: frame.title, version: '1', description: frame.description },
      servers: [{ url: frame.serverUrl }],
      ...(frame.securitySchemes ? { components: { securitySchemes: frame.securitySchemes } } : {}),
    },
    transform: (route) => {
      const { schema, url } = zodTransform(route);
      return { schema: withAnswerMeanings(schema), url };
    },
    // The document says its dialect once (JSON Schema 2020-12, as OpenAPI 3.1 takes it).
    transformObject: (document) => {
      const generated = { ...transformObject(document), jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema' };
      if ('components' in generated) dropUnusedSchemas(generated);
      return generated;
    },
  });
}

/**
 * Keeps only the named schemas the document refers to: the transform names both sides
 * of every schema (`Id`, `IdInput`), while a body is only read and an answer only written.
 */
function dropUnusedSchemas(document: { components?: { schemas?: Record<string, unknown> } }): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      const id = key === '$ref' && typeof child === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(child)?.[1] : undefined;
      if (id && !used.has(id)) {
        used.add(id);
        visit(schemas[id]);
      } else visit(child);
    }
  };
  visit({ ...document, components: { ...document.components, schemas: {} } });
  for (const id of Object.keys(schemas)) if (!used.has(id)) delete schemas[id];
}

/** Where a route's schema keeps what each of its answers means, for the document. */
const ANSWER_MEANINGS = 'x-answer-meanings';
/** Where it keeps the media type of an answer that is not JSON (an .ics file), for the document. */
const ANSWER_MEDIA_TYPES = 'x-answer-media-types';

/**
 * A route's answers: each status with its schema and what it means, and the media type of one that is
 * not JSON (`text/calendar`). The schemas type the handler's replies (fastify-type-provider-zod); the
 * meanings are the document's descriptions of them.
 */
export function answers<const T extends Record<number, readonly [ZodType, string] | readonly [ZodType, string, string]>>(map: T) {
  const response = Object.fromEntries(Object.entries(map).map(([status, [schema]]) => [status, schema])) as {
    [S in keyof T]: T[S] extends readonly [infer Schema, string, ...string[]] ? Schema : never;
  };
  const meanings: Record<string, string> = Object.fromEntries(Object.entries(map).map(([status, [, meaning]]) => [status, meaning]));
  const mediaTypes: Record<string, string> = Object.fromEntries(Object.entries(map).flatMap(([status, [, , mediaType]]) => (mediaType ? [[status, mediaType]] : [])));
  return { response, [ANSWER_MEANINGS]: meanings, ...(Object.keys(mediaTypes).length ? { [ANSWER_MEDIA_TYPES]: mediaTypes } : {}) };
}

/** The headers the service's answers of a status always carry (its error handlers and the rate limit set them). */
const ANSWER_HEADERS: Record<string, Record<string, { type: string; description: string }>> = {
  401: { 'WWW-Authenticate': { type: 'string', description: 'Bearer.' } },
  429: { 'Retry-After': { type: 'integer', description: 'Seconds before trying again.' } },
  503: { 'Retry-After': { type: 'integer', description: 'Seconds before trying again.' } },
};

/**
 * The route's document with each answer described by its meaning and its headers (@fastify/swagger
 * takes the answer schema's description and headers).
 */
function withAnswerMeanings(schema: FastifySchema): FastifySchema {
  const { [ANSWER_MEANINGS]: meanings, [ANSWER_MEDIA_TYPES]: mediaTypes, ...rest } = Object.fromEntries(Object.entries(schema));
  if (!isRecord(meanings) || !isRecord(rest.response)) return rest;
  const media = isRecord(mediaTypes) ? mediaTypes : {};
  const response = Object.fromEntries(
    Object.entries(rest.response).map(([status, json]) => {
      const headers = ANSWER_HEADERS[status] ? { headers: ANSWER_HEADERS[status] } : {};
      const mediaType = media[status];
      // An answer that is not JSON: its schema under its own media type (@fastify/swagger's `content` form).
      if (typeof mediaType === 'string') return [status, { description: meanings[status], content: { [mediaType]: { schema: isRecord(json) ? json : {} } }, ...headers }];
      return [status, { ...(isRecord(json) ? json : {}), description: meanings[status], ...headers }];
    }),
  );
  return { ...rest, response };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
