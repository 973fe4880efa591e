/**
 * What the browser did during a test, told only when it fails: the pages' errors, failed requests,
 * answers of 400 and more, and each page's address and text when its context closes (a test closes its
 * context in `finally`, before jest reports the failure). A timeout then says what the page showed
 * instead of what was awaited. environment.cjs prints it after a failed test and empties it after each.
 */
import type { BrowserContext, Page } from 'playwright-core';

const KEPT = 200;
const TEXT_CHARS = 1500;

const flight: string[] = ((globalThis as { __e2eFlight?: string[] }).__e2eFlight ??= []);
const started = Date.now();

function note(line: string) {
  flight.push(`+${((Date.now() - started) / 1000).toFixed(1)} s ${line}`);
  if (flight.length > KEPT) flight.splice(0, flight.length - KEPT);
}

function watch(page: Page) {
  page.on('pageerror', (error) => note(`pageerror ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') note(`console.${message.type()} ${message.text().slice(0, 300)}`);
  });
  page.on('requestfailed', (request) => note(`requestfailed ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    if (response.status() >= 400) note(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
}

/** What a page shows, read within 2 s (a page busy for longer is said so rather than waited for). */
async function shown(page: Page): Promise<string> {
  const text = page.evaluate(() => document.body?.innerText ?? '').then((t) => t.replace(/\s+\n/g, '\n').slice(0, TEXT_CHARS));
  const late = new Promise<string>((resolve) => setTimeout(() => resolve('(page occupée : texte illisible en 2 s)'), 2000).unref());
  return Promise.race([text, late]).catch((error: unknown) => `(texte illisible : ${String(error)})`);
}

/** Records the context's pages, and what each shows when the context closes. */
export function record(context: BrowserContext): void {
  context.pages().forEach(watch);
  context.on('page', watch);
  const close = context.close.bind(context);
  context.close = async (options) => {
    for (const page of context.pages()) {
      if (!page.isClosed()) note(`page ${page.url()} au moment de fermer :\n${await shown(page)}`);
    }
    return close(options);
  };
}
