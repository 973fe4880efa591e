import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { withDb } from '../../../local-supabase/test/clients';
import { buildApp } from '../../src/app';
import { createMailer } from '../../src/email/mailer';
import { ownerWithRestaurant, sendQueued, startService, submitRequest, testConfig, writeReservation } from '../helpers';
import { customerFields, filesOf, mobile, whatsAppReplyFile } from '../privacy';

/**
 * The daily retention job: each tick of each instance asks for the day's run (Europe/Paris), which the
 * database grants once (public.run_daily_privacy_retention); the run anonymises the customers whose
 * retention has ended by the job's clock, and the service then deletes their files from the outbox folder.
 */
const parisDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(at);

test('two instances ticking on the same day make one run: the aged customer is anonymised and their files deleted, the other customer’s stay', async () => {
  const owner = await ownerWithRestaurant('retention-job', { complete: true });
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tablee-retention-'));
  const agedPhone = mobile();
  const keptPhone = mobile();
  // Aged: a request for the next open day, whose retention (36 months after that day) has ended by the job's clock.
  const aged = await submitRequest({ customer: { name: 'Ancien Client', phone: agedPhone.spaced } }, owner.restaurantId);
  // Kept: a reservation for 2099 (written directly: submit_group_request takes dates within a year), due long after the clock.
  const kept = await writeReservation({ restaurant_id: owner.restaurantId, customer_name: 'Client Gardé', phone_number: keptPhone.spaced });

  // Their files, as the service writes them without SMTP nor WhatsApp: the request's e-mails and messages, an acceptance, a WhatsApp reply each.
  const sender = await startService({ outboxDir });
  try {
    await sendQueued(sender, owner.restaurantId);
    const mailer = createMailer(sender.config);
    await mailer.send({ to: kept.email, subject: 'Votre réservation est acceptée', text: 'Acceptée.', html: '<p>Acceptée.</p>', tag: `${kept.numero}-acceptee` });
    mailer.close();
    await whatsAppReplyFile(sender.config, agedPhone.e164);
    await whatsAppReplyFile(sender.config, keptPhone.e164);
  } finally {
    await sender.close();
  }
  const agedFiles = () => [...new Set([...filesOf(outboxDir, aged.numero, aged.email), ...filesOf(outboxDir, aged.numero, agedPhone.e164)])];
  const keptFiles = () => [...new Set([...filesOf(outboxDir, kept.numero, kept.email), ...filesOf(outboxDir, kept.numero, keptPhone.e164)])];
  expect(agedFiles().length).toBeGreaterThanOrEqual(3);
  const keptBefore = keptFiles();
  expect(keptBefore).toHaveLength(2);

  // The job's clock: 40 months from now.
  const clock = new Date(Date.now() + 40 * 30.5 * 86_400_000);
  let logs = '';
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs += chunk.toString();
      done();
    },
  });
  const config = testConfig({ outboxDir, privacyRetentionIntervalMs: 3_600_000, privacyRetentionRestaurantId: owner.restaurantId });
  const apps: FastifyInstance[] = await Promise.all([0, 1].map(() => buildApp(config, { logStream, retentionClock: () => clock })));
  // Ready: each instance ticks at once; closing waits for the tick under way.
  await Promise.all(apps.map((app) => app.ready()));
  await Promise.all(apps.map((app) => app.close()));

  const runs = logs
    .split('\n')
    .filter((line) => line.includes('"retention run"'))
    .map((line) => JSON.parse(line));
  expect(runs).toHaveLength(1);
  expect(runs[0]).toMatchObject({ day: parisDay(clock), restaurants: 1, customers: 1, conversations: 0, files: expect.any(Number) });
  expect(logs).not.toContain('retention run failed');
  // Counts only in the logs.
  expect(logs).not.toContain(aged.email);
  const recorded = await withDb(
    async (pg) =>
      (await pg.query("select to_char(day, 'YYYY-MM-DD') as day, counts, finished_at is not null as finished from private.privacy_retention_runs where restaurant_id = $1", [owner.restaurantId]))
        .rows,
  );
  expect(recorded).toEqual([{ day: parisDay(clock), counts: { restaurants: 1, customers: 1, conversations: 0 }, finished: true }]);

  expect(await customerFields(aged.numero)).toMatchObject({ customer_name: 'Client effacé', email: null, phone_number: null });
  expect(await customerFields(kept.numero)).toMatchObject({ customer_name: 'Client Gardé', email: kept.email });
  expect(agedFiles()).toEqual([]);
  expect(keptFiles()).toEqual(keptBefore);
  expect(runs[0].files).toBeGreaterThanOrEqual(3);
});
