/**
 * GET /api/openapi.json: the service's OpenAPI 3.1 document, generated from the zod schemas the routes
 * parse with (z.toJSONSchema, JSON Schema 2020-12 as OpenAPI 3.1 takes it), so it cannot drift from them.
 */
import { z } from 'zod';
import type { Config } from '../config';
import { decisionBody, linkParams, sheetParams } from '../reservations/schemas';
import { contractSchemas, requestParams } from './schema';

type JsonSchema = Record<string, unknown>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: JsonSchema, description: string) => ({ description, content: { 'application/json': { schema } } });

/** A route's path parameters, from the zod object its params are parsed with. */
function pathParameters(schema: z.ZodObject): JsonSchema[] {
  const { properties = {} } = z.toJSONSchema(schema, { io: 'input' }) as { properties?: Record<string, JsonSchema> };
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'path', required: true, schema: property }));
}

/** The named schemas, their references pointing into the document; the document says its dialect once. */
function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(contractSchemas, { io: 'input', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]));
}

const refused = (description: string) => json(ref('Refusal'), description);

export function openApiDocument(config: Config): JsonSchema {
  const dashboardAnswer = 'JSON `{ success, numero_reservation_restaurateur, status, message, email_queued, warnings }` (reservation-service/README.md).';
  // As /rest/v1 answers while the database restarts: nothing was stored, the same body may be sent again after Retry-After.
  const unavailable = {
    ...refused('The database is momentarily unavailable (`api_unavailable`): nothing was stored; send the same body again after Retry-After seconds (the same external_id is safe).'),
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
  };
  const paths: Record<string, JsonSchema> = {
    '/api/restaurants/{restaurantId}/requests': {
      post: {
        operationId: 'submitGroupRequest',
        summary: 'A group request from the restaurant’s chatbot (public.submit_group_request).',
        description:
          'Checked against the restaurant’s profile and stored pending; the restaurant and the customer are notified. Idempotent on `external_id`, per key (without a key, per request page): the same body again answers 200 with the same reservation, another body 409; the same id with another key, or without one, is another request. Without a key, the public path of the restaurant’s request page (/demande/{restaurantId}): only while the owner has it switched on, stored with source `web`, at most 16 KB, no `conversation`, an optional honeypot field `website` that must stay empty, limited per client address.',
        security: [{ assistantKey: [] }, {}],
        parameters: pathParameters(requestParams),
        requestBody: { required: true, content: { 'application/json': { schema: ref('GroupRequest') } } },
        responses: {
          '201': json(ref('SubmittedRequest'), 'The request is stored, pending the restaurant’s answer.'),
          '200': json(ref('SubmittedRequest'), 'The same external_id and body were already received: the same reservation.'),
          '400': refused('Not JSON (`invalid_json`).'),
          '401': {
            ...refused('No key while the restaurant’s request page is off, or an unknown or revoked key (`key_required`, `invalid_key`).'),
            headers: { 'WWW-Authenticate': { schema: { type: 'string' } } },
          },
          '403': refused('The key is another restaurant’s (`wrong_restaurant`).'),
          '404': refused('The restaurant id of the path is not a UUID (`unknown_restaurant`).'),
          '409': refused('The external_id was already used with another body (`external_id_conflict`).'),
          '413': refused('Over 512 KB; without a key, over 16 KB (`too_large`).'),
          '422': refused('The request does not fit the contract or the restaurant’s profile; `field` names the field.'),
          '429': json(ref('RateLimited'), 'Too many requests with this key (without a key: from this client address); see Retry-After.'),
          '500': refused('Our fault; retrying with the same external_id is safe.'),
          '503': unavailable,
        },
      },
    },
    '/api/restaurants/{restaurantId}/reservations': {
      post: {
        operationId: 'submitOwnerBooking',
        summary: 'Nouvelle réservation: a booking the signed-in owner takes (by phone), through public.submit_group_request (source phone).',
        description:
          'The request’s rules and refusals, as the owner of the restaurant (checked in SQL). The owner is not notified of it; the customer gets the acknowledgement, or the acceptance e-mail when `accept` is true. `preview`: nothing is stored; 200 with the warnings to confirm before accepting. Idempotent on `external_id` as the chatbot’s requests.',
        security: [{ ownerSession: [] }],
        parameters: pathParameters(requestParams),
        requestBody: { required: true, content: { 'application/json': { schema: ref('OwnerBooking') } } },
        responses: {
          '201': json(ref('SubmittedRequest'), 'The booking is stored: pending, or accepted when `accept` was true.'),
          '200': json(ref('SubmittedRequest'), 'A preview (nothing stored), or the same external_id and body already received.'),
          '401': refused('No usable owner session (`unauthorized`).'),
          '403': refused('The restaurant is another owner’s (`forbidden`).'),
          '409': refused('The external_id was already used with another body (`external_id_conflict`).'),
          '422': refused('The booking does not fit the contract or the restaurant’s profile; `field` names the field.'),
          '503': unavailable,
        },
      },
    },
    '/api/openapi.json': { get: { operationId: 'openApi', summary: 'This document.', responses: { '200': { description: 'OpenAPI 3.1.' } } } },
  };
  for (const action of ['accept', 'reject']) {
    paths[`/api/reservations/{numero_reservation}/${action}/{code_manage}`] = {
      post: {
        operationId: `${action}ByLink`,
        summary: `One-click ${action} from the owner's e-mail (the code in the link authorises it).`,
        parameters: pathParameters(linkParams),
        responses: { default: { description: dashboardAnswer } },
      },
    };
  }
  for (const endpoint of ['accept_reservation', 'reject_reservation', 'mark_paid', 'cancel_reservation']) {
    paths[`/api/reservations/${endpoint}`] = {
      post: {
        operationId: endpoint,
        summary: 'From the dashboard, as the signed-in owner.',
        security: [{ ownerSession: [] }],
        requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(decisionBody, { io: 'input' }) } } },
        responses: { default: { description: dashboardAnswer } },
      },
    };
  }
  paths['/api/reservations/{numero_reservation}/sheets'] = {
    get: {
      operationId: 'sheetLinks',
      summary: 'The links of the kitchen and dining-room sheets of an accepted reservation, for its owner.',
      security: [{ ownerSession: [] }],
      parameters: pathParameters(sheetParams),
      responses: { default: { description: 'JSON `{ success, numero_reservation_restaurateur, status, feuille_cuisine_url, feuille_salle_url }`.' } },
    },
  };

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Tablée reservation service',
      version: '1',
      description: 'The chatbot’s contract (README.md, "Requests in") and the owner’s endpoints. Messages meant for people are in French.',
    },
    servers: [{ url: config.publicBaseUrl }],
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        assistantKey: { type: 'http', scheme: 'bearer', description: 'A key of the restaurant’s assistant, created on « Votre assistant » (shown once).' },
        ownerSession: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The signed-in owner’s Supabase access token.' },
      },
    },
  };
}
