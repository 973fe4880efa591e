/**
 * What several benches measure the same way: the scripts and styles a page downloads (gzip size by
 * zlib, per module), the moment the network has been quiet for a while, and pending copies of the demo
 * reservation for the link page.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import type { Page, Request, Response } from 'playwright-core';
import { E2E_PORTS } from '../test/global-setup';

/** The large dataset's restaurant (bench@tablee.fr, 10,000 reservations) and its first conversation (30 messages). */
export const LARGE = {
  email: 'bench@tablee.fr',
  password: 'tablee-bench',
  restaurant: 'b1000000-0000-4000-8000-000000000001',
  conversation: 'b6000000-0000-4000-8000-000000000001',
};

/** The module that served a URL (by its port, see E2E_PORTS), or its host when no module did. */
export function moduleOf(url: string): string {
  const { port, host } = new URL(url);
  return Object.entries(E2E_PORTS).find(([, p]) => p === Number(port))?.[0] ?? host;
}

export interface Asset {
  url: string;
  module: string;
  type: 'script' | 'stylesheet';
  body: Buffer;
  /** Size of the body once gzip-compressed (what a compressing server would send). */
  gzip: number;
}

/**
 * Records every script and stylesheet response of the page from now on; `settled()` gives them once
 * their bodies are read (call it after the page has what it needs).
 */
export function recordAssets(page: Page): { settled(): Promise<Asset[]> } {
  const pending: Promise<Asset | undefined>[] = [];
  page.on('response', (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), module: moduleOf(response.url()), type, body, gzip: zlib.gzipSync(body).length }),
        () => undefined,
      ),
    );
  });
  return { settled: async () => (await Promise.all(pending)).filter((a): a is Asset => a !== undefined) };
}

/**
 * Follows the page's requests from now on; `quiet()` resolves once none has been in flight for `ms`
 * (Playwright's 'networkidle' fires once per navigation and waits 500 ms; this can be asked at any
 * time, e.g. after the content shows). Gives up after `maxSeconds`, naming what is still loading.
 */
export function followNetwork(page: Page): { quiet(ms: number, maxSeconds?: number): Promise<void> } {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const listeners = new Set<() => void>();
  const changed = () => {
    lastChange = Date.now();
    for (const listener of listeners) listener();
  };
  page.on('request', (request) => {
    inFlight.add(request);
    changed();
  });
  const done = (request: Request) => {
    inFlight.delete(request);
    changed();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    quiet: (ms, maxSeconds = 30) =>
      new Promise<void>((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const finish = () => {
          clearTimeout(timer);
          clearTimeout(giveUp);
          listeners.delete(arm);
        };
        const giveUp = setTimeout(() => {
          finish();
          reject(new Error(`réseau jamais calme ${ms} ms ; en cours : ${[...inFlight].map((r) => r.url()).join(', ')}`));
        }, maxSeconds * 1000);
        const arm = () => {
          clearTimeout(timer);
          if (inFlight.size > 0) return;
          timer = setTimeout(
            () => {
              finish();
              resolve();
            },
            Math.max(0, lastChange + ms - Date.now()),
          );
        };
        listeners.add(arm);
        arm();
      }),
  };
}

/** `count` pending copies of the demo reservation TBL-DEMO01, each with its own number and code. */
export async function pendingCopies(dbUrl: string, count: number): Promise<{ numero: string; code: string }[]> {
  const pg = createRequire(path.resolve(__dirname, '../../local-supabase/package.json'))('pg');
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const copies: { numero: string; code: string }[] = [];
    for (let i = 0; i < count; i += 1) {
      const { rows } = await client.query(
        // Columns by name: id, code_manage, status (pending) and is_accepted (generated) take their defaults.
        `insert into public.restaurant_reservations (
           restaurant_id, conversation_id, numero_reservation, numero_reservation_restaurateur, code_reservation,
           customer_name, email, phone_number, selected_menu, selected_menu_id, total_amount, number_people,
           children, reservation_date, arrival_time, options)
         select restaurant_id, conversation_id, $1::text, $2::text, code_reservation,
           customer_name, email, phone_number, selected_menu, selected_menu_id, total_amount, number_people,
           children, reservation_date, arrival_time, options
         from public.restaurant_reservations r where r.numero_reservation = 'TBL-DEMO01'
         returning numero_reservation as numero, code_manage as code`,
        [`TBL-BENCH${i}`, `R-B${i}`],
      );
      copies.push(rows[0]);
    }
    return copies;
  } finally {
    await client.end();
  }
}
