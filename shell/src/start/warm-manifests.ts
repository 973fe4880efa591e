/**
 * Manifests the page asked before the federation runtime would have (early.ts, the link pages), kept
 * for the runtime's manifest fetch (federation-plugins.ts). No side effect, nothing shared: it sits in
 * the entry chunk.
 */
const warmManifests = new Map<string, Promise<Response>>();

export function keepWarmManifest(url: string, answer: Promise<Response>): void {
  warmManifests.set(url, answer);
}

/** The manifest answer asked early for this address, once (undefined: none). */
export function takeWarmManifest(url: string): Promise<Response> | undefined {
  const answer = warmManifests.get(url);
  warmManifests.delete(url);
  return answer;
}
