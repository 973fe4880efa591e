/** The CGV section (spec §2 'CGV', §3 CGV, §5 policies and link, §6 ownership, §8 messages): value, choices, messages (data calls: api.ts). */
import { POLICY_LABELS, type Policy } from '@tablee/domain';

/** No stored CGV yet: both policies unchosen (the owner must pick them), no link. */
export interface CgvValue {
  cancellationPolicy?: Policy;
  modificationPolicy?: Policy;
  /** Trimmed on save; empty means none. */
  link: string;
}

export const POLICY_OPTIONS: readonly { value: Policy; label: string }[] = (Object.keys(POLICY_LABELS) as Policy[]).map((value) => ({ value, label: POLICY_LABELS[value] }));

export const CGV_SUBMIT_LABEL = 'Sauvegarder les CGV';
export const CGV_SAVED_MESSAGE = 'CGV sauvegardées avec succès !';
export const CGV_LOAD_ERROR_MESSAGE = 'Erreur lors du chargement des CGV';
export const CGV_SAVE_ERROR_MESSAGE = 'Erreur lors de la sauvegarde des CGV';
export const RESTAURANT_ID_REQUIRED_MESSAGE = 'ID du restaurant requis';
export const NOT_SIGNED_IN_MESSAGE = 'Utilisateur non authentifié';
