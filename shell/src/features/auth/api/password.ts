/** The password rule of the sign-up, the new-password and the account pages (spec §5). */
export const MIN_PASSWORD_LENGTH = 6;

const graphemes = new Intl.Segmenter('fr', { granularity: 'grapheme' });
/** A password's length as its owner counts it: characters ('😀' is one), not UTF-16 units (two). */
export function passwordLength(password: string): number {
  return [...graphemes.segment(password)].length;
}

/** Why a password cannot be chosen, in French; null when it can (spec §5; not only spaces). */
export function passwordProblem(password: string): string | null {
  if (password !== '' && password.trim() === '') return 'Le mot de passe ne peut pas contenir uniquement des espaces.';
  if (passwordLength(password) < MIN_PASSWORD_LENGTH) return `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`;
  return null;
}
