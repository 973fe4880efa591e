import fs from 'node:fs';
import path from 'node:path';
import { randomInt, randomUUID } from 'node:crypto';
import { createWhatsAppSender } from '../src/notifications/whatsapp';
import type { Config } from '../src/config';
import { db } from './helpers';

/** A French mobile number of the test's own: '06 xx xx xx xx' and its E.164 form (the guest book's key). */
export function mobile(): { spaced: string; e164: string } {
  const n = `6${String(randomInt(100_000_000)).padStart(8, '0')}`;
  return { spaced: `0${n[0]} ${n.slice(1, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7, 9)}`, e164: `+33${n}` };
}

/** The outbox folder's files that are about `numero` (by name) or name `needle` (by content, case ignored). */
export function filesOf(dir: string, numero: string, needle: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.includes(`-${numero}-`) || fs.readFileSync(path.join(dir, name), 'utf8').toLowerCase().includes(needle.toLowerCase()))
    .sort();
}

/** A WhatsApp reply to the number, as the sender writes it without the Cloud API: reponse-<message id>.json, no reservation number in its name. */
export async function whatsAppReplyFile(config: Config, to: string): Promise<void> {
  await createWhatsAppSender(config).send({ messaging_product: 'whatsapp', to, type: 'text', text: { body: 'Bonjour, votre table est prête.' } }, `reponse-${randomUUID()}`);
}

/** The guest book's entry of an e-mail address in a restaurant. */
export async function customerIdOf(restaurantId: string, email: string): Promise<string> {
  const { data, error } = await db().from('restaurant_customers').select('id').eq('restaurant_id', restaurantId).eq('email', email.toLowerCase()).single();
  if (error) throw new Error(error.message);
  return data.id;
}

/** What a reservation shows of its customer now (service role). */
export async function customerFields(numero: string): Promise<{ customer_name: string; email: string | null; phone_number: string | null; total_amount: number }> {
  const { data, error } = await db().from('restaurant_reservations').select('customer_name, email, phone_number, total_amount').eq('numero_reservation', numero).single();
  if (error) throw new Error(error.message);
  return data as { customer_name: string; email: string | null; phone_number: string | null; total_amount: number };
}
