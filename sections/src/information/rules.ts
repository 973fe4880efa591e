/** The information section (spec §2 'Information', §3 information, §5 required fields): value, defaults (data calls: api.ts). */
import { DEFAULT_RESPONSE_TIME } from '../constants';
import { PHONE_MESSAGE, toE164 } from '@tablee/domain/phone';
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
  contact: { email: '', whatsapp: '', phone: '', responseTime: DEFAULT_RESPONSE_TIME },
  url: '',
});

/**
 * The French message for a phone number (WhatsApp, 'Téléphone du restaurant'), or null when it is one:
 * French ('06 12 34 56 78', '+33 6…') or international ('+44 20 7946 0958'); empty is left to the
 * required rule. Saved in E.164 (contactToSave), as the database requires.
 */
export function phoneError(value: string | undefined): string | null {
  return !value?.trim() || toE164(value) ? null : PHONE_MESSAGE;
}
