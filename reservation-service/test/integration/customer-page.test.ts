import { anon, withDb } from '../../../local-supabase/test/clients';
import { must, sample } from '../../../local-supabase/test/fixtures';
import { submitGroupRequest } from '../../../local-supabase/test/reservations';
import { db, ownerWithRestaurant, parseMail, pdfText, post, sendQueued, serviceWithSmtp, type Owner } from '../helpers';

/**
 * The customer's own page (/ma-reservation/{token}) on the service's side: its link in every e-mail
 * to the customer, the restaurant told by e-mail of what the customer did there (a change, a
 * cancellation, a message) and the customer of the restaurant's reply, the reservation as an .ics,
 * the page's address in the request's answers, and each guest's choices on the sheets. Through the
 * real stack: requests by submit_group_request, the customer's changes by the page's own functions
 * (anonymous), the e-mails through a real SMTP server.
 */
const running = serviceWithSmtp();
let owner: Owner;
let menuId: string;
const CONTACT = 'contact@exemple.fr';
const CAPACITY = 14;

/** A Monday at least three weeks ahead: open at lunch in the sample hours, far from every deadline. */
function mondayAhead(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 21);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

beforeAll(async () => {
  owner = await ownerWithRestaurant('page-client', { complete: true });
  // Monday lunch takes 14 covers: a change beyond it is warned of.
  const hours = {
    ...sample.hours,
    days: sample.hours.days.map((d) => (d.day === 'monday' ? { ...d, lunchService: { ...d.lunchService, capacity: CAPACITY } } : d)),
  };
  await must(owner.client.rpc('save_restaurant_hours', { p_restaurant_id: owner.restaurantId, p_hours: hours }));
  ({ id: menuId } = await must(owner.client.from('restaurant_menus').select('id').eq('restaurant_id', owner.restaurantId).eq('name', 'Menu Découverte').single()));
});

async function tokenOf(reservationId: string): Promise<string> {
  const rows = await must(db().rpc('customer_page_tokens', { p_reservation_ids: [reservationId] }));
  return rows[0].token;
}

/** A request of 12 adults for the Menu Découverte on a Monday three weeks ahead (lunch unless told), and its page. */
async function request(fields: Record<string, unknown> = {}) {
  const submitted = await submitGroupRequest(owner.restaurantId, { date: mondayAhead(), arrival_time: '12:00', adults: 12, menu_id: menuId, ...fields });
  const token = await tokenOf(submitted.id);
  return { ...submitted, email: submitted.email!, token, pageUrl: `${running.service.config.appUrl}/ma-reservation/${token}` };
}
type Request = Awaited<ReturnType<typeof request>>;

const sendAll = () => sendQueued(running.service, owner.restaurantId);
const mailsTo = (address: string) => running.smtp.messages.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw));

/** A decision from the dashboard, as the signed-in owner. */
async function decide(endpoint: 'accept_reservation' | 'reject_reservation' | 'mark_paid', r: Request, extra: Record<string, unknown> = {}) {
  const res = await post(
    `${running.service.url}/api/reservations/${endpoint}`,
    { numero_reservation: r.numero, restaurant_id: owner.restaurantId, ...extra },
    { authorization: `Bearer ${owner.accessToken}` },
  );
  expect(res.status).toBe(200);
}

const update = (token: string, changes: unknown) => anon().rpc('customer_update_reservation', { p_token: token, p_changes: changes as never });

/** The page's link in both parts of an e-mail: a 'Voir ma réservation' button and the address. */
function expectPageLink(mail: ReturnType<typeof parseMail>, r: Request) {
  expect(mail.text).toContain(`Voir ma réservation : ${r.pageUrl}`);
  expect(mail.html).toContain(`href="${r.pageUrl}"`);
  expect(mail.html).toContain('Voir ma réservation</a>');
}

describe('every e-mail to the customer carries the link to their own page', () => {
  test('the acknowledgement, the acceptance, the owner’s change, the acompte received, a refusal', async () => {
    const r = await request();
    await sendAll();
    const [ack] = mailsTo(r.email);
    expect(ack.subject).toMatch(/^Demande reçue/);
    expectPageLink(ack, r);
    // The link opens this reservation's page.
    const token = /\/ma-reservation\/([0-9a-f]{48})/.exec(ack.text)![1];
    expect(await must(anon().rpc('customer_reservation', { p_token: token }))).toMatchObject({ numero: r.codeReservation, status: 'pending' });
    // The restaurant's own e-mail does not carry the customer's page.
    const [forOwner] = mailsTo(CONTACT).filter((m) => m.text.includes(r.restaurateur));
    expect(forOwner.subject).toMatch(/^Nouvelle demande/);
    expect(forOwner.text).not.toContain(r.token);

    running.smtp.messages.splice(0);
    // Each decision's e-mail goes out while it stands: sent before the next one.
    await decide('accept_reservation', r);
    await sendAll();
    const changed = await fetch(`${running.service.url}/api/reservations/${r.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}` },
      body: JSON.stringify({ adults: 13 }),
    });
    expect(changed.status).toBe(200);
    await sendAll();
    await decide('mark_paid', r);
    const refused = await request();
    await decide('reject_reservation', refused, { reason: 'complet' });
    await sendAll();

    const subjects = mailsTo(r.email).map((m) => m.subject);
    expect(subjects).toHaveLength(3);
    expect(subjects).toEqual(
      expect.arrayContaining([expect.stringMatching(/est acceptée|est confirmée/), expect.stringMatching(/^Réservation modifiée/), expect.stringMatching(/^Arrhes reçues/)]),
    );
    for (const mail of mailsTo(r.email)) expectPageLink(mail, r);
    const [rejection] = mailsTo(refused.email).filter((m) => /n’a pas pu être acceptée/.test(m.subject));
    expectPageLink(rejection, refused);
    // Once refused, the page is for reading.
    expect(rejection.text).toContain('Votre page garde le détail de votre réservation');
  });
});

describe('what the customer does on their page, told to the restaurant', () => {
  test('a change: what changed, the reservation as it now is, and the capacity it goes over', async () => {
    const r = await request({ dietary_notes: 'Une allergie aux noix' });
    await decide('accept_reservation', r);
    await sendAll();
    running.smtp.messages.splice(0);

    await must(update(r.token, { adults: 16 }));
    await sendAll();
    const mails = mailsTo(CONTACT).filter((m) => m.text.includes(r.restaurateur));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`Client Test a modifié sa réservation ${r.restaurateur}`);
    expect(mail.replyTo).toBe(r.email);
    const appLink = `${running.service.config.appUrl}/restaurants/${owner.restaurantId}/operational/reservations/${r.restaurateur}`;
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('12 → 16 personnes');
      expect(part).toContain('16 personnes (16 adultes)');
      expect(part).toContain('Une allergie aux noix');
      expect(part).toMatch(new RegExp(`compterait \\d+ couverts pour une capacité de ${CAPACITY}`));
      expect(part).toContain(appLink);
      // The customer's page is theirs alone.
      expect(part).not.toContain(r.token);
    }
    // The customer is not e-mailed of their own change.
    expect(mailsTo(r.email)).toEqual([]);
  });

  test('a cancellation within the deadline: the reason and the acompte to refund; the customer reads that their cancellation is recorded', async () => {
    const r = await request();
    await decide('accept_reservation', r);
    await decide('mark_paid', r);
    await sendAll();
    running.smtp.messages.splice(0);
    const { amount_received_cents } = await must(db().from('restaurant_reservations').select('amount_received_cents').eq('id', r.id).single());
    const received = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(Number(amount_received_cents) / 100);
    expect(Number(amount_received_cents)).toBeGreaterThan(0);

    await must(anon().rpc('customer_cancel_reservation', { p_token: r.token, p_reason: 'Le séminaire est reporté.' }));
    await sendAll();
    const [forOwner] = mailsTo(CONTACT).filter((m) => m.text.includes(r.restaurateur));
    expect(forOwner.subject).toBe(`Client Test a annulé sa réservation ${r.restaurateur}`);
    for (const part of [forOwner.text, forOwner.html]) {
      expect(part).toContain('Le séminaire est reporté.');
      expect(part).toContain(`Arrhes reçues : ${received}, à rembourser au client`);
      expect(part).not.toContain(r.token);
    }

    const [forCustomer] = mailsTo(r.email);
    expect(forCustomer.subject).toBe(`Annulation enregistrée : votre réservation chez Restaurant page-client`);
    expect(forCustomer.text).toContain('Votre annulation est enregistrée');
    expect(forCustomer.text).not.toContain('a annulé votre réservation');
    expect(forCustomer.text).toContain('Votre raison : Le séminaire est reporté.');
    expect(forCustomer.text).toContain(`Arrhes : ${received}, remboursées par le restaurant`);
    expect(forCustomer.replyTo).toBe(CONTACT);
    expectPageLink(forCustomer, r);
  });

  test('a cancellation after the free deadline: the acompte is kept, said to both', async () => {
    const r = await request();
    await decide('accept_reservation', r);
    await decide('mark_paid', r);
    await sendAll();
    running.smtp.messages.splice(0);
    // The meal 23 hours away, within the 48 hours of the CGV, whatever the hour of the run: written directly (no request is taken that late).
    await withDb((pg) =>
      pg.query(
        "update public.restaurant_reservations set reservation_date = ((now() + interval '23 hours') at time zone 'Europe/Paris')::date, arrival_time = date_trunc('minute', ((now() + interval '23 hours') at time zone 'Europe/Paris')::time) where id = $1",
        [r.id],
      ),
    );
    const { amount_received_cents } = await must(db().from('restaurant_reservations').select('amount_received_cents').eq('id', r.id).single());
    await must(anon().rpc('customer_cancel_reservation', { p_token: r.token, p_reason: 'Grève des trains', p_accepted_cost_cents: Number(amount_received_cents) }));
    await sendAll();
    const [forOwner] = mailsTo(CONTACT).filter((m) => m.text.includes(r.restaurateur));
    expect(forOwner.text).toMatch(/Arrhes reçues : .+, conservées selon vos conditions d’annulation/);
    const [forCustomer] = mailsTo(r.email);
    expect(forCustomer.text).toContain('Votre annulation est enregistrée');
    expect(forCustomer.text).toMatch(/Arrhes conservées : .+, conformément aux conditions d’annulation du restaurant \(annulation possible jusqu’à 48 h avant votre venue\)/);
  });

  test('a message, and the member’s reply by e-mail, sent whatever the status (here refused)', async () => {
    const r = await request();
    await decide('reject_reservation', r, { reason: 'complet' });
    await sendAll();
    running.smtp.messages.splice(0);

    await must(anon().rpc('customer_write_to_restaurant', { p_token: r.token, p_text: 'Dommage !\nAvez-vous une place le lundi suivant ?' }));
    await sendAll();
    const { conversation_id: conversationId } = await must(db().from('restaurant_reservations').select('conversation_id').eq('id', r.id).single());
    const [message] = mailsTo(CONTACT).filter((m) => m.text.includes(r.restaurateur));
    expect(message.subject).toBe(`Message de Client Test : réservation ${r.restaurateur}`);
    expect(message.replyTo).toBe(r.email);
    const conversationLink = `${running.service.config.appUrl}/restaurants/${owner.restaurantId}/operational/conversations/${conversationId}`;
    expect(message.text).toContain('Dommage !\nAvez-vous une place le lundi suivant ?');
    expect(message.text).toContain(`Répondre dans Tablée : ${conversationLink}`);
    expect(message.html).toContain(`href="${conversationLink}"`);
    expect(message.html).toContain('Dommage !\nAvez-vous une place le lundi suivant ?</blockquote>');
    expect(message.text).not.toContain(r.token);

    await must(owner.client.rpc('reply_to_conversation', { p_conversation_id: conversationId!, p_text: 'Oui, le lundi suivant à midi : dites-nous !' }));
    await sendAll();
    const [reply] = mailsTo(r.email);
    expect(reply.subject).toMatch(/^Message de Restaurant page-client : votre réservation du /);
    expect(reply.from).toContain('Restaurant page-client');
    expect(reply.replyTo).toBe(CONTACT);
    expect(reply.text).toContain('Oui, le lundi suivant à midi : dites-nous !');
    expectPageLink(reply, r);
    const { data: rows } = await db().from('notification_outbox').select('kind, channel, status').eq('reservation_id', r.id).in('kind', ['owner_customer_message', 'conversation_reply']);
    expect(rows).toEqual(
      expect.arrayContaining([
        { kind: 'owner_customer_message', channel: 'email', status: 'sent' },
        { kind: 'conversation_reply', channel: 'email', status: 'sent' },
      ]),
    );
  });
});

describe('GET /api/customer/{token}/calendar.ics', () => {
  /** An .ics's lines, unfolded (RFC 5545 folds lines of more than 75 octets). */
  const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

  /** The instant of a Paris wall-clock time, as an .ics writes it in UTC: 20261207T110000Z. */
  function parisInUtc(date: string, time: string): string {
    const [y, m, d] = date.split('-').map(Number);
    const [h, min] = time.split(':').map(Number);
    const paris = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
    for (const offset of [1, 2]) {
      const instant = new Date(Date.UTC(y, m - 1, d, h - offset, min));
      if (paris.format(instant) === time)
        return instant
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d+Z$/, 'Z');
    }
    throw new Error('no Paris offset fits');
  }

  test('the reservation as one event: Paris’s arrival time in UTC, 2 h 30 at lunch, the address, the guests, the reference and the page', async () => {
    const r = await request({ children: 2 });
    const res = await fetch(`${running.service.url}/api/customer/${r.token}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="reservation-${r.codeReservation}.ics"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const lines = unfold(await res.text());
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain('SUMMARY:Repas de groupe — Restaurant page-client');
    expect(lines).toContain(`DTSTART:${parisInUtc(r.date, '12:00')}`);
    expect(lines).toContain('DURATION:PT2H30M');
    expect(lines).toContain('LOCATION:12 rue des Halles\\, 69001 Lyon');
    expect(lines).toContain('STATUS:TENTATIVE');
    const description = lines.find((l) => l.startsWith('DESCRIPTION:'))!;
    expect(description).toContain('14 personnes (12 adultes et 2 enfants)');
    expect(description).toContain(`Code de réservation : ${r.codeReservation}`);
    expect(description).toContain(`Votre réservation : ${r.pageUrl}`);
  });

  test('a dinner lasts 3 h; a cancelled reservation is a cancelled event', async () => {
    const r = await request({ arrival_time: '19:30' });
    await must(anon().rpc('customer_cancel_reservation', { p_token: r.token, p_reason: 'Plus besoin' }));
    const lines = unfold(await (await fetch(`${running.service.url}/api/customer/${r.token}/calendar.ics`)).text());
    expect(lines).toContain(`DTSTART:${parisInUtc(r.date, '19:30')}`);
    expect(lines).toContain('DURATION:PT3H');
    expect(lines).toContain('STATUS:CANCELLED');
  });

  test('an unknown or malformed token: 404 in French; the route is in the OpenAPI document', async () => {
    for (const token of ['0'.repeat(48), 'abc', 'Z'.repeat(48)]) {
      const res = await fetch(`${running.service.url}/api/customer/${token}/calendar.ics`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found', field: null, message: expect.stringMatching(/^Ce lien ne correspond à aucune réservation/) });
    }
    const doc = await (await fetch(`${running.service.url}/api/openapi.json`)).json();
    expect(doc.paths['/api/customer/{token}/calendar.ics'].get).toMatchObject({ operationId: 'customerCalendar' });
    expect(Object.keys(doc.paths['/api/customer/{token}/calendar.ics'].get.responses['200'].content)).toEqual(['text/calendar']);
    expect(doc.components.schemas.SubmittedRequest.properties).toHaveProperty('customer_page_url');
    expect(doc.components.schemas.SubmittedRequest.required).not.toContain('customer_page_url');
  });
});

describe('the request’s answer gives the customer’s page', () => {
  const body = () => ({
    external_id: `page-${Math.random().toString(36).slice(2)}`,
    date: mondayAhead(),
    arrival_time: '12:30',
    adults: 8,
    menu_id: menuId,
    customer: { name: 'Paul Lemaire', email: 'paul.lemaire@example.fr' },
  });
  const opens = async (url: string) => {
    const token = /\/ma-reservation\/([0-9a-f]{48})$/.exec(url)?.[1];
    expect(token).toBeDefined();
    return must(anon().rpc('customer_reservation', { p_token: token! }));
  };

  test('the request page (no key), its replay, a chatbot’s answer (for its last reply) and the owner’s booking; not a preview', async () => {
    await must(owner.client.rpc('set_request_page', { p_restaurant_id: owner.restaurantId, p_enabled: true }));
    const sent = body();
    const web = await post(`${running.service.url}/api/restaurants/${owner.restaurantId}/requests`, { ...sent, website: '' });
    expect(web.status).toBe(201);
    const answer = await web.json();
    expect(answer.customer_page_url).toMatch(new RegExp(`^${running.service.config.appUrl}/ma-reservation/[0-9a-f]{48}$`));
    expect(await opens(answer.customer_page_url)).toMatchObject({ numero: answer.reservation.code_reservation, adults: 8 });
    const replay = await post(`${running.service.url}/api/restaurants/${owner.restaurantId}/requests`, { ...sent, website: '' });
    expect(replay.status).toBe(200);
    expect((await replay.json()).customer_page_url).toBe(answer.customer_page_url);

    const { key } = (await must(owner.client.rpc('create_assistant_key', { p_restaurant_id: owner.restaurantId }))) as { key: string };
    const chatbot = await post(`${running.service.url}/api/restaurants/${owner.restaurantId}/requests`, body(), { authorization: `Bearer ${key}` });
    expect(chatbot.status).toBe(201);
    const chatbotAnswer = await chatbot.json();
    expect(await opens(chatbotAnswer.customer_page_url)).toMatchObject({ numero: chatbotAnswer.reservation.code_reservation });

    const booking = (extra: Record<string, unknown>) =>
      post(`${running.service.url}/api/restaurants/${owner.restaurantId}/reservations`, { ...body(), ...extra }, { authorization: `Bearer ${owner.accessToken}` });
    const preview = await booking({ preview: true });
    expect(preview.status).toBe(200);
    expect(await preview.json()).not.toHaveProperty('customer_page_url');
    const booked = await booking({});
    expect(booked.status).toBe(201);
    const bookedAnswer = await booked.json();
    expect(await opens(bookedAnswer.customer_page_url)).toMatchObject({ numero: bookedAnswer.reservation.code_reservation });
  });
});

describe('the sheets print each guest’s choices', () => {
  test('kitchen: the dishes of each course with their allergies, and each guest’s allergies in red; dining room: the guest list', async () => {
    const r = await request({ adults: 15 });
    // Guests 3, 14 and 15 take the risotto (Léa, guest 3, without gluten); the starter chosen by the first ten only.
    for (let n = 1; n <= 15; n += 1) {
      const guest = {
        guest_number: n,
        ...(n === 3 ? { name: 'Léa', allergies: 'sans gluten' } : {}),
        ...(n === 7 ? { name: 'Marc', allergies: 'allergie aux noix' } : {}),
        choices: { ...(n <= 10 ? { starter: 'Œuf meurette' } : {}), main: [3, 14, 15].includes(n) ? 'Risotto aux cèpes' : 'Quenelle de brochet' },
      };
      await must(update(r.token, { guest }));
    }
    await decide('accept_reservation', r);
    const sheet = async (kind: string) =>
      (await pdfText(Buffer.from(await (await fetch(`${running.service.url}/reservations/${r.numero}/${kind}?code=${r.codeManage}`)).arrayBuffer()))).replace(/\s+/g, ' ');

    const kitchen = await sheet('feuille-cuisine');
    expect(kitchen).toContain('Plats choisis par les convives (15 sur 15 renseignés)');
    expect(kitchen).toContain('Plat : 12 × Quenelle de brochet (dont 1 allergie aux noix), 3 × Risotto aux cèpes (dont 1 sans gluten)');
    expect(kitchen).toContain('Entrée : 10 × Œuf meurette (dont 1 sans gluten, 1 allergie aux noix) ; 5 convives sans choix');
    expect(kitchen).toContain('Convive 3 (Léa) : sans gluten');
    expect(kitchen).toContain('Convive 7 (Marc) : allergie aux noix');
    // In the allergies' section, before anything else of the reservation.
    expect(kitchen.indexOf('Convive 3 (Léa) : sans gluten')).toBeLessThan(kitchen.indexOf('Client : '));
    expect(kitchen).not.toContain('Aucune allergie ni régime signalé.');

    const room = await sheet('feuille-salle');
    expect(room).toContain('Convives (15 sur 15 renseignés)');
    expect(room).toContain('Convive 3 (Léa) — Entrée : Œuf meurette ; Plat : Risotto aux cèpes ; allergies : sans gluten');
    expect(room).toContain('Convive 15 — Plat : Risotto aux cèpes');

    // Without guests filled in: the sheets as before.
    const plain = await request();
    await decide('accept_reservation', plain);
    const plainKitchen = (await pdfText(Buffer.from(await (await fetch(`${running.service.url}/reservations/${plain.numero}/feuille-cuisine?code=${plain.codeManage}`)).arrayBuffer()))).replace(
      /\s+/g,
      ' ',
    );
    expect(plainKitchen).not.toContain('Plats choisis');
    expect(plainKitchen).toContain('Aucune allergie ni régime signalé.');
  });
});
