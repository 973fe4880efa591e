import Ajv, { type ErrorObject } from 'ajv';
import type { FastifyInstance, FastifySchema } from 'fastify';

/**
 * The JSON schemas of /auth/v1's routes: what GoTrue reads from each body and query string, checked by
 * Fastify before the handler runs. Extra fields are allowed (supabase-js sends some this server ignores:
 * gotrue_meta_security, code_challenge…), as GoTrue allows them.
 */

const text = { type: 'string' } as const;
/** User metadata (supabase-js's `options.data`): an object, or null for none. */
const metadata = { type: ['object', 'null'] } as const;
const body = (properties: Record<string, object>) => ({ type: 'object', properties }) as const;

export const AUTH_SCHEMAS = {
  health: {},
  settings: {},
  signup: { body: body({ email: text, password: text, data: metadata }) },
  token: {
    querystring: { type: 'object', properties: { grant_type: { type: 'string', enum: ['password', 'refresh_token'] } }, required: ['grant_type'] },
    body: body({ email: text, password: text, refresh_token: text }),
  },
  /** GET /user reads nothing but the bearer token, which requireUser checks. */
  user: {},
  recover: { body: body({ email: text }) },
  resend: { body: body({ email: text, type: text }) },
  verify: { body: body({ token_hash: text, type: text }) },
  updateUser: { body: body({ email: text, password: text, current_password: text, nonce: text, data: metadata }) },
  /** DELETE /admin/users/{id}: the user's id; GoTrue's soft delete (should_soft_delete) is not offered. */
  adminDeleteUser: {
    params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' } }, required: ['id'] },
    body: { type: ['object', 'null'], properties: { should_soft_delete: { type: 'boolean', enum: [false] } } },
  },
  logout: { querystring: { type: 'object', properties: { scope: { type: 'string', enum: ['global', 'local', 'others'] } } } },
} satisfies Record<string, FastifySchema>;

/**
 * Fastify's default validator converts types (a password sent as the number 12345678 would become the
 * string '12345678'); GoTrue cannot read such a body and answers 400, so this one converts nothing.
 */
export function strictValidation(app: FastifyInstance) {
  const ajv = new Ajv({ coerceTypes: false, allErrors: false, strict: true, allowUnionTypes: true });
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
}

/** The first schema error, in French, for the `validation_failed` answer. */
export function validationMessage(errors: ErrorObject[]): string {
  const error = errors[0];
  const field = error?.instancePath.replace(/^\//, '') || (error?.params as { missingProperty?: string })?.missingProperty;
  if (!error || !field) return 'Le corps de la requête doit être un objet JSON.';
  if (error.keyword === 'enum') return `Le paramètre « ${field} » doit valoir : ${(error.params as { allowedValues: string[] }).allowedValues.join(', ')}.`;
  if (error.keyword === 'required') return `Le paramètre « ${field} » est obligatoire.`;
  const expected = ([] as string[]).concat((error.params as { type?: string | string[] }).type ?? []);
  return expected.includes('object') ? `Le champ « ${field} » doit être un objet.` : `Le champ « ${field} » doit être du texte.`;
}
