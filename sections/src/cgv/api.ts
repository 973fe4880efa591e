/** The CGV section's data calls. */
import { getSupabase } from '@tablee/domain';
import { callRpc, embeddedOne, selectRestaurant } from '../data';
import type { SectionApi } from '../contract';
import { cgvFromRow } from '../mappers';
import { NOT_SIGNED_IN_MESSAGE, RESTAURANT_ID_REQUIRED_MESSAGE, type CgvValue } from './rules';

export const cgvApi: SectionApi<CgvValue> = {
  key: 'cgv',
  fields: { 'restaurant_cgv.link': ['link'] },
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
