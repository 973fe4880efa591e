/** The billing section's data calls. */
import { getSupabase } from '@tablee/domain';
import { dataError, embeddedOne, selectRestaurant } from '../data';
import type { SectionApi } from '../contract';
import { billingFromRow, billingToRow } from '../mappers';
import type { BillingValue } from './rules';

export const billingApi: SectionApi<BillingValue> = {
  key: 'billing',
  // The columns of billingToRow, each to the field it is typed in.
  fields: {
    'restaurant_billing.company_name': ['legalInformation', 'companyName'],
    'restaurant_billing.legal_form': ['legalInformation', 'legalForm'],
    'restaurant_billing.siret_number': ['legalInformation', 'siretNumber'],
    'restaurant_billing.rcs_city': ['legalInformation', 'rcsCity'],
    'restaurant_billing.vat_number': ['legalInformation', 'vatNumber'],
    'restaurant_billing.address': ['headquartersAddress', 'address'],
    'restaurant_billing.postal_code': ['headquartersAddress', 'postalCode'],
    'restaurant_billing.city': ['headquartersAddress', 'city'],
    'restaurant_billing.country': ['headquartersAddress', 'country'],
    'restaurant_billing.payment_link': ['paymentConditions', 'paymentLink'],
    'restaurant_billing.iban': ['bankDetails', 'iban'],
    'restaurant_billing.bic': ['bankDetails', 'bic'],
    'restaurant_billing.contact_name': ['billingContact', 'name'],
    'restaurant_billing.contact_email': ['billingContact', 'email'],
    'restaurant_billing.contact_phone': ['billingContact', 'phone'],
  },
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
