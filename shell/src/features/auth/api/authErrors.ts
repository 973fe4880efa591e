/** Spec §8: the sign-in and sign-up pages' messages, chosen from the real Supabase Auth error codes and statuses. */

interface AuthErrorLike {
  code?: string;
  status?: number;
  message?: string;
}

function asAuthError(error: unknown): AuthErrorLike | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as Record<string, unknown>;
  return {
    code: typeof e.code === 'string' ? e.code : undefined,
    status: typeof e.status === 'number' ? e.status : undefined,
    message: typeof e.message === 'string' ? e.message : undefined,
  };
}

export const SIGN_IN_MESSAGES = {
  invalidCredentials: 'Email ou mot de passe incorrect.',
  emailNotConfirmed: 'Veuillez confirmer votre email avant de vous connecter.',
  tooManyRequests: 'Trop de tentatives. Veuillez patienter quelques minutes.',
  fallback: 'Échec de la connexion. Veuillez vérifier vos identifiants.',
} as const;

export function signInErrorMessage(error: unknown): string {
  const e = asAuthError(error);
  if (!e) return SIGN_IN_MESSAGES.fallback;
  if (e.code === 'invalid_credentials') return SIGN_IN_MESSAGES.invalidCredentials;
  if (e.code === 'email_not_confirmed') return SIGN_IN_MESSAGES.emailNotConfirmed;
  if (e.code === 'over_request_rate_limit' || e.status === 429) return SIGN_IN_MESSAGES.tooManyRequests;
  if (e.message) return `Erreur: ${e.message}`;
  return SIGN_IN_MESSAGES.fallback;
}

export const SIGN_UP_MESSAGES = {
  userExists: 'Un compte existe déjà avec cette adresse email.',
  weakPassword: 'Le mot de passe doit contenir au moins 6 caractères.',
  // Not in spec §8: Supabase Auth refuses passwords over 72 bytes (bcrypt's limit), counted in UTF-8.
  passwordTooLong: 'Le mot de passe ne doit pas dépasser 72 caractères (une lettre accentuée compte pour deux).',
  invalidEmail: 'Adresse email invalide.',
  signupDisabled: "L'inscription est temporairement désactivée.",
  fallback: "Échec de l'inscription. Veuillez réessayer.",
} as const;

export function signUpErrorMessage(error: unknown): string {
  const e = asAuthError(error);
  if (!e) return SIGN_UP_MESSAGES.fallback;
  if (e.code === 'user_already_exists' || e.code === 'email_exists') return SIGN_UP_MESSAGES.userExists;
  if (e.code === 'weak_password') return SIGN_UP_MESSAGES.weakPassword;
  // Supabase Auth gives this one the code of a malformed e-mail; only its message tells them apart.
  if (e.code === 'validation_failed' && e.message?.startsWith('Password cannot be longer than')) return SIGN_UP_MESSAGES.passwordTooLong;
  if (e.code === 'validation_failed' || e.code === 'email_address_invalid') return SIGN_UP_MESSAGES.invalidEmail;
  if (e.code === 'signup_disabled') return SIGN_UP_MESSAGES.signupDisabled;
  // Not in spec §8's sign-up table: the sign-in one's message for the same limit.
  if (e.code === 'over_request_rate_limit' || e.status === 429) return SIGN_IN_MESSAGES.tooManyRequests;
  if (e.status === 422) return `Erreur de validation (422): ${e.message ?? ''}`;
  return SIGN_UP_MESSAGES.fallback;
}
