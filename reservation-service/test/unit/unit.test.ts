import { redactUrl } from '../../src/lib/redact';
import { formatLongDate } from '@tablee/shared/format';
import { formatDeadline, formatEuros, formatParty, formatShortDate, formatTime } from '../../src/lib/format';
import { e164 } from '../../src/notifications/whatsapp';
import type { ReservationDetails } from '../../src/reservations/details';
import { kitchenSheet } from '../../src/sheets/kitchen';
import { loadConfig } from '../../src/config';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMailer, sender } from '../../src/email/mailer';
import { parseMail } from '../mail';
import { BRAND_COLOURS as EMAIL_COLOURS } from '../../src/email/layout';
import { BRAND_COLOURS } from '@tablee/shared/core';

test('redactUrl hides codes in paths and in the code query parameter', () => {
  expect(redactUrl('/api/reservations/TBL-1/accept/abcdef')).toBe('/api/reservations/TBL-1/accept/[code]');
  expect(redactUrl('/api/reservations/TBL-1/reject/abcdef?x=1')).toBe('/api/reservations/TBL-1/reject/[code]?x=1');
  expect(redactUrl('/reservations/TBL-1/feuille-salle?code=abcdef')).toBe('/reservations/TBL-1/feuille-salle?code=[code]');
  expect(redactUrl('/api/reservations/accept_reservation')).toBe('/api/reservations/accept_reservation');
});

test('fr-FR formats', () => {
  expect(formatLongDate('2026-12-05')).toBe('samedi 5 décembre 2026');
  expect(formatTime('20:00:00')).toBe('20:00');
  expect(formatEuros(1234.5).replace(/\s/g, ' ')).toBe('1 234,50 €');
  expect(formatParty(1, 1)).toBe('2 personnes (1 adulte et 1 enfant)');
});

test('configuration defaults and refusal of a missing key', () => {
  const c = loadConfig({ SUPABASE_URL: 'http://localhost:54321', SUPABASE_SERVICE_ROLE_KEY: 'k' });
  expect(c.port).toBe(8787);
  expect(c.smtpUrl).toBeUndefined();
  expect(c.outboxDir.endsWith('/.data/outbox')).toBe(true);
  expect(c.publicBaseUrl).toBe('http://localhost:8787');
  expect(() => loadConfig({ SUPABASE_URL: 'http://localhost:54321' })).toThrow(/SUPABASE_SERVICE_ROLE_KEY/);
  // The notification sender: polls every 10 s, LISTENs only with a DATABASE_URL; WhatsApp only with a token and a number id.
  expect(c.outboxPollMs).toBe(10_000);
  expect(c.databaseUrl).toBeUndefined();
  expect(c.whatsapp).toEqual({ apiUrl: 'https://graph.facebook.com/v21.0', token: undefined, phoneNumberId: undefined, template: 'nouvelle_demande_groupe' });
});

test('the deadline of a request, in France’s time: the time alone today, with the day otherwise', () => {
  const now = new Date('2026-12-12T17:00:00Z'); // 18:00 in Paris
  expect(formatShortDate('2026-12-12')).toBe('sam. 12 déc.');
  expect(formatDeadline('2026-12-12T20:30:00Z', now)).toBe('21:30');
  // 23:30 UTC is already the next day in Paris.
  expect(formatDeadline('2026-12-12T23:30:00Z', now)).toBe('le dim. 13 déc. à 00:30');
});

test('a WhatsApp number as stored, in E.164; anything else refused', () => {
  for (const stored of ['06 12 34 56 78', '+33 6 12 34 56 78', '0033612345678', '06.12.34.56.78']) expect(e164(stored)).toBe('+33612345678');
  expect(e164('+44 7911 123456')).toBe('+447911123456');
  expect(() => e164('12')).toThrow('Numéro WhatsApp du restaurant invalide : « 12 »');
});

describe('kitchen sheet', () => {
  const reservation = (overrides: Partial<ReservationDetails>): ReservationDetails => ({
    id: 'r',
    restaurant_id: 'x',
    numero_reservation: 'TBL-1',
    numero_reservation_restaurateur: 'R-0001',
    code_reservation: 'C',
    code_manage: 'm',
    status: 1,
    customer_name: 'Hélène',
    email: null,
    email_address: null,
    phone_number: null,
    selected_menu: 'Menu',
    total_amount: 0,
    amount_received_cents: null,
    number_people: 10,
    children: 0,
    reservation_date: '2026-12-05',
    arrival_time: '12:30:00',
    service: 'lunch',
    customer_message: null,
    respond_by: '2026-12-01T10:00:00Z',
    dietary_notes: null,
    notes: null,
    options: [],
    deposit: null,
    restaurant: { name: 'Chez nous', address: '', billing: null, childrenMenu: null, contact: null, cgv: null, onlinePayment: false },
    menu: {
      name: 'Menu',
      price_per_person: 30,
      items: [
        { name: 'Tarte', type: 'dessert', display_order: 0 },
        { name: 'Pastis', type: 'aperitif', display_order: 1 },
      ],
      alternatives: [{ name: 'Salade', type: 'starter', is_gluten_free: true, is_vegan: false, other_dietary_notes: null, display_order: 0 }],
    },
    ...overrides,
  });
  const lines = (r: ReservationDetails) => kitchenSheet(r).sections.flatMap((s) => s.lines.map((l) => ('bullet' in l ? l.bullet : `${l.label} : ${l.value}`)));

  it('prints the service the database filed the reservation under, not one of its own', () => {
    expect(lines(reservation({ arrival_time: '12:30:00', service: 'lunch' }))).toContain('Service : Midi');
    expect(lines(reservation({ arrival_time: '19:00:00', service: 'dinner' }))).toContain('Service : Soir');
    // Whatever the time says: the column is the rule.
    expect(lines(reservation({ arrival_time: '19:00:00', service: 'lunch' }))).toContain('Service : Midi');
    expect(lines(reservation({ arrival_time: null, service: 'dinner' }))).toContain('Service : non précisé');
  });

  it("names the items' types with the menus form's labels", () => {
    expect(lines(reservation({}))).toEqual(expect.arrayContaining(['Dessert : Tarte', 'Apéritif : Pastis', 'Entrée : Salade (sans gluten)']));
  });
});

test('the sender: the name given (one line) at MAIL_FROM’s address, else MAIL_FROM’s own name', () => {
  expect(sender('Tablée <reservations@tablee.fr>', 'Le Comptoir des Halles')).toEqual({ name: 'Le Comptoir des Halles', address: 'reservations@tablee.fr' });
  expect(sender('Tablée <reservations@tablee.fr>')).toEqual({ name: 'Tablée', address: 'reservations@tablee.fr' });
  expect(sender('reservations@tablee.fr', 'Chez "Toto"\r\nBcc: x@y.fr')).toEqual({ name: 'Chez "Toto" Bcc: x@y.fr', address: 'reservations@tablee.fr' });
  expect(sender('reservations@tablee.fr', '  ')).toEqual({ name: 'Tablée', address: 'reservations@tablee.fr' });
});

test('the e-mails’ colours are the kernel’s brand colours', () => {
  expect(EMAIL_COLOURS).toEqual({ primary: BRAND_COLOURS.primary, link: BRAND_COLOURS.link, title: BRAND_COLOURS.title });
});

test('no header of a sent e-mail holds a line break: subject, recipients and sender are one line each', async () => {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tablee-headers-'));
  const config = { ...loadConfig({ SUPABASE_URL: 'http://localhost:54321', SUPABASE_SERVICE_ROLE_KEY: 'k' }), smtpUrl: undefined, outboxDir, mailFrom: 'Tablée <reservations@tablee.fr>' };
  const mailer = createMailer(config);
  try {
    await mailer.send({
      to: 'client@exemple.fr\r\nBcc: victime@exemple.fr',
      replyTo: 'resto@exemple.fr\nBcc: autre@exemple.fr',
      fromName: 'Chez\u2028Evil',
      subject: 'Votre réservation chez Evil\r\nBcc: victime@exemple.fr\u2028est confirmée',
      text: 'Bonjour',
      html: '<p>Bonjour</p>',
      tag: 'headers',
    });
    const [file] = fs.readdirSync(outboxDir);
    const raw = fs.readFileSync(path.join(outboxDir, file), 'utf8');
    const mail = parseMail(raw);
    expect(raw.split(/\r?\n\r?\n/)[0]).not.toMatch(/^bcc:/im);
    for (const header of [mail.subject, mail.from, mail.to, mail.replyTo ?? '']) expect(header).not.toMatch(/[\r\n\u2028\u2029]/);
    expect(mail.subject).toBe('Votre réservation chez Evil Bcc: victime@exemple.fr est confirmée');
  } finally {
    mailer.close();
    fs.rmSync(outboxDir, { recursive: true, force: true });
  }
});
