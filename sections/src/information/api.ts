/** The information section's data calls: one read of the restaurant with its amenities and contact, save_restaurant_information to save. */
import { callRpc, embeddedOne, selectRestaurant } from '../data';
import type { SectionApi } from '../contract';
import { contactToSave, informationFromRow } from '../mappers';
import type { InformationValue } from './rules';

export const informationApi: SectionApi<InformationValue> = {
  key: 'information',
  fields: {
    'restaurants.name': ['name'],
    'restaurants.address': ['address'],
    'restaurants.description': ['description'],
    'restaurants.url': ['url'],
    'restaurant_contacts.email': ['contact', 'email'],
    'restaurant_contacts.whatsapp': ['contact', 'whatsapp'],
    'restaurant_contacts.phone': ['contact', 'phone'],
  },
  async load(restaurantId) {
    const data = await selectRestaurant(restaurantId, 'name, address, description, url, restaurant_amenities(*), restaurant_contacts(*)');
    // The name and address live on the restaurant's row; the amenities and the contact have rows of their own.
    const stored = embeddedOne(data.restaurant_amenities) !== null && embeddedOne(data.restaurant_contacts) !== null;
    return { value: { ...informationFromRow(data), url: data.url ?? '' }, stored };
  },
  async save(restaurantId, value) {
    // Without a url (onboarding) the key is left out, so the stored url is kept.
    const { url, ...typed } = value;
    const information = { ...typed, contact: contactToSave(typed.contact) };
    const p_information = url === undefined ? information : { ...information, url: url.trim() };
    await callRpc('save_restaurant_information', { p_restaurant_id: restaurantId, p_information });
  },
};
