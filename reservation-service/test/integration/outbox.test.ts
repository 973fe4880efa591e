import fs from 'node:fs';
import path from 'node:path';
import { parseMail, post, sendQueued, startService, submitRequest, writeReservation, type RunningService } from '../helpers';

/** Without SMTP_URL each e-mail is written as an .eml file in OUTBOX_DIR. */
let service: RunningService;

beforeAll(async () => {
  service = await startService({ smtpUrl: undefined });
});
afterAll(async () => {
  await service.close();
  fs.rmSync(service.config.outboxDir, { recursive: true, force: true });
});

const outbox = () => (fs.existsSync(service.config.outboxDir) ? fs.readdirSync(service.config.outboxDir) : []);

test('one accepted reservation → one .eml file in French, named without the code', async () => {
  // A fixed far-future date, for the e-mail's exact text: submit_group_request takes dates within a year.
  const r = await writeReservation();
  expect(outbox()).toHaveLength(0);
  const res = await post(`${service.url}/api/reservations/${r.numero}/accept/${r.code}`);
  expect(res.status).toBe(200);
  await sendQueued(service);
  const files = outbox();
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(new RegExp(`${r.numero}-acceptee-[0-9a-f]{6}\\.eml$`));
  expect(files[0]).not.toContain(r.code);
  const mail = parseMail(fs.readFileSync(path.join(service.config.outboxDir, files[0]), 'utf8'));
  expect(mail.to).toBe(r.email);
  expect(mail.subject).toBe('Votre demande chez Le Comptoir des Halles est acceptée : réglez les arrhes pour la confirmer');
  expect(mail.text).toContain('- Date : samedi 5 décembre 2099');

  // A refused second click writes nothing.
  expect((await post(`${service.url}/api/reservations/${r.numero}/reject/${r.code}`)).status).toBe(409);
  await sendQueued(service);
  expect(outbox()).toHaveLength(1);
});

test('a rejection is written as a refusal e-mail', async () => {
  const r = await submitRequest();
  await post(`${service.url}/api/reservations/${r.numero}/reject/${r.code}`);
  await sendQueued(service);
  const file = outbox().find((f) => f.includes(`${r.numero}-refusee`));
  expect(file).toBeDefined();
  const mail = parseMail(fs.readFileSync(path.join(service.config.outboxDir, file!), 'utf8'));
  expect(mail.subject).toContain('n’a pas pu être acceptée');
});
