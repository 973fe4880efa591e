import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app';
import { Heartbeats } from '../../src/health';
import { createServiceClient } from '../../src/lib/supabase';
import type { Config } from '../../src/config';
import { freePort } from '../../../local-supabase/test/launch';
import { startSmtp, testConfig } from '../helpers';

/** Issue 32, item 19: GET /api/health and /api/ready for a load balancer, security headers on every answer. */
const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function start(overrides: Partial<Config> = {}, options: AppOptions = {}) {
  const app = await buildApp(testConfig(overrides), options);
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

test('/api/health answers while the process runs; every answer has nosniff and no referrer', async () => {
  const url = await start();
  const res = await fetch(`${url}/api/health`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok' });
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('cache-control')).toBe('no-store');
});

test('its HTML pages have a CSP allowing their inline style only, and are never framed', async () => {
  const url = await start();
  const res = await fetch(`${url}/page-inconnue`);
  expect(res.headers.get('content-type')).toContain('text/html');
  expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
});

test('/api/ready: 200 when the database answers and the running sender beats', async () => {
  // The sender on, limited to a restaurant of its own (the database is shared with other files).
  const url = await start({ outboxPollMs: 50, outboxRestaurantId: randomUUID() });
  const res = await fetch(`${url}/api/ready`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ status: 'ready', checks: { database: 'ok', mail: 'outbox', sender: 'ok', reminders: 'off', retention: 'off' } });
});

test('/api/ready: 503 with Retry-After when the database does not answer', async () => {
  const config = testConfig();
  const url = await start({}, { db: createServiceClient({ ...config, supabaseUrl: 'http://127.0.0.1:9' }) });
  const res = await fetch(`${url}/api/ready`);
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(await res.json()).toEqual({ status: 'not_ready', checks: { database: 'down', mail: 'outbox', sender: 'off', reminders: 'off', retention: 'off' } });
  // Still alive: the process answers.
  expect((await fetch(`${url}/api/health`)).status).toBe(200);
});

test('/api/ready: 503 when a loop has missed its beats (timer stopped or round hung)', async () => {
  let now = 1_000_000;
  const heartbeats = new Heartbeats(() => now);
  const url = await start({}, { heartbeats });
  const beat = heartbeats.register('reminders', 1000);
  expect((await fetch(`${url}/api/ready`)).status).toBe(200);
  now += 3_500;
  expect((await fetch(`${url}/api/ready`)).status).toBe(200);
  now += 1_000;
  const res = await fetch(`${url}/api/ready`);
  expect(res.status).toBe(503);
  expect((await res.json()).checks).toEqual({ database: 'ok', mail: 'outbox', sender: 'off', reminders: 'dead', retention: 'off' });
  beat();
  expect((await fetch(`${url}/api/ready`)).status).toBe(200);
});

test('/api/ready: 503 while the SMTP server cannot be reached (no e-mail could leave), 200 once it answers', async () => {
  // A port nobody listens on: the connection is refused.
  const unreachable = await start({ smtpUrl: `smtp://127.0.0.1:${await freePort()}` });
  const down = await fetch(`${unreachable}/api/ready`);
  expect({ status: down.status, retryAfter: down.headers.get('retry-after'), body: await down.json() }).toEqual({
    status: 503,
    retryAfter: '5',
    body: { status: 'not_ready', checks: { database: 'ok', mail: 'down', sender: 'off', reminders: 'off', retention: 'off' } },
  });
  const smtp = await startSmtp();
  try {
    const up = await fetch(`${await start({ smtpUrl: smtp.url })}/api/ready`);
    expect({ status: up.status, body: await up.json() }).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', mail: 'ok', sender: 'off', reminders: 'off', retention: 'off' } },
    });
  } finally {
    await smtp.close();
  }
});
