/**
 * The rows the sections' mappers read: the generated types picked to what each mapper reads. The
 * selects are typed by the same types, so a select that lacks a column its mapper reads fails tsc.
 */
import type { Tables } from '@tablee/domain';

export type AmenitiesRow = Pick<Tables<'restaurant_amenities'>, 'ground_floor' | 'accessible_to_disabled' | 'parking' | 'air_conditioning' | 'wifi' | 'valet_parking'>;

export type ContactRow = Pick<Tables<'restaurant_contacts'>, 'email' | 'whatsapp' | 'phone' | 'response_time'>;

/** A one-to-one embed arrives as an object (or a one-element list, depending on PostgREST's view of the key). */
type Embedded<Row> = Row | Row[] | null;

export type RestaurantRow = Pick<Tables<'restaurants'>, 'id' | 'user_id' | 'name' | 'url' | 'first_message' | 'address' | 'description' | 'has_different_hours_settings' | 'updated_at'> & {
  restaurant_amenities: Embedded<AmenitiesRow>;
  restaurant_contacts: Embedded<ContactRow>;
};

export type PhotoRow = Pick<Tables<'restaurant_photos'>, 'id' | 'url' | 'filename' | 'original_filename' | 'file_size' | 'alt_text' | 'display_order'>;

export type OptionRow = Pick<Tables<'restaurant_options'>, 'id' | 'title' | 'price' | 'price_type'>;

export type BillingRow = Omit<Tables<'restaurant_billing'>, 'id' | 'restaurant_id' | 'created_at' | 'updated_at'>;

export type CgvRow = Pick<Tables<'restaurant_cgv'>, 'cancellation_policy' | 'modification_policy' | 'link'>;

export type FaqRow = Pick<Tables<'restaurant_faqs'>, 'id' | 'question' | 'answer' | 'display_order'>;

/** restaurant_menus with its embedded items and alternatives. */
export type MenuRow = Pick<
  Tables<'restaurant_menus'>,
  'id' | 'name' | 'price_per_person' | 'content' | 'menu_type' | 'available_lunch' | 'available_dinner' | 'is_children_menu' | 'display_order'
> & {
  menu_items: Pick<Tables<'menu_items'>, 'name' | 'type' | 'display_order'>[];
  menu_item_alternatives: Pick<Tables<'menu_item_alternatives'>, 'name' | 'type' | 'is_gluten_free' | 'is_vegan' | 'other_dietary_notes' | 'display_order'>[];
};

/** One restaurant_hours row per open day: each service's settings in columns prefixed 'lunch_' or 'dinner_'. */
export type HoursRow = Tables<'restaurant_hours'>;

export type ArrivalTimeRow = Pick<Tables<'restaurant_arrival_times'>, 'day' | 'service' | 'arrival_time'>;
