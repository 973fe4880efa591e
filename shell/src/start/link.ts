/**
 * Light start of the one-click link pages (/reservations/*), first step, with no React: the config,
 * the public-links remote registered, and its page module loaded at once (link-remote.ts, which the
 * page awaits: the page does not import this entry back). Then the page itself (link-page.tsx),
 * imported from here so that no module of this chunk is downloaded twice.
 */
import './link-remote';

void import('./link-page');
