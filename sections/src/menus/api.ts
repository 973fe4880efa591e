/** Menus data calls: one nested select to load, save_restaurant_menus (one transaction) to save. */
import { getSupabase, type Menus } from '@tablee/domain';
import { menusFromRows } from '../mappers';
import { storedValue, type SectionApi } from '../contract';
import { menusToPayload } from './rules';

export const menusApi: SectionApi<Menus> = {
  key: 'menus',
  async load(restaurantId) {
    const { data, error } = await getSupabase()
      .from('restaurant_menus')
      .select(
        'id, name, price_per_person, content, menu_type, available_lunch, available_dinner, is_children_menu, display_order, menu_items(name, type, display_order), menu_item_alternatives(name, type, is_gluten_free, is_vegan, other_dietary_notes, display_order)',
      )
      .eq('restaurant_id', restaurantId);
    if (error) throw new Error(error.message, { cause: error });
    return storedValue(menusFromRows(data));
  },
  async save(restaurantId, menus) {
    const { error } = await getSupabase().rpc('save_restaurant_menus', { p_restaurant_id: restaurantId, p_menus: menusToPayload(menus) });
    if (error) throw new Error(error.message, { cause: error });
  },
};
