import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';

/** Counts events (failed sign-ins, sign-ups) per client address in a sliding window, like GoTrue's rate limits. */
export class AddressLimiter {
  private events = new Map<string, number[]>();
  constructor(
    private max: number,
    private windowMs: number,
  ) {}
  private recent(key: string): number[] {
    const now = Date.now();
    const kept = (this.events.get(key) ?? []).filter((t) => now - t < this.windowMs);
    this.events.set(key, kept);
    return kept;
  }
  isBlocked(key: string): boolean {
    return this.recent(key).length >= this.max;
  }
  record(key: string): void {
    this.recent(key).push(Date.now());
  }
}

/**
 * The caller's address: the socket's, unless it is a configured proxy; then X-Forwarded-For is read from
 * the right, skipping trusted proxies, so that hops a client wrote itself are never taken for its address.
 */
export function clientAddressResolver(trustedProxies: string[]): (req: FastifyRequest) => string {
  let trust: ReturnType<typeof proxyAddr.compile>;
  try {
    trust = proxyAddr.compile(trustedProxies);
  } catch (err) {
    throw new Error(`AUTH_TRUSTED_PROXIES doit lister des adresses IP ou des plages CIDR séparées par des virgules (${(err as Error).message})`);
  }
  return (req) => proxyAddr(req.raw, trust);
}
