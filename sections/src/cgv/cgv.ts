/** The CGV section (spec §2 'CGV', §3 CGV, §5 policies and link, §6 ownership, §8 messages): value, choices, data calls. */
import { getSupabase, type Policy } from '@tablee/domain';
import { cgvFromRow } from '../mappers';
import type { SectionApi } from '../contract';
import { callRpc, embeddedOne, selectRestaurant } from '../data';

/** No stored CGV yet: both policies unchosen (the owner must pick them), no link. */
export interface CgvValue {
  cancellationPolicy?: Policy;
  modificationPolicy?: Policy;
  /** Trimmed on save; empty means none. */
  link: string;
}

export const POLICY_OPTIONS: readonly { value: Policy; label: string }[] = [
  { value: 'same_day', label: 'Jour J' },
  { value: '24h', label: '24h' },
  { value: '48h', label: '48h' },
  { value: '72h', label: '72h (3 jours)' },
  { value: '7_days', label: '7 jours' },
];

export const CGV_SUBMIT_LABEL = 'Sauvegarder les CGV';
export const CGV_SAVED_MESSAGE = 'CGV sauvegardées avec succès !';
export const CGV_LOAD_ERROR_MESSAGE = 'Erreur lors du chargement des CGV';
export const CGV_SAVE_ERROR_MESSAGE = 'Erreur lors de la sauvegarde des CGV';
export const RESTAURANT_ID_REQUIRED_MESSAGE = 'ID du restaurant requis';
export const NOT_SIGNED_IN_MESSAGE = 'Utilisateur non authentifié';

export const cgvApi: SectionApi<CgvValue> = {
  key: 'cgv',
  async load(restaurantId) {
    if (!restaurantId) throw new Error(RESTAURANT_ID_REQUIRED_MESSAGE);
    const data = await selectRestaurant(restaurantId, 'id, restaurant_cgv(cancellation_policy, modification_policy, link)');
    const row = embeddedOne(data.restaurant_cgv);
    return { value: cgvFromRow(row), stored: row !== null };
  },
  /**
   * One call: save_restaurant_cgv checks the user ('Utilisateur non authentifié'), the restaurant
   * ('Restaurant non trouvé') and its owner ('Accès non autorisé à ce restaurant'), then upserts.
   */
  async save(restaurantId, value) {
    if (!restaurantId) throw new Error(RESTAURANT_ID_REQUIRED_MESSAGE);
    // Signed out, the anonymous role may not even call the function: say it in the spec's words (no request made).
    if (!(await getSupabase().auth.getSession()).data.session) throw new Error(NOT_SIGNED_IN_MESSAGE);
    const p_cgv = { cancellationPolicy: value.cancellationPolicy, modificationPolicy: value.modificationPolicy, link: value.link.trim() };
    await callRpc('save_restaurant_cgv', { p_restaurant_id: restaurantId, p_cgv });
  },
};
