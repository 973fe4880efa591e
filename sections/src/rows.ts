/** The database rows of the restaurant's sections, as PostgREST returns them. */
import type { Numeric } from '@tablee/domain';

export interface RestaurantRow {
  id: string;
  user_id: string;
  name: string | null;
  url: string | null;
  first_message: string | null;
  address: string | null;
  description: string | null;
  has_different_hours_settings: boolean | null;
  days_open?: string[] | null;
  updated_at: string;
  restaurant_amenities?: AmenitiesRow | AmenitiesRow[] | null;
  restaurant_contacts?: ContactRow | ContactRow[] | null;
}

export interface AmenitiesRow {
  ground_floor: boolean | null;
  accessible_to_disabled: boolean | null;
  parking: boolean | null;
  air_conditioning: boolean | null;
  wifi: boolean | null;
  valet_parking: boolean | null;
}

export interface ContactRow {
  email: string | null;
  whatsapp: string | null;
  response_time: string | null;
}

export interface PhotoRow {
  id: string;
  restaurant_id: string;
  url: string;
  filename: string;
  original_filename: string | null;
  file_size: Numeric;
  mime_type: string;
  display_order: number | null;
  alt_text: string | null;
  created_at: string;
}

export interface OptionRow {
  id: string;
  restaurant_id?: string;
  title: string;
  price: Numeric;
  price_type: string | null;
  display_order?: number | null;
}

export interface BillingRow {
  company_name: string | null;
  legal_form: string | null;
  siret_number: string | null;
  rcs_city: string | null;
  vat_number: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
  requires_deposit: boolean | null;
  deposit_type: string | null;
  deposit_amount: Numeric;
  deposit_method: string | null;
  payment_onsite: boolean | null;
  payment_online: boolean | null;
  payment_link?: string | null;
  iban: string | null;
  bic: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
}

export interface CgvRow {
  restaurant_id: string;
  cancellation_policy: string;
  modification_policy: string;
  link: string | null;
  created_at: string;
  updated_at: string;
}

export interface FaqRow {
  id: string;
  restaurant_id?: string;
  question: string;
  answer: string;
  display_order: number;
}

/** restaurant_menus with its embedded items and alternatives. */
export interface MenuRow {
  id: string;
  name: string;
  price_per_person: Numeric;
  content: string | null;
  menu_type: string;
  available_lunch: boolean;
  available_dinner: boolean;
  is_children_menu: boolean;
  display_order: number;
  menu_items: { name: string; type: string; display_order: number }[] | null;
  menu_item_alternatives: { name: string; type: string; is_gluten_free: boolean; is_vegan: boolean; other_dietary_notes: string | null; display_order: number }[] | null;
}
