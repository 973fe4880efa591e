/** Options data calls: one select to load, save_restaurant_options (one transaction) to save. */
import { getSupabase } from '@tablee/domain';
import { optionFromRow } from '../mappers';
import { storedValue, type SectionApi } from '../contract';
import { optionsToPayload, type OptionsValue } from './rules';

export const optionsApi: SectionApi<OptionsValue> = {
  key: 'options',
  async load(restaurantId) {
    const { data, error } = await getSupabase()
      .from('restaurant_options')
      .select('id, title, price, price_type, display_order')
      .eq('restaurant_id', restaurantId)
      .order('display_order', { ascending: true });
    if (error) throw new Error(error.message, { cause: error });
    return storedValue({ options: data.map(optionFromRow) });
  },
  async save(restaurantId, options) {
    const { error } = await getSupabase().rpc('save_restaurant_options', { p_restaurant_id: restaurantId, p_options: optionsToPayload(options) });
    if (error) throw new Error(error.message, { cause: error });
  },
};
