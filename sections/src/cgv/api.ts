/** The CGV section's data calls. */
import { getSupabase } from '@tablee/domain';
import { callRpc, embeddedOne, RefusedValueError, selectRestaurant } from '../data';
import type { SectionApi } from '../contract';
import { cgvFromRow, cgvToSave } from '../mappers';
import { NOT_SIGNED_IN_MESSAGE, NO_SHOW_FEE_AMOUNT_REQUIRED_MESSAGE, RESTAURANT_ID_REQUIRED_MESSAGE, type CgvValue } from './rules';

const hasAmount = (amount: number | undefined) => typeof amount === 'number' && !Number.isNaN(amount);

export const cgvApi: SectionApi<CgvValue> = {
  key: 'cgv',
  fields: { 'restaurant_cgv.link': ['link'], 'restaurant_cgv.no_show_fee_cents': ['noShowFee', 'amount'] },
  async load(restaurantId) {
    if (!restaurantId) throw new Error(RESTAURANT_ID_REQUIRED_MESSAGE);
    const data = await selectRestaurant(restaurantId, 'id, restaurant_cgv(cancellation_policy, modification_policy, link, advance_payment_nature, no_show_fee_type, no_show_fee_cents)');
    const row = embeddedOne(data.restaurant_cgv);
    return { value: cgvFromRow(row), stored: row !== null };
  },
  /**
   * One call: save_restaurant_cgv checks the user ('Utilisateur non authentifié'), the restaurant
   * ('Restaurant non trouvé') and its owner ('Accès non autorisé à ce restaurant'), then upserts.
   */
  async save(restaurantId, value) {
    if (!restaurantId) throw new Error(RESTAURANT_ID_REQUIRED_MESSAGE);
    // A fee type without its amount (the onboarding saves what the owner has not finished): refused on
    // the amount's field, in the form's words, before any request.
    if (value.noShowFee.type !== 'none' && !hasAmount(value.noShowFee.amount)) {
      throw new RefusedValueError(NO_SHOW_FEE_AMOUNT_REQUIRED_MESSAGE, '22023', 'restaurant_cgv.no_show_fee_cents');
    }
    // Signed out, the anonymous role may not even call the function: say it in the spec's words (no request made).
    if (!(await getSupabase().auth.getSession()).data.session) throw new Error(NOT_SIGNED_IN_MESSAGE);
    await callRpc('save_restaurant_cgv', { p_restaurant_id: restaurantId, p_cgv: cgvToSave(value) });
  },
};
