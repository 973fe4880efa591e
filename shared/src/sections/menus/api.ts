/** Menus data calls: one nested select to load, save_restaurant_menus (one transaction) to save. */
import { getSupabase, toNumber, type AlternativeType, type ItemType, type Menu, type Menus, type Numeric } from '@tablee/shared';
import type { SectionApi } from '../contract';
import { menusToPayload } from './rules';

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

const byOrder = (a: { display_order: number }, b: { display_order: number }) => a.display_order - b.display_order;

export function menuFromRow(row: MenuRow): Menu {
  return {
    id: row.id,
    name: row.name,
    pricePerPerson: toNumber(row.price_per_person),
    content: row.content ?? '',
    menuType: row.menu_type === 'sharing' ? 'sharing' : 'choice',
    availability: { lunch: row.available_lunch, dinner: row.available_dinner },
    items: [...(row.menu_items ?? [])].sort(byOrder).map((i) => ({ name: i.name, type: i.type as ItemType })),
    alternatives: [...(row.menu_item_alternatives ?? [])].sort(byOrder).map((a) => ({
      name: a.name,
      type: a.type as AlternativeType,
      isGlutenFree: a.is_gluten_free,
      isVegan: a.is_vegan,
      otherDietaryNotes: a.other_dietary_notes ?? '',
    })),
    isKidsMenu: row.is_children_menu,
  };
}

export function menusFromRows(rows: MenuRow[]): Menus {
  const menus = [...rows].sort(byOrder).map(menuFromRow);
  const childrenMenu = menus.find((m) => m.isKidsMenu);
  return { regularMenus: menus.filter((m) => !m.isKidsMenu), ...(childrenMenu ? { childrenMenu } : {}) };
}

export const menusApi: SectionApi<Menus> = {
  key: 'menus',
  async load(restaurantId) {
    const { data, error } = await getSupabase()
      .from('restaurant_menus')
      .select('id, name, price_per_person, content, menu_type, available_lunch, available_dinner, is_children_menu, display_order, menu_items(name, type, display_order), menu_item_alternatives(name, type, is_gluten_free, is_vegan, other_dietary_notes, display_order)')
      .eq('restaurant_id', restaurantId);
    if (error) throw new Error(error.message, { cause: error });
    return menusFromRows(data as MenuRow[]);
  },
  async save(restaurantId, menus) {
    const { error } = await getSupabase().rpc('save_restaurant_menus', { p_restaurant_id: restaurantId, p_menus: menusToPayload(menus) });
    if (error) throw new Error(error.message, { cause: error });
  },
};
