/**
 * Light start of the one-click link pages, the request pages and the customer's page (/reservations/*, /demande/*, /ma-reservation/*), first
 * step, with no React: the config, the public-links remote registered, and its page module loaded at
 * once (link-remote.ts, which the page awaits). The page itself (link-page.tsx, react-dom most of it)
 * is asked by index.tsx beside this chunk, not from here once it has arrived and run: one round trip
 * less on a phone network. link-page.tsx imports link-remote.ts too; its code runs once.
 */
import './link-remote';
