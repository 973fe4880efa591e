/**
 * `pnpm simulate`: customers talking to the restaurant's assistant through its web chat, against the
 * application `pnpm start` runs (read from its runtime config.json). Env: TABLEE_RUNTIME_DIR,
 * SIMULATE_RESTAURANT_ID (default: the demo restaurant Le Comptoir des Halles), SIMULATE_EMAIL /
 * SIMULATE_PASSWORD (its owner, default the demo login), SIMULATE_PAUSE_MS (default 1000).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simulateCustomers } from './customers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const configFile = path.join(path.resolve(process.env.TABLEE_RUNTIME_DIR || path.join(root, '.data', 'runtime')), 'config.json');
if (!fs.existsSync(configFile)) {
  console.error(`${configFile} introuvable : lancez d'abord l'application (npx --yes pnpm@10.34.9 start) dans un autre terminal.`);
  process.exit(1);
}
const config = JSON.parse(fs.readFileSync(configFile, 'utf8')) as { supabaseUrl: string; supabaseAnonKey: string; assistantApiUrl: string };
const restaurantId = process.env.SIMULATE_RESTAURANT_ID || '20000000-0000-4000-8000-000000000001';

try {
  const conversations = await simulateCustomers({
    supabaseUrl: config.supabaseUrl,
    anonKey: config.supabaseAnonKey,
    assistantApiUrl: config.assistantApiUrl,
    restaurantId,
    email: process.env.SIMULATE_EMAIL || 'demo@tablee.fr',
    password: process.env.SIMULATE_PASSWORD || 'tablee-demo',
    pauseMs: Number(process.env.SIMULATE_PAUSE_MS ?? 1000),
    log: (line) => console.log(line),
  });
  const sent = conversations.filter((c) => c.request).length;
  const app = `http://localhost:${process.env.SHELL_PORT || 3000}/restaurants/${restaurantId}/operational`;
  console.log(`\n${sent} demandes envoyées par l'assistant. Ouvrez ${app}/conversations et ${app}/reservations, et les e-mails dans .data/outbox/ (ou votre SMTP_URL).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
