/**
 * Failed assistant-key checks counted per client address, as GoTrue counts failed sign-ins: the rate
 * limit per key cannot hold back someone who tries a new key each time. Past `max` unknown keys within
 * a window, the address is answered 429 without its keys being looked up, until the window ends.
 * Counted in the process's memory, as the rate limits are.
 */
export class FailedKeyChecks {
  private readonly byAddress = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: { max: number; timeWindowMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds before `address` may try a key again; 0 when it may now. */
  waitFor(address: string): number {
    const entry = this.byAddress.get(address);
    if (!entry || entry.resetAt <= this.now() || entry.count < this.limit.max) return 0;
    return Math.max(1, Math.ceil((entry.resetAt - this.now()) / 1000));
  }

  /** One more unknown key from `address`. */
  record(address: string): void {
    const now = this.now();
    const entry = this.byAddress.get(address);
    if (entry && entry.resetAt > now) entry.count += 1;
    else this.byAddress.set(address, { count: 1, resetAt: now + this.limit.timeWindowMs });
    // Addresses whose window is over are forgotten now and then: the map never holds more than a window's worth.
    if (this.byAddress.size > 10_000) for (const [key, e] of this.byAddress) if (e.resetAt <= now) this.byAddress.delete(key);
  }
}

/** The 429 of an address past its count (GoTrue's shape, by the route's error handler, with Retry-After). */
export class TooManyFailedKeys extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(`Trop de clés d'assistant refusées depuis cette connexion : réessayez dans ${retryAfterSeconds} s.`);
  }
}
