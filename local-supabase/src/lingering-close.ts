import type { FastifyRequest } from 'fastify';

/**
 * After a refusal the rest of the body is still read, and dropped (nothing is kept), for at most this
 * many bytes and seconds: a client still sending when its connection is closed gets a reset instead
 * of the 413 (nginx's lingering close, for the same reason). Past either, the connection is closed.
 */
const LINGER_BYTES = 64 * 1024 * 1024;
const LINGER_MS = 10_000;

/** After a refusal: the rest of the body is read and dropped, up to LINGER_BYTES, then the connection is closed. */
export function linger(req: FastifyRequest) {
  const raw = req.raw;
  if (raw.readableEnded || raw.destroyed) return;
  let dropped = 0;
  const timer = setTimeout(() => raw.socket?.destroy(), LINGER_MS).unref();
  raw.removeAllListeners('data');
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) raw.socket?.destroy();
  });
  raw.once('close', () => clearTimeout(timer));
  raw.on('error', () => undefined);
  raw.resume();
}
