import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { withDb } from '../../../local-supabase/test/clients';
import { createMailer } from '../../src/email/mailer';
import { sendDueNotifications } from '../../src/notifications/sender';
import { makeDue, outboxRows, submitDetailedRequest } from '../group-requests';
import { db, ownRestaurant, parseMail, testConfig } from '../helpers';
import type { Config } from '../../src/config';

/**
 * The restaurant's WhatsApp message for a new request: the template of the WhatsApp Cloud API, sent to
 * the restaurant's number in E.164 with both one-click links; a refusal of the API is retried; without
 * the API's settings, the same body is written as a .json file in the outbox.
 */
interface Call {
  url: string;
  authorization?: string;
  body: {
    to: string;
    messaging_product: string;
    type: string;
    template: { name: string; language: { code: string }; components: { type: string; sub_type?: string; index?: string; parameters: { type: string; text: string }[] }[] };
  };
}

/** A stand-in for graph.facebook.com on a free port: records each call, answers `status`. */
async function startWhatsAppApi() {
  const calls: Call[] = [];
  const api = { calls, status: 200, url: '', close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      calls.push({ url: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(body) });
      res.writeHead(api.status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(api.status === 200 ? { messaging_product: 'whatsapp', messages: [{ id: `wamid.${calls.length}` }] } : { error: { message: 'Template name does not exist', code: 132001 } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  return api;
}

let api: Awaited<ReturnType<typeof startWhatsAppApi>>;
let restaurantId: string;
const outboxes: string[] = [];

beforeAll(async () => {
  api = await startWhatsAppApi();
  restaurantId = (await ownRestaurant()).restaurantId;
  // The number as the table stores it (E.164: restaurant_contacts_whatsapp_e164).
  await withDb((pg) => pg.query(`update restaurant_contacts set whatsapp = '+33612345678' where restaurant_id = $1`, [restaurantId]));
});
afterAll(async () => {
  await api.close();
  for (const dir of outboxes) fs.rmSync(dir, { recursive: true, force: true });
});

function config(whatsapp: Partial<Config['whatsapp']>): Config {
  const base = testConfig();
  outboxes.push(base.outboxDir);
  return { ...base, whatsapp: { ...base.whatsapp, ...whatsapp } };
}
const withApi = () => config({ apiUrl: api.url, token: 'jeton-de-test', phoneNumberId: '1234567890' });

const log = Fastify().log;

/** Rounds of this file's restaurant until nothing is due (the e-mails go to the .eml outbox). */
async function roundsUntilDone(c: Config) {
  const mailer = createMailer(c);
  try {
    while ((await sendDueNotifications(db(), mailer, c, log, restaurantId)).claimed > 0);
  } finally {
    mailer.close();
  }
}

const callsFor = (numero: string) => api.calls.filter((c) => JSON.stringify(c.body).includes(numero));

test('the template goes to the restaurant’s number in E.164, with the request and both one-click links', async () => {
  const c = withApi();
  const r = await submitDetailedRequest(restaurantId);
  await roundsUntilDone(c);
  expect(callsFor(r.numero)).toHaveLength(1);
  const [call] = callsFor(r.numero);
  expect(call.url).toBe('/v21.0/1234567890/messages');
  expect(call.authorization).toBe('Bearer jeton-de-test');
  expect(call.body).toMatchObject({ messaging_product: 'whatsapp', to: '+33612345678', type: 'template', template: { name: 'nouvelle_demande_groupe', language: { code: 'fr' } } });
  const [body, accept, reject] = call.body.template.components;
  const texts = body.parameters.map((p) => p.text);
  expect(body.type).toBe('body');
  expect(texts).toHaveLength(11);
  expect(texts[0]).toBe(r.numeroRestaurateur);
  expect(texts[2]).toBe(r.arrivalTime);
  expect(texts[3]).toBe(`${r.adults + r.children} personnes (${r.adults} adultes et 2 enfants)`);
  // The group's allergies right after the request (none given in dietary_notes here).
  expect(texts[4]).toBe('aucune signalée');
  expect(texts[5]).toBe('Menu Canut');
  // One line each: WhatsApp refuses a parameter with a line break.
  expect(texts[8]).toBe('Nous fêtons un anniversaire. Une personne est allergique aux noix.');
  for (const text of texts) expect(text).not.toMatch(/[\n\t]| {5}/);
  expect(accept).toEqual({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: `${r.numero}/accept/${r.code}` }] });
  expect(reject).toEqual({ type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: `${r.numero}/reject/${r.code}` }] });
  // The buttons' registered base URL plus the suffix: the e-mail's links.
  const email = parseMail(
    fs.readFileSync(
      path.join(
        c.outboxDir,
        fs.readdirSync(c.outboxDir).find((f) => f.includes(`${r.numero}-nouvelle-demande`))!,
      ),
      'utf8',
    ),
  ).text;
  expect(email).toContain(`${c.appUrl}/reservations/${accept.parameters[0].text}`);
  expect(await outboxRows(r.id)).toMatchObject({ 'owner_new_request/whatsapp': { status: 'sent', attempts: 1, recipient: '+33612345678' } });

  // Sent is sent: another round calls nothing.
  await roundsUntilDone(c);
  expect(callsFor(r.numero)).toHaveLength(1);
});

test('an answer other than 2xx is a failure, retried later and then sent once', async () => {
  const c = withApi();
  const r = await submitDetailedRequest(restaurantId);
  api.status = 404;
  try {
    await roundsUntilDone(c);
  } finally {
    api.status = 200;
  }
  const failed = (await outboxRows(r.id))['owner_new_request/whatsapp'];
  expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
  expect(failed.last_error).toContain('WhatsApp a répondu 404');
  expect(failed.last_error).not.toContain('jeton-de-test');
  await makeDue(r.id);
  await roundsUntilDone(c);
  expect(callsFor(r.numero)).toHaveLength(2);
  expect((await outboxRows(r.id))['owner_new_request/whatsapp']).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
});

test('without WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID: the same body as a .json file in the outbox, no call', async () => {
  const c = config({ apiUrl: api.url, token: undefined, phoneNumberId: undefined });
  const r = await submitDetailedRequest(restaurantId);
  await roundsUntilDone(c);
  expect(callsFor(r.numero)).toEqual([]);
  const files = fs.readdirSync(c.outboxDir).filter((f) => f.endsWith('.json') && f.includes(r.numero));
  expect(files).toHaveLength(1);
  expect(files[0]).not.toContain(r.code);
  const body = JSON.parse(fs.readFileSync(path.join(c.outboxDir, files[0]), 'utf8'));
  expect(body).toMatchObject({ messaging_product: 'whatsapp', to: '+33612345678', type: 'template', template: { name: 'nouvelle_demande_groupe', language: { code: 'fr' } } });
  expect(body.template.components[1].parameters[0].text).toBe(`${r.numero}/accept/${r.code}`);
  expect((await outboxRows(r.id))['owner_new_request/whatsapp']).toMatchObject({ status: 'sent' });
});

test('a number that is not one: the message fails with a clear error, nothing is called', async () => {
  const c = withApi();
  const r = await submitDetailedRequest(restaurantId);
  // The table refuses such a number (restaurant_contacts_whatsapp_e164): a message queued with one is the sender's own defence.
  await withDb((pg) => pg.query(`update notification_outbox set recipient = '12' where reservation_id = $1 and channel = 'whatsapp'`, [r.id]));
  await roundsUntilDone(c);
  expect(callsFor(r.numero)).toEqual([]);
  expect((await outboxRows(r.id))['owner_new_request/whatsapp']).toMatchObject({ status: 'pending', last_error: 'Numéro WhatsApp du restaurant invalide : « 12 »' });
});
