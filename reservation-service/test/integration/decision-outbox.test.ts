import { freePort } from '../../../local-supabase/test/launch';
import { createMailer } from '../../src/email/mailer';
import { outboxRows } from '../group-requests';
import { ownerWithRestaurant, parseMail, post, sendQueued, serviceWithSmtp, startService, submitRequest } from '../helpers';

/**
 * A decision's e-mail to the customer goes through the outbox, written by the SQL transition in its
 * transaction: with SMTP down when the owner decides, the customer is told once SMTP is back, and
 * exactly once however many senders run.
 */
const running = serviceWithSmtp();
let restaurantId: string;

beforeAll(async () => {
  restaurantId = (await ownerWithRestaurant('decisions', { complete: true })).restaurantId;
});

const customerMails = (email: string) => running.smtp.messages.filter((m) => m.to.includes(email));

test('SMTP down during an accept: the answer says the e-mail will be sent, and the customer gets it once SMTP is back', async () => {
  const r = await submitRequest({}, restaurantId);
  // The instance the owner's click reaches has its SMTP server down.
  const smtpUrl = `smtp://127.0.0.1:${await freePort()}`;
  const instance = await startService({ smtpUrl });
  const res = await post(`${instance.url}/api/reservations/${r.numero}/accept/${r.code}`).finally(() => instance.close());
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ success: true, status: 1, email_queued: true, message: 'Réservation acceptée. Un email de confirmation va être envoyé au client.' });
  expect(await outboxRows(r.id)).toMatchObject({ 'customer_reservation_accepted/email': { status: 'pending', recipient: r.email } });

  const down = createMailer({ ...running.service.config, smtpUrl });
  // SMTP down: the sender tries, fails, and keeps the message for later.
  const failed = await sendQueued(running.service, restaurantId, { mailer: down });
  down.close();
  expect(failed.reduce((n, round) => n + round.failed, 0)).toBeGreaterThanOrEqual(1);
  expect(customerMails(r.email)).toHaveLength(0);

  // SMTP back: sent once, and never again.
  await sendQueued(running.service, restaurantId);
  await sendQueued(running.service, restaurantId);
  expect(customerMails(r.email)).toHaveLength(1);
  expect(parseMail(customerMails(r.email)[0].raw).subject).toMatch(/^Votre (réservation|demande) chez Restaurant decisions est (confirmée|acceptée)/);
  expect(await outboxRows(r.id)).toMatchObject({ 'customer_reservation_accepted/email': { status: 'sent' } });
});

test('three senders side by side: a refusal with its reason and proposal goes out once, as the decision recorded it', async () => {
  const owner = await ownerWithRestaurant('decisions-three', { complete: true });
  const r = await submitRequest({}, owner.restaurantId);
  const res = await post(
    `${running.service.url}/api/reservations/reject_reservation`,
    { numero_reservation: r.numero, restaurant_id: owner.restaurantId, reason: 'complet', proposal: 'Le samedi suivant à 20 h' },
    { authorization: `Bearer ${owner.accessToken}` },
  );
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ success: true, status: 2, email_queued: true });
  await sendQueued(running.service, owner.restaurantId, { instances: 3 });
  expect(customerMails(r.email)).toHaveLength(1);
  const mail = parseMail(customerMails(r.email)[0].raw);
  expect(mail.subject).toContain('n’a pas pu être acceptée');
  expect(mail.text).toContain('Le restaurant vous propose : Le samedi suivant à 20 h');
});
