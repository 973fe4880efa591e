/**
 * Waits until `read()` gives a value that `accept`s, for what no event announces (a file written or
 * removed, a process gone, a service back, an e-mail in the outbox): checks again every 100 ms, gives
 * up after `seconds` naming `what` and the last value read. The one poller of every test package.
 */
export async function until<T>(read: () => Promise<T> | T, accept: (value: T) => boolean, what: string, seconds = 30): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (accept(last)) return last;
    if (Date.now() > deadline) throw new Error(`still waiting for: ${what} (last value: ${JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
