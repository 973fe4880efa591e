/**
 * /config.json requested by the entry chunk itself, alongside the start's code rather than after it
 * (the link page waited ~200 ms for it otherwise). Nothing shared here: the entry chunk stays light.
 * Same request as the kernel's loadAppConfig (no cache: a redeployed config applies on the next load).
 */
export const configResponse: Promise<Response> = fetch('/config.json', { cache: 'no-store' });
