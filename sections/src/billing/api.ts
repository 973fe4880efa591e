/** The billing section's data calls. */
import { getSupabase } from '@tablee/domain';
import { dataError, embeddedOne, selectRestaurant } from '../data';
import type { SectionApi } from '../contract';
import { billingFromRow, billingToRow } from '../mappers';
import type { BillingValue } from './rules';

export const billingApi: SectionApi<BillingValue> = {
  key: 'billing',
  async load(restaurantId) {
    const data = await selectRestaurant(restaurantId, 'id, restaurant_billing(*)');
    const row = embeddedOne(data.restaurant_billing);
    return { value: billingFromRow(row), stored: row !== null };
  },
  async save(restaurantId, value) {
    // One row per restaurant: a single upsert is one transaction.
    const { error } = await getSupabase().from('restaurant_billing').upsert(billingToRow(restaurantId, value), { onConflict: 'restaurant_id' });
    if (error) throw dataError(error);
  },
};
