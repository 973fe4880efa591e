import type { AuthMail } from './mailer';

/** The French e-mails of Auth: the templates hosted Supabase would be given (token_hash links to the app's pages). */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** '1 heure', '2 heures', '30 minutes': how long a link stays valid, as the e-mail says it. */
export function validityFr(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 heure' : `${seconds / 3600} heures`;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The app page `redirectTo` with the token and its type, as Supabase's "token_hash" templates build it. */
export function emailLink(redirectTo: string, tokenHash: string, type: 'recovery' | 'email_change' | 'email'): string {
  const url = new URL(redirectTo);
  url.searchParams.set('token_hash', tokenHash);
  url.searchParams.set('type', type);
  return url.href;
}

function mail(to: string, tag: string, subject: string, paragraphs: string[], link: string, action: string): AuthMail {
  const [intro, ...rest] = paragraphs;
  return {
    to,
    tag,
    subject,
    text: ['Bonjour,', intro, link, ...rest, 'L’équipe Tablée'].join('\n\n'),
    html: [
      '<p>Bonjour,</p>',
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
      `<p>Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :<br>${escapeHtml(link)}</p>`,
      ...rest.map((p) => `<p>${escapeHtml(p)}</p>`),
      '<p>L’équipe Tablée</p>',
    ].join('\n'),
  };
}

export function recoveryMail(to: string, link: string, validitySeconds: number): AuthMail {
  return mail(
    to,
    'compte-mot-de-passe',
    'Réinitialisation de votre mot de passe Tablée',
    [
      'Vous avez demandé à réinitialiser le mot de passe de votre compte Tablée. Pour choisir un nouveau mot de passe, ouvrez ce lien :',
      `Ce lien est valable ${validityFr(validitySeconds)} et ne sert qu’une fois.`,
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
    ],
    link,
    'Choisir un nouveau mot de passe',
  );
}

export function emailChangeMail(to: string, currentEmail: string, link: string, validitySeconds: number): AuthMail {
  return mail(
    to,
    'compte-adresse',
    'Confirmez votre nouvelle adresse e-mail Tablée',
    [
      'Vous avez demandé à utiliser cette adresse pour votre compte Tablée. Pour confirmer ce changement, ouvrez ce lien :',
      `Ce lien est valable ${validityFr(validitySeconds)} et ne sert qu’une fois. Tant qu’il n’est pas ouvert, votre compte garde son adresse actuelle (${currentEmail}).`,
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
    ],
    link,
    'Confirmer ma nouvelle adresse',
  );
}

/** Secure e-mail change: the current address is told, and its link is the second agreement the change needs. */
export function emailChangeCurrentMail(to: string, newEmail: string, link: string, validitySeconds: number): AuthMail {
  return mail(
    to,
    'compte-adresse-actuelle',
    'Changement d’adresse e-mail de votre compte Tablée',
    [
      `Quelqu’un a demandé à remplacer l’adresse de votre compte Tablée par ${newEmail}. Si c’est vous, confirmez en ouvrant ce lien :`,
      `Ce lien est valable ${validityFr(validitySeconds)} et ne sert qu’une fois. L’adresse ne change que lorsque ce lien et celui envoyé à ${newEmail} ont tous deux été ouverts.`,
      'Si vous n’êtes pas à l’origine de cette demande, n’ouvrez pas ce lien et changez votre mot de passe : quelqu’un a peut-être accès à votre compte.',
    ],
    link,
    'Confirmer le changement d’adresse',
  );
}

/** Sign-up with confirmations on: the link that confirms the address (type=email). */
export function confirmationMail(to: string, link: string, validitySeconds: number): AuthMail {
  return mail(
    to,
    'compte-confirmation',
    'Confirmez votre adresse e-mail Tablée',
    [
      'Bienvenue sur Tablée ! Pour confirmer votre adresse e-mail et activer votre compte, ouvrez ce lien :',
      `Ce lien est valable ${validityFr(validitySeconds)} et ne sert qu’une fois.`,
      'Si vous n’avez pas créé de compte Tablée, ignorez cet e-mail.',
    ],
    link,
    'Confirmer mon adresse',
  );
}

/**
 * GoTrue's password-changed notice (MAILER_NOTIFICATIONS_PASSWORD_CHANGED): sent after any change of the
 * password (from the account page or a recovery link), so that an owner whose password someone else changed
 * learns it at once; its link is the app's « Mot de passe oublié ».
 */
export function passwordChangedMail(to: string, forgotPasswordPage: string): AuthMail {
  return mail(
    to,
    'compte-mot-de-passe-modifie',
    'Votre mot de passe Tablée a été modifié',
    [
      'Le mot de passe de votre compte Tablée vient d’être modifié. Si vous n’êtes pas à l’origine de ce changement, choisissez-en un nouveau sans attendre :',
      'Vos autres sessions ont été fermées. Si c’est bien vous, vous n’avez rien à faire.',
    ],
    forgotPasswordPage,
    'Réinitialiser mon mot de passe',
  );
}
