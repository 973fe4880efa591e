import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../../../e2e/test/browser';
import { confirmationMail } from '../../src/email/confirmation';
import { conversationReplyMail } from '../../src/email/conversation-reply';
import { customerReminderMail } from '../../src/email/customer-reminder';
import { ownerCustomerCancelledMail, ownerCustomerChangedMail, ownerCustomerMessageMail } from '../../src/email/customer-activity';
import type { Mail } from '../../src/email/mailer';
import { newRequestMail } from '../../src/email/new-request';
import { noShowFeeMail } from '../../src/email/no-show-fee';
import { reminderMail } from '../../src/email/reminder';
import { requestReceivedMail } from '../../src/email/request-received';
import { loadAcceptanceCheck, loadReservation } from '../../src/reservations/details';
import { db, writeReservation } from '../helpers';

/**
 * Every e-mail the service sends, its HTML drawn by Chromium as a mail client's web view would, on a
 * desktop and at a phone's 390 px: one column that fits (nothing wider than the screen), the buttons
 * and the facts inside it. With EMAIL_SHOTS=<directory>, each is also written there as a PNG to be
 * looked at (a full-page screenshot costs more than the check itself: not on every run).
 */
let browser: Awaited<ReturnType<typeof launchChromium>>;
const shots = process.env.EMAIL_SHOTS;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  if (shots) console.log(`e-mails drawn by Chromium: ${shots}`);
});

async function everyMail(): Promise<[string, Mail][]> {
  // A far-future date and a customer's message, at the file's own copy of Le Comptoir des Halles (an acompte of 30 %).
  const r = await writeReservation({
    customer_message: 'Nous fêtons un anniversaire : serait-il possible d’avoir un gâteau ?',
    dietary_notes: 'Deux sans gluten, une allergie sévère aux arachides',
  });
  // The customer's e-mails carry their page's link (a long address: it must wrap on a phone).
  const details = { ...(await loadReservation(db(), { numero: r.numero }))!, customerPageUrl: `https://app.tablee.fr/ma-reservation/${'0a1b2c3d'.repeat(6)}` };
  const online = { ...details, restaurant: { ...details.restaurant, onlinePayment: true }, customerPayUrl: `https://api.tablee.fr/api/customer/${'0a1b2c3d'.repeat(6)}/pay` };
  const check = await loadAcceptanceCheck(db(), details.restaurant_id, details.numero_reservation_restaurateur);
  const to = details.email_address ?? 'client@example.fr';
  return [
    ['nouvelle-demande', newRequestMail(details, 'resto@example.fr', 'https://app.tablee.fr', check)],
    ['demande-recue', requestReceivedMail(details, to)],
    ['rappel', reminderMail(details, 'resto@example.fr', 'https://app.tablee.fr')],
    ['acceptee', confirmationMail(details, 'accept', to)],
    // At a restaurant with its own Stripe account: the « Payer les arrhes » button among the terms (a long address behind it).
    ['acceptee-paiement-en-ligne', confirmationMail(online, 'accept', to)],
    ['refusee', confirmationMail(details, 'reject', to, { reason: 'complet', proposal: 'Le samedi 12 décembre 2099 à 20 h, ou le dimanche 13 à midi' })],
    ['acompte-recu', confirmationMail(details, 'paid', to)],
    ['annulee', confirmationMail(details, 'cancel', to, { reason: 'demande_du_client' })],
    [
      'annulee-remboursee-en-ligne',
      confirmationMail({ ...online, status: 4, amount_received_cents: 14_400 }, 'cancel', to, { reason: 'fermeture_exceptionnelle', deposit: 'refunded', amount_cents: 14_400 }),
    ],
    [
      'annulee-arrhes-au-double',
      confirmationMail({ ...details, status: 4, amount_received_cents: 14_400 }, 'cancel', to, { reason: 'fermeture_exceptionnelle', deposit: 'refunded', amount_cents: 28_800 }),
    ],
    [
      'annulee-par-le-client',
      confirmationMail(details, 'cancel', to, { reason: 'demande_du_client', reason_detail: 'Le séminaire est reporté.', actor: 'customer', deposit: 'refunded', amount_cents: 10_000 }),
    ],
    // A no-show fee the customer's bank asked them to confirm: the amount and the button that pays it.
    ['frais-non-presentation', noShowFeeMail({ ...online, status: 5 }, to, 18000)],
    ['reponse-du-restaurant', conversationReplyMail(details, to, 'Bonjour,\nOui, nous pouvons installer le gâteau en fin de repas.', 'message-1')],
    ['modifiee-par-le-client', ownerCustomerChangedMail(details, 'resto@example.fr', 'https://app.tablee.fr', '12 → 16 personnes, total 480,00 € → 640,00 €', check)],
    [
      'annulee-par-le-client-restaurant',
      ownerCustomerCancelledMail(details, 'resto@example.fr', 'https://app.tablee.fr', { fromStatus: 3, reason: 'Le séminaire est reporté.', deposit: 'kept', amountCents: 10_000 }),
    ],
    ['message-du-client', ownerCustomerMessageMail(details, 'resto@example.fr', 'https://app.tablee.fr', 'Pouvons-nous venir avec un chien ?', '00000000-0000-4000-8000-000000000001')],
    // The customers' reminders (what the owner previews on 'Messages automatiques').
    ['rappel-convives', customerReminderMail('headcount', details, to, { modify_until: '2099-12-10T11:00:00Z' })],
    ['rappel-veille', customerReminderMail('day_before', details, to, {})],
    ['rappel-acompte', customerReminderMail('deposit', details, to, { deposit: 144 })],
  ];
}

test('each e-mail fits a desktop and a 390 px phone, in one column, every part of it readable', async () => {
  const mails = await everyMail();
  if (shots) fs.mkdirSync(shots, { recursive: true });
  const pages = { 1280: await browser.newPage({ viewport: { width: 1280, height: 800 } }), 390: await browser.newPage({ viewport: { width: 390, height: 800 } }) };
  for (const [name, mail] of mails) {
    expect(mail.text.length).toBeGreaterThan(100);
    for (const width of [1280, 390] as const) {
      const page = pages[width];
      await page.setContent(mail.html, { waitUntil: 'load' });
      const layout = await page.evaluate(() => {
        const card = document.querySelector('td[style*="background:#ffffff"]')!.getBoundingClientRect();
        const overflowing = Array.from(document.querySelectorAll('body *'))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((el) => el.outerHTML.slice(0, 80));
        return { scrollWidth: document.documentElement.scrollWidth, cardWidth: card.width, overflowing };
      });
      if (shots) await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
      expect({ name, width, scrollWidth: layout.scrollWidth, overflowing: layout.overflowing }).toEqual({ name, width, scrollWidth: width, overflowing: [] });
      // One readable column: 600 px at most on a desktop, the phone's width less its margins on a phone.
      expect(layout.cardWidth).toBeLessThanOrEqual(600);
      expect(layout.cardWidth).toBeGreaterThan(width === 390 ? 340 : 580);
    }
  }
});
