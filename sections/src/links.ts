/** The form rule of every stored link (site web, CGV, payment link): the database's own rule, @tablee/domain isSafeLink. */
import { isSafeLink } from '@tablee/domain';

export const WEBSITE_LINK_MESSAGE = 'Veuillez saisir une adresse https:// valide (ex. https://monrestaurant.fr)';
export const CGV_LINK_MESSAGE = 'Veuillez saisir une adresse https:// valide (ex. https://monrestaurant.fr/cgv.pdf)';
/** The database's refusal of a link (a <table>_<column>_safe_link check) when a form was bypassed. */
export const UNSAFE_LINK_MESSAGE = 'Lien refusé : une adresse https:// complète, sans espace ni caractère accentué ou invisible, est attendue';

/** The French message for a link, or null when empty or safe; spaces around it are trimmed on save. */
export function linkError(value: string | undefined, message: string): string | null {
  const link = value?.trim() ?? '';
  return !link || isSafeLink(link) ? null : message;
}

/** An antd rule refusing an unsafe link with the given message. */
export const linkRule = (message: string) => ({
  validator: (_: unknown, value: string | undefined) => {
    const error = linkError(value, message);
    return error ? Promise.reject(new Error(error)) : Promise.resolve();
  },
});
