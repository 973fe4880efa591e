/**
 * The French messages of the recovery and account screens, chosen from Supabase Auth's
 * error codes as signInErrorMessage does for sign-in. Not in spec §8, which has no messages for these screens.
 */
import { SIGN_IN_MESSAGES, SIGN_UP_MESSAGES } from './authErrors';

export const ACCOUNT_MESSAGES = {
  resetSent: 'Si un compte existe pour cette adresse, un e-mail vous a été envoyé avec un lien pour choisir un nouveau mot de passe. Ce lien est valable 1 heure.',
  resetFailed: "Échec de l'envoi de l'e-mail. Veuillez réessayer.",
  linkInvalid: "Ce lien n'est plus valide : il a déjà servi ou il a expiré (il est valable 1 heure).",
  linkIncomplete: 'Ce lien est incomplet. Copiez-le entièrement depuis l’e-mail reçu, ou demandez-en un nouveau.',
  linkFailed: 'La vérification du lien a échoué. Veuillez réessayer.',
  passwordsDiffer: 'Les deux mots de passe ne correspondent pas.',
  samePassword: "Le nouveau mot de passe doit être différent de l'actuel.",
  currentPasswordMissing: 'Indiquez votre mot de passe actuel.',
  currentPasswordWrong: 'Le mot de passe actuel est incorrect.',
  sessionExpired: 'Votre session a expiré. Reconnectez-vous puis recommencez.',
  passwordFailed: 'Échec de la modification du mot de passe. Veuillez réessayer.',
  passwordChanged: 'Votre mot de passe a été modifié.',
  passwordReset: 'Votre mot de passe a été modifié. Vous êtes connecté.',
  emailTaken: 'Cette adresse email est déjà utilisée par un autre compte.',
  emailUnchanged: "C'est déjà l'adresse de votre compte.",
  emailRateLimited: "Trop de demandes d'e-mail. Veuillez patienter quelques minutes avant de réessayer.",
  emailFailed: "Échec du changement d'adresse. Veuillez réessayer.",
  emailLinkSent: (email: string) => `Un lien de confirmation a été envoyé à ${email}, et un autre à votre adresse actuelle. Votre adresse changera quand vous aurez ouvert les deux.`,
  confirmationSent: (email: string) => `Un lien de confirmation a été envoyé à ${email}. Ouvrez-le pour activer votre compte ; il est valable 1 heure.`,
  confirmationResent: (email: string) => `Un nouveau lien de confirmation a été envoyé à ${email}.`,
  notConfirmedHelp: 'Ouvrez le lien de l’e-mail de confirmation reçu après votre inscription. Vous ne le trouvez pas ?',
  resendFailed: "Échec de l'envoi de l'e-mail. Veuillez réessayer.",
  emailConfirmed: 'Votre adresse email est confirmée. Vous êtes connecté.',
  emailHalfConfirmed: 'Lien accepté. Ouvrez maintenant le lien envoyé à votre autre adresse : le changement sera fait à ce moment-là.',
  accountDeleted: 'Votre compte a été supprimé.',
  emailChanged: (email: string) => `Votre adresse email est désormais ${email}. Utilisez-la pour vous connecter.`,
} as const;

interface AuthErrorLike {
  code?: string;
  status?: number;
  name?: string;
  message?: string;
}

const asError = (error: unknown): AuthErrorLike => (error && typeof error === 'object' ? (error as AuthErrorLike) : {});
const tooMany = (e: AuthErrorLike) => e.code === 'over_request_rate_limit' || e.code === 'over_email_send_rate_limit' || e.status === 429;

export function resetRequestErrorMessage(error: unknown): string {
  const e = asError(error);
  if (tooMany(e)) return SIGN_IN_MESSAGES.tooManyRequests;
  if (e.code === 'validation_failed' || e.code === 'email_address_invalid') return SIGN_UP_MESSAGES.invalidEmail;
  return ACCOUNT_MESSAGES.resetFailed;
}

export function verifyErrorMessage(error: unknown): string {
  const e = asError(error);
  if (e.code === 'otp_expired' || e.code === 'validation_failed') return ACCOUNT_MESSAGES.linkInvalid;
  if (tooMany(e)) return SIGN_IN_MESSAGES.tooManyRequests;
  return ACCOUNT_MESSAGES.linkFailed;
}

export function passwordChangeErrorMessage(error: unknown): string {
  const e = asError(error);
  if (e.code === 'weak_password') return SIGN_UP_MESSAGES.weakPassword;
  if (e.code === 'same_password') return ACCOUNT_MESSAGES.samePassword;
  if (e.code === 'current_password_required') return ACCOUNT_MESSAGES.currentPasswordMissing;
  if (e.code === 'current_password_mismatch') return ACCOUNT_MESSAGES.currentPasswordWrong;
  // As at sign-up: Supabase Auth tells a password over 72 bytes by its message only.
  if (e.code === 'validation_failed' && e.message?.startsWith('Password cannot be longer than')) return SIGN_UP_MESSAGES.passwordTooLong;
  if (e.name === 'AuthSessionMissingError' || e.code === 'session_not_found' || e.code === 'bad_jwt') return ACCOUNT_MESSAGES.sessionExpired;
  if (tooMany(e)) return SIGN_IN_MESSAGES.tooManyRequests;
  return ACCOUNT_MESSAGES.passwordFailed;
}

export function emailChangeErrorMessage(error: unknown): string {
  const e = asError(error);
  if (e.code === 'email_exists' || e.code === 'user_already_exists') return ACCOUNT_MESSAGES.emailTaken;
  if (e.code === 'validation_failed' || e.code === 'email_address_invalid') return SIGN_UP_MESSAGES.invalidEmail;
  if (tooMany(e)) return ACCOUNT_MESSAGES.emailRateLimited;
  if (e.name === 'AuthSessionMissingError' || e.code === 'session_not_found' || e.code === 'bad_jwt') return ACCOUNT_MESSAGES.sessionExpired;
  return ACCOUNT_MESSAGES.emailFailed;
}
