/**
 * What several benches measure the same way: the scripts and styles a page downloads (gzip size by
 * zlib, per module), the moment the network has been quiet for a while, and pending requests to the
 * demo restaurant for the link page.
 */
import zlib from 'node:zlib';
import type { Page, Request, Response } from 'playwright-core';
import { submitGroupRequest, type StackAccess } from '../../local-supabase/test/reservations';
import { SEEDED } from '../../local-supabase/test/seeded';
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
  /** When its response arrived (Date.now()). */
  at: number;
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
    const at = Date.now();
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), module: moduleOf(response.url()), type, body, gzip: zlib.gzipSync(body).length, at }),
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

/**
 * `count` pending requests to the demo restaurant Le Comptoir des Halles, submitted as the chatbot
 * submits them (submit_group_request, on its next open day), each with its number and link code.
 */
export async function pendingRequests(supabase: StackAccess, count: number): Promise<{ numero: string; code: string }[]> {
  const requests: { numero: string; code: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const submitted = await submitGroupRequest(SEEDED.lyon, { customer: { name: `Client Mesure ${i + 1}`, email: `mesure-${i + 1}@example.fr` } }, supabase);
    requests.push({ numero: submitted.numero, code: submitted.codeManage });
  }
  return requests;
}
