import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../../src/app';
import { testConfig } from '../helpers';

/**
 * No route without a schema: every route of /api declares its inputs and answers (@tablee/contract),
 * so that the OpenAPI document generated from them describes the whole API.
 */
let app: FastifyInstance;
beforeAll(async () => {
  // Its logs kept out of the run's output.
  app = await buildApp(testConfig(), { logStream: new Writable({ write: (_chunk, _encoding, done) => done() }) });
});
afterAll(() => app?.close());

test('a route of /api registered without a schema, or without its answers, is refused', () => {
  expect(() => app.get('/api/undeclared', async () => ({ ok: true }))).toThrow('GET /api/undeclared: a route of /api declares its schema');
  expect(() => app.post('/api/half-declared', { schema: { body: z.object({ name: z.string() }) } }, async () => ({ ok: true }))).toThrow(
    'POST /api/half-declared: a route of /api declares its schema',
  );
});

test('every route of the service is in the generated document, with its answers', async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const doc: { paths: Record<string, Record<string, { responses: Record<string, { content?: unknown; headers?: Record<string, unknown> }> }>> } = await (
    await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/openapi.json`)
  ).json();
  const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
  expect(documented.sort()).toEqual(
    [
      'GET /api/customer/{token}/calendar.ics',
      'GET /api/customer/{token}/pay',
      'GET /api/stripe/oauth/callback',
      'GET /api/stripe/status',
      'POST /api/customers/erase',
      'POST /api/reservations/charge_no_show_fee',
      'POST /api/restaurants/{restaurant_id}/stripe/connect',
      'POST /api/restaurants/{restaurant_id}/stripe/disconnect',
      'POST /api/stripe/webhook',
      'GET /api/health',
      'GET /api/openapi.json',
      'GET /api/ready',
      'GET /api/reservations/{numero_reservation}/sheets',
      'PATCH /api/reservations/{reservationId}',
      'POST /api/reservations/accept_reservation',
      'POST /api/reservations/cancel_reservation',
      'POST /api/reservations/mark_no_show',
      'POST /api/reservations/mark_paid',
      'POST /api/reservations/reject_reservation',
      'POST /api/reservations/{numero_reservation}/accept/{code_manage}',
      'POST /api/reservations/{numero_reservation}/reject/{code_manage}',
      'POST /api/reservations/{numero_reservation}/undo/{code_manage}',
      'POST /api/restaurants/{restaurantId}/requests',
      'POST /api/restaurants/{restaurantId}/requests/check',
      'POST /api/restaurants/{restaurantId}/reservations',
    ].sort(),
  );
  for (const methods of Object.values(doc.paths)) {
    for (const operation of Object.values(methods)) {
      // Its success: 200, or a redirection (303: the customer sent to Stripe's Checkout page, the owner back from Stripe's OAuth).
      expect(Object.keys(operation.responses).filter((status) => status === '200' || status === '303')).toHaveLength(1);
      // Each answer of a JSON route has its schema (the document's own is OpenAPI's).
      // A redirection has no body: its Location header says where.
      for (const [status, response] of Object.entries(operation.responses)) if (status !== '303') expect(response.content).toBeDefined();
      // When to try again, as the service's answers say it.
      for (const status of ['429', '503']) if (operation.responses[status]) expect(operation.responses[status].headers).toHaveProperty('Retry-After');
    }
  }
});
