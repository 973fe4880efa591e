/** How the engine compares French words: one place for the folding every reader uses. */

/**
 * Lower case, accents off, apostrophes straight, every space a plain one, character by character
 * and keeping each one's length: the folded text's indexes are the text's (understand.ts reads the
 * customer's own words back at the places it found them).
 */
export function fold(text: string): string {
  let folded = '';
  for (const char of text) folded += foldChar(char);
  return folded;
}

function foldChar(char: string): string {
  if (/\s/.test(char)) return ' ';
  if (/[’‘`´]/.test(char)) return "'";
  const plain = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return plain.length === char.length ? plain : char;
}

/** Spaces collapsed, trimmed. */
export const squeeze = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** A whole message folded and squeezed: what the profile's questions and the booking words are matched against. */
export const normalize = (text: string): string => squeeze(fold(text));
