/**
 * A link the app stores (the restaurant's site, its CGV, its payment link) and hands on to customers
 * and the chatbot: https only, a plain host name (letters, digits, hyphens — an international domain in
 * its punycode form, xn--…), an optional port, then printable ASCII only. No `javascript:`, no `http:`,
 * no user name before the host, no invisible or right-to-left characters.
 * The same pattern as the database's private.is_safe_link (migration 20261126001010), which the tables'
 * CHECK constraints use: keep the two identical.
 */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
export const SAFE_LINK_PATTERN = new RegExp(`^https://(?:${LABEL}\\.)+${LABEL}(?::[0-9]{1,5})?(?:[/?#][!-~]*)?$`, 'i');

/** True when the (already trimmed) link may be stored. */
export const isSafeLink = (link: string) => SAFE_LINK_PATTERN.test(link);
