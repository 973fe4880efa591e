/** The information section (spec §2 'Information', §3 information, §5 required fields): value, defaults, data calls. */
import { DEFAULT_RESPONSE_TIME } from '../constants';
import type { Information } from '@tablee/domain';
import { defaultAmenities, informationFromRow } from '../mappers';
import type { SectionApi, SectionContext } from '../contract';
import { callRpc, embeddedOne, selectRestaurant } from '../data';

/** Spec §3 information, plus the restaurant's url which only the edit form shows ('' = none). */
export interface InformationValue extends Information {
  url?: string;
}

export const AMENITY_LABELS: readonly { key: keyof Information['amenities']; label: string }[] = [
  { key: 'groundFloor', label: 'Plain-pied' },
  { key: 'accessibleToDisabled', label: 'Accès PMR' },
  { key: 'parking', label: 'Parking' },
  { key: 'airConditioning', label: 'Climatisation' },
  { key: 'wifi', label: 'WIFI' },
  { key: 'valetParking', label: 'Voiturier' },
];

/** The url field exists on the edit form only (spec §2). */
export const hasUrlField = (context: SectionContext) => context === 'edit';

export const defaultInformation = (): InformationValue => ({
  name: '',
  address: '',
  description: '',
  amenities: defaultAmenities(),
  contact: { email: '', whatsapp: '', responseTime: DEFAULT_RESPONSE_TIME },
  url: '',
});

export const informationApi: SectionApi<InformationValue> = {
  key: 'information',
  async load(restaurantId) {
    const data = await selectRestaurant(restaurantId, 'name, address, description, url, restaurant_amenities(*), restaurant_contacts(*)');
    // The name and address live on the restaurant's row; the amenities and the contact have rows of their own.
    const stored = embeddedOne(data.restaurant_amenities) !== null && embeddedOne(data.restaurant_contacts) !== null;
    return { value: { ...informationFromRow(data), url: data.url ?? '' }, stored };
  },
  async save(restaurantId, value) {
    // Without a url (onboarding) the key is left out, so the stored url is kept.
    const { url, ...information } = value;
    const p_information = url === undefined ? information : { ...information, url: url.trim() };
    await callRpc('save_restaurant_information', { p_restaurant_id: restaurantId, p_information });
  },
};
