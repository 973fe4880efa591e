/**
 * `pnpm simulate`: the chatbot's requests against the application `pnpm start` runs (read from its
 * runtime config.json). Env: TABLEE_RUNTIME_DIR, SIMULATE_RESTAURANT_ID (default: the demo restaurant
 * Le Comptoir des Halles), SIMULATE_EMAIL / SIMULATE_PASSWORD (its owner, default the demo login),
 * TABLEE_ASSISTANT_KEY (an existing key instead of a new one), SIMULATE_PAUSE_MS (default 1500).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simulateChatbot } from './chatbot';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const configFile = path.join(path.resolve(process.env.TABLEE_RUNTIME_DIR || path.join(root, '.data', 'runtime')), 'config.json');
if (!fs.existsSync(configFile)) {
  console.error(`${configFile} introuvable : lancez d'abord l'application (npx --yes pnpm@10.34.9 start) dans un autre terminal.`);
  process.exit(1);
}
const config = JSON.parse(fs.readFileSync(configFile, 'utf8')) as { supabaseUrl: string; supabaseAnonKey: string; reservationApiUrl: string };
const restaurantId = process.env.SIMULATE_RESTAURANT_ID || '20000000-0000-4000-8000-000000000001';

try {
  const sent = await simulateChatbot({
    supabaseUrl: config.supabaseUrl,
    anonKey: config.supabaseAnonKey,
    apiUrl: config.reservationApiUrl,
    restaurantId,
    email: process.env.SIMULATE_EMAIL || 'demo@tablee.fr',
    password: process.env.SIMULATE_PASSWORD || 'tablee-demo',
    assistantKey: process.env.TABLEE_ASSISTANT_KEY || undefined,
    pauseMs: Number(process.env.SIMULATE_PAUSE_MS ?? 1500),
    log: (line) => console.log(line),
  });
  const created = sent.filter((s) => s.status === 201).length;
  console.log(
    `\n${created} demandes créées. Ouvrez http://localhost:${process.env.SHELL_PORT || 3000}/restaurants/${restaurantId}/operational/reservations ` +
      `et les e-mails dans .data/outbox/ (ou votre SMTP_URL).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
