import fs from 'node:fs/promises';
import path from 'node:path';
import { withDb } from '../../../local-supabase/test/clients';
import { queueDueReminders } from '../../src/reminders/job';
import { db, ownerWithRestaurant, parseMail, sendQueued, serviceWithSmtp, writeReservation, type Owner } from '../helpers';

/**
 * Issue 44, the customers' reminders end to end in the service: the reminder round (three instances side by
 * side, then a restart) queues each due reminder once, the sender sends it once — by e-mail with the words
 * the owner previews and the page's link, and as the registered WhatsApp template from the restaurant's
 * own number — and nothing for a reservation cancelled before it went out.
 */
const running = serviceWithSmtp();
let owner: Owner;

beforeAll(async () => {
  owner = await ownerWithRestaurant('customer-reminders', { complete: true });
  const set = await owner.client.rpc('set_whatsapp_number', { p_restaurant_id: owner.restaurantId, p_phone_number_id: String(Date.now()).slice(-11) });
  if (set.error) throw new Error(set.error.message);
});

/** An accepted reservation whose meal is `hoursAhead` from now (Paris wall clock), with an e-mail and a French mobile. */
async function accepted(hoursAhead: number, email: string) {
  // Written directly: submit_group_request makes pending requests only, on open days.
  const r = await writeReservation({ restaurant_id: owner.restaurantId, selected_menu_id: null, status: 1, email, phone_number: '06 98 76 54 32', total_amount: 400 });
  await withDb((pg) =>
    pg.query(
      `update restaurant_reservations
          set reservation_date = ((now() + make_interval(hours => $2)) at time zone 'Europe/Paris')::date,
              arrival_time = date_trunc('minute', ((now() + make_interval(hours => $2)) at time zone 'Europe/Paris')::time)
        where id = $1`,
      [r.id, hoursAhead],
    ),
  );
  return r;
}

/** Rounds of `instances` reminder jobs side by side until none takes anything, then the senders. */
async function remind(instances: number) {
  for (;;) {
    const taken = await Promise.all(Array.from({ length: instances }, () => queueDueReminders(db(), owner.restaurantId)));
    if (taken.every((n) => n === 0)) break;
  }
  await sendQueued(running.service, owner.restaurantId, { instances });
}

const mailsTo = (address: string) => running.smtp.messages.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw));

test('three instances, then a restart: each reminder is sent once, by e-mail with the page’s link and by the WhatsApp template', async () => {
  const soon = await accepted(5 * 24, 'convives@exemple.fr');
  const tomorrow = await accepted(3, 'veille@exemple.fr');
  await remind(3);
  // A restart: the same database, new rounds.
  await remind(1);

  const [headcount, ...again] = mailsTo('convives@exemple.fr');
  expect(again).toEqual([]);
  expect(headcount.subject).toBe(`Votre repas de Restaurant customer-reminders : confirmez le nombre de convives`);
  const { data } = await db().rpc('customer_page_tokens', { p_reservation_ids: [soon.id] });
  const pageUrl = `${running.service.config.appUrl}/ma-reservation/${data![0].token}`;
  expect(headcount.text).toContain(`Tout se fait sur votre page : ${pageUrl}`);
  expect(headcount.html).toContain(`href="${pageUrl}"`);
  const [dayBefore, ...twice] = mailsTo('veille@exemple.fr');
  expect(twice).toEqual([]);
  expect(dayBefore.text).toContain('Un empêchement ? Prévenez le restaurant');

  // WhatsApp (no Cloud API configured here): the template each would have sent, one file per message.
  const files = await fs.readdir(running.service.config.outboxDir);
  const templates = await Promise.all(
    files
      .filter((f) => f.endsWith('.json') && (f.includes(`${soon.numero}-rappel`) || f.includes(`${tomorrow.numero}-rappel`)))
      .map(async (f) => JSON.parse(await fs.readFile(path.join(running.service.config.outboxDir, f), 'utf8'))),
  );
  expect(templates.map((t) => t.template.name).sort()).toEqual(['tablee_rappel_convives', 'tablee_rappel_veille']);
  for (const t of templates) expect(t.to).toBe('+33698765432');
  const veille = templates.find((t) => t.template.name === 'tablee_rappel_veille');
  const parameters: string[] = veille.template.components[0].parameters.map((p: { text: string }) => p.text);
  const { data: tomorrowToken } = await db().rpc('customer_page_tokens', { p_reservation_ids: [tomorrow.id] });
  expect(parameters).toHaveLength(5);
  expect(parameters[0]).toBe('Restaurant customer-reminders');
  expect(parameters[3]).toBe('12 rue des Halles, 69001 Lyon');
  expect(parameters[4]).toBe(`${running.service.config.appUrl}/ma-reservation/${tomorrowToken![0].token}`);
});

test('a reservation cancelled before its reminder went out: nothing is sent', async () => {
  const r = await accepted(3, 'annule@exemple.fr');
  expect(await queueDueReminders(db(), owner.restaurantId)).toBeGreaterThanOrEqual(1);
  await withDb((pg) => pg.query("update restaurant_reservations set status = private.reservation_status('cancelled') where id = $1", [r.id]));
  await sendQueued(running.service, owner.restaurantId);
  expect(mailsTo('annule@exemple.fr')).toEqual([]);
});
