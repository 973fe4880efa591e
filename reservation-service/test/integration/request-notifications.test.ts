import fs from 'node:fs';
import { freePort } from '../../../local-supabase/test/launch';
import path from 'node:path';
import { anon, withDb } from '../../../local-supabase/test/clients';
import { until } from '../../../local-supabase/test/until';
import { createMailer, type Mailer } from '../../src/email/mailer';
import { LISTENER_NAME } from '../../src/notifications/listener';
import { sendDueNotifications } from '../../src/notifications/sender';
import { makeDue, outboxRows, submitDetailedRequest, type SubmittedRequest } from '../group-requests';
import { db, ownerWithRestaurant, ownRestaurant, parseMail, post, readRow, serviceWithSmtp, startService, type RunningService } from '../helpers';

/**
 * A new request (public.submit_group_request) queues its messages in public.notification_outbox; the
 * service sends each exactly once — the restaurant's e-mail with the one-click links, the customer's
 * acknowledgement — whatever the number of instances, retries a failed one later, gives up after five
 * attempts, and is woken by LISTEN without waiting for its poll.
 */
const running = serviceWithSmtp();
let restaurantId: string;
let contact: string;

beforeAll(async () => {
  restaurantId = (await ownRestaurant()).restaurantId;
  contact = await withDb(async (pg) => (await pg.query<{ email: string }>('select email from restaurant_contacts where restaurant_id = $1', [restaurantId])).rows[0].email);
});

/** Rounds of this file's restaurant until nothing is due; each round's outcome. */
async function roundsUntilDone(mailer: Mailer = createMailer(running.service.config), instances = 1) {
  const results = [];
  try {
    for (;;) {
      const rounds = await Promise.all(Array.from({ length: instances }, () => sendDueNotifications(db(), mailer, running.service.config, running.service.app.log, restaurantId)));
      results.push(...rounds);
      if (rounds.every((r) => r.claimed === 0)) return results;
    }
  } finally {
    mailer.close();
  }
}

const ownerMails = (r: SubmittedRequest) => running.smtp.messages.filter((m) => m.to.includes(contact) && m.raw.includes(r.numero));
const customerMails = (r: SubmittedRequest) => running.smtp.messages.filter((m) => m.to.includes(r.email));

const smtpDown = async () => createMailer({ ...running.service.config, smtpUrl: `smtp://127.0.0.1:${await freePort()}` });

const parisTime = (instant: string) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(new Date(instant));

test('a new request: the restaurant gets it in full with both links, the customer an acknowledgement answered by the restaurant', async () => {
  const r = await submitDetailedRequest(restaurantId);
  expect(await outboxRows(r.id)).toMatchObject({ 'owner_new_request/email': { status: 'pending' }, 'customer_request_received/email': { status: 'pending' } });
  await roundsUntilDone();

  expect(ownerMails(r)).toHaveLength(1);
  const owner = parseMail(ownerMails(r)[0].raw);
  const day = Number(r.date.slice(8, 10));
  expect(owner.subject).toMatch(
    new RegExp(`^Nouvelle demande : ${r.adults + r.children} pers\\. le (lun|mar|mer|jeu|ven|sam|dim)\\. ${day} \\S+ à ${r.arrivalTime} \\(${r.numeroRestaurateur}\\)$`),
  );
  // Answering the e-mail writes to the customer.
  expect(owner.replyTo).toBe(r.email);
  const appUrl = running.service.config.appUrl;
  const accept = `${appUrl}/reservations/${r.numero}/accept/${r.code}`;
  const reject = `${appUrl}/reservations/${r.numero}/reject/${r.code}`;
  const inApp = `${appUrl}/restaurants/${restaurantId}/operational/reservations/${r.numeroRestaurateur}`;
  for (const part of [owner.text, owner.html]) {
    for (const link of [accept, reject, inApp]) expect(part).toContain(link);
    expect(part).toMatch(new RegExp(`À traiter avant (le .+ à )?${parisTime(r.respondBy)}`));
    for (const fact of [
      'Soir',
      r.arrivalTime,
      `${r.adults + r.children} personnes (${r.adults} adultes et 2 enfants)`,
      'Menu Canut',
      'Kir lyonnais',
      r.email,
      '06 11 22 33 44',
      'Nous fêtons un anniversaire.',
      'arrhes de 30 % du total',
    ]) {
      expect(part).toContain(fact);
    }
  }
  expect(owner.text).toContain('- Total : ');
  expect(owner.text).toContain('Une personne est allergique aux noix.');

  expect(customerMails(r)).toHaveLength(1);
  const customer = parseMail(customerMails(r)[0].raw);
  expect(customer.subject).toMatch(/^Demande reçue : Le Comptoir des Halles, /);
  expect(customer.replyTo).toBe(contact);
  for (const part of [customer.text, customer.html]) {
    // The customer's one reference: their code, never the restaurant's own number.
    expect(part).toContain(r.codeReservation);
    expect(part).not.toContain(r.numeroRestaurateur);
    expect(part).toContain('pas encore confirmée');
    expect(part).toMatch(new RegExp(`s’engage à vous répondre .*${parisTime(r.respondBy)}`));
    expect(part).toContain('arrhes de 30 % du total');
    // The customer's mail carries no way to decide.
    expect(part).not.toContain(r.code);
  }
  expect(await outboxRows(r.id)).toMatchObject({ 'owner_new_request/email': { status: 'sent', attempts: 1 }, 'customer_request_received/email': { status: 'sent', attempts: 1 } });

  // The e-mail's accept link opens the link page, which calls this: the request is accepted.
  const answer = await post(`${running.service.url}/api/reservations/${r.numero}/accept/${r.code}`);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ success: true, numero_reservation_restaurateur: r.numeroRestaurateur });
  expect(await readRow(r.numero)).toMatchObject({ status: 1 });
});

test('SMTP down, then up: the e-mails are retried later and sent once', async () => {
  const r = await submitDetailedRequest(restaurantId);
  const [failed] = await roundsUntilDone(await smtpDown());
  expect(failed.failed).toBeGreaterThanOrEqual(2);
  expect(ownerMails(r)).toEqual([]);
  const rows = await outboxRows(r.id);
  for (const key of ['owner_new_request/email', 'customer_request_received/email']) {
    expect(rows[key]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(rows[key].last_error).toMatch(/ECONNREFUSED/);
  }
  // Not due yet: a round now sends nothing.
  await roundsUntilDone();
  expect(ownerMails(r)).toEqual([]);

  await makeDue(r.id);
  await roundsUntilDone();
  await makeDue(r.id);
  await roundsUntilDone();
  expect(ownerMails(r)).toHaveLength(1);
  expect(customerMails(r)).toHaveLength(1);
  expect(await outboxRows(r.id)).toMatchObject({ 'owner_new_request/email': { status: 'sent', attempts: 2, last_error: null } });
});

test('five failed attempts: the message is failed and no longer tried', async () => {
  const r = await submitDetailedRequest(restaurantId);
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await makeDue(r.id);
    await roundsUntilDone(await smtpDown());
  }
  const rows = await outboxRows(r.id);
  expect(rows['owner_new_request/email']).toMatchObject({ status: 'failed', attempts: 5 });
  expect(rows['customer_request_received/email']).toMatchObject({ status: 'failed', attempts: 5 });
  await withDb((pg) => pg.query('update public.notification_outbox set next_attempt_at = now() where reservation_id = $1', [r.id]));
  await roundsUntilDone();
  expect(ownerMails(r)).toEqual([]);
  expect((await outboxRows(r.id))['owner_new_request/email']).toMatchObject({ status: 'failed', attempts: 5 });
});

test('a request answered before its messages went out: nothing is sent about the request, the customer gets the answer only', async () => {
  const r = await submitDetailedRequest(restaurantId);
  expect((await post(`${running.service.url}/api/reservations/${r.numero}/reject/${r.code}`)).status).toBe(200);
  running.smtp.messages.splice(0);
  await makeDue(r.id);
  await roundsUntilDone();
  expect(ownerMails(r)).toEqual([]);
  expect(customerMails(r).map((m) => parseMail(m.raw).subject)).toEqual(['Votre demande de réservation chez Le Comptoir des Halles n’a pas pu être acceptée']);
  expect(await outboxRows(r.id)).toMatchObject({ 'owner_new_request/email': { status: 'sent' }, 'customer_request_received/email': { status: 'sent' } });
});

describe('the sender in the running service', () => {
  const services: RunningService[] = [];
  const start = async (overrides: Parameters<typeof startService>[0] = {}) => {
    // Woken by LISTEN only: its poll (10 min) never comes within a test.
    const service = await startService({ smtpUrl: running.smtp.url, outboxPollMs: 600_000, outboxRestaurantId: restaurantId, ...overrides });
    services.push(service);
    return service;
  };
  afterEach(async () => {
    for (const service of services.splice(0)) {
      await service.close();
      fs.rmSync(service.config.outboxDir, { recursive: true, force: true });
    }
  });
  const idleCount = (service: RunningService) =>
    service
      .logs()
      .split('\n')
      .filter((l) => l.includes('notification sender idle')).length;
  const listeners = () =>
    withDb(async (pg) => (await pg.query<{ pid: number }>(`select pid from pg_stat_activity where application_name = $1 and query ilike 'listen%'`, [LISTENER_NAME])).rows.map((r) => r.pid));

  test('LISTEN: a new request goes out without a round called by hand, also after the connection was dropped', async () => {
    const service = await start({ logLevel: 'debug' });
    // Its first round (what was queued while it was down) is over: only a notification can wake it now.
    await until(
      () => idleCount(service),
      (n) => n >= 1,
      'the first round',
    );
    const r = await submitDetailedRequest(restaurantId);
    await until(
      () => ownerMails(r).length + customerMails(r).length,
      (n) => n === 2,
      'the two e-mails of the request',
    );
    await until(
      () => idleCount(service),
      (n) => n === 2,
      'the end of the round the notification started',
    );

    const [pid] = await listeners();
    await withDb((pg) => pg.query('select pg_terminate_backend($1)', [pid]));
    const idle = 2;
    await until(listeners, (pids) => pids.length === 1 && pids[0] !== pid, 'the listener back on a new connection');
    // The catch-up round of the reconnection is over.
    await until(
      () => idleCount(service),
      (n) => n > idle,
      'the round after reconnecting',
    );
    const again = await submitDetailedRequest(restaurantId);
    await until(
      () => ownerMails(again).length,
      (n) => n === 1,
      'the e-mail of a request made after the reconnection',
    );
  });

  test('two instances on the same database: each message is sent once', async () => {
    const [one, two] = [await start(), await start()];
    const requests = await Promise.all(Array.from({ length: 4 }, () => submitDetailedRequest(restaurantId)));
    await until(
      () => Promise.all(requests.map((r) => outboxRows(r.id))),
      (all) => all.every((rows) => Object.values(rows).every((row) => row.status === 'sent')),
      'every message of the four requests sent',
    );
    for (const r of requests) {
      expect(ownerMails(r)).toHaveLength(1);
      expect(customerMails(r)).toHaveLength(1);
    }
    const whatsappFiles = [one, two].flatMap((s) => (fs.existsSync(s.config.outboxDir) ? fs.readdirSync(s.config.outboxDir) : [])).filter((f) => f.endsWith('.json'));
    expect(whatsappFiles).toHaveLength(4);
  });
});

test('owners and anonymous callers cannot claim or finish notifications; an owner reads only their restaurants’ ones', async () => {
  const r = await submitDetailedRequest(restaurantId);
  const stranger = await ownerWithRestaurant('notifications-stranger');
  const [row] = await withDb(async (pg) => (await pg.query<{ id: string }>('select id from public.notification_outbox where reservation_id = $1 limit 1', [r.id])).rows);
  for (const caller of [stranger.client, anon()]) {
    expect((await caller.rpc('claim_notifications', { p_limit: 5 })).error).not.toBeNull();
    expect((await caller.rpc('finish_notifications', { p_outcomes: [{ id: row.id }] })).error).not.toBeNull();
    expect((await caller.from('notification_outbox').update({ status: 'sent' }).eq('id', row.id).select()).data ?? []).toEqual([]);
  }
  expect((await stranger.client.from('notification_outbox').select('id').eq('reservation_id', r.id)).data).toEqual([]);
  expect(await outboxRows(r.id)).toMatchObject({ 'owner_new_request/email': { status: 'pending', attempts: 0 } });
  await roundsUntilDone();
});

test('no file of the outbox is named with the code', async () => {
  const service = await startService({ smtpUrl: undefined });
  try {
    const r = await submitDetailedRequest(restaurantId);
    await sendDueNotifications(db(), createMailer(service.config), service.config, service.app.log, restaurantId);
    const files = fs.readdirSync(service.config.outboxDir);
    expect(files.filter((f) => f.includes(r.numero))).toHaveLength(3);
    for (const file of files) {
      expect(file).not.toContain(r.code);
      expect(fs.readFileSync(path.join(service.config.outboxDir, file), 'utf8').length).toBeGreaterThan(0);
    }
  } finally {
    await service.close();
    fs.rmSync(service.config.outboxDir, { recursive: true, force: true });
  }
});
