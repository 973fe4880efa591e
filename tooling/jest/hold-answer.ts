/**
 * Makes an older request answer last, on the real stack: the answer of the first request whose URL
 * matches is held (the request itself reaches the server at once, `requested`) until `release()`. `bodyRead`
 * resolves once the app has read the held answer's body. Restore with `restoreFetch()`.
 */
const originalFetch = globalThis.fetch;

export function restoreFetch(): void {
  globalThis.fetch = originalFetch;
}

export function holdFirstAnswer(matches: (url: string) => boolean): { requested: Promise<void>; release: () => void; bodyRead: Promise<void> } {
  let sent!: () => void;
  const requested = new Promise<void>((resolve) => (sent = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let consumed!: () => void;
  const bodyRead = new Promise<void>((resolve) => (consumed = resolve));
  let claimed = false;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const hold = !claimed && matches(url);
    if (hold) {
      claimed = true;
      sent();
    }
    const response = await originalFetch(input, init);
    if (!hold) return response;
    const body = await response.text();
    await released;
    const answer = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    const text = answer.text.bind(answer);
    answer.text = () => text().finally(consumed);
    return answer;
  };
  return { requested, release, bodyRead };
}
