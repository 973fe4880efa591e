/** The information section (spec §2 'Information', §3 information, §5 required fields): value, defaults (data calls: api.ts). */
import { DEFAULT_RESPONSE_TIME } from '../constants';
import type { Information } from '@tablee/domain';
import { defaultAmenities } from '../mappers';
import type { SectionContext } from '../contract';

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
