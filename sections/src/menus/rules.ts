/** Menu rules of spec §3, §5, §9: choice lists, defaults, the kids-menu toggle, add rules per context. */
import { DEFAULT_KIDS_MENU_NAME, DEFAULT_KIDS_MENU_PRICE } from '../constants';
import type { AlternativeType, ItemType, Menu, MenuAlternative, Menus, MenuType } from '@tablee/domain';
import type { SectionContext } from '../contract';
import { ITEM_TYPE_LABELS } from './item-types';

const itemTypeLabels: Readonly<Record<ItemType, string>> = ITEM_TYPE_LABELS;
export const ITEM_TYPE_OPTIONS: readonly { value: ItemType; label: string }[] = (Object.keys(itemTypeLabels) as ItemType[]).map((value) => ({
  value,
  label: itemTypeLabels[value],
}));
/** Alternatives (dietary variants) exclude drinks. */
export const ALTERNATIVE_TYPE_OPTIONS = ITEM_TYPE_OPTIONS.filter((o) => o.value !== 'drink') as readonly { value: AlternativeType; label: string }[];

export const MENU_TYPE_OPTIONS: readonly { value: MenuType; label: string }[] = [
  { value: 'choice', label: 'Au choix' },
  { value: 'sharing', label: 'À partager' },
];

export const itemTypeLabel = (type: ItemType) => ITEM_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type;

export const MENU_NAME_REQUIRED = 'Le nom du menu est obligatoire';
export const MENU_PRICE_INVALID = 'Le prix doit être un montant positif ou nul';

export const emptyMenu = (): Menu => ({
  name: '',
  pricePerPerson: 0,
  content: '',
  menuType: 'choice',
  availability: { lunch: true, dinner: true },
  items: [],
  alternatives: [],
  isKidsMenu: false,
});

export const defaultKidsMenu = (): Menu => ({ ...emptyMenu(), name: DEFAULT_KIDS_MENU_NAME, pricePerPerson: DEFAULT_KIDS_MENU_PRICE, isKidsMenu: true });

export const emptyAlternative = (): MenuAlternative => ({ name: '', type: 'main', isGlutenFree: false, isVegan: false, otherDietaryNotes: '' });

/** Checking creates the default kids menu if there is none; unchecking removes it (at most one). */
export function setKidsMenu(menus: Menus, enabled: boolean): Menus {
  if (enabled) return menus.childrenMenu ? menus : { ...menus, childrenMenu: defaultKidsMenu() };
  const { childrenMenu: _removed, ...rest } = menus;
  return rest;
}

export const isValidPrice = (price: number) => Number.isFinite(price) && price >= 0;

/**
 * Onboarding: a name and a price > 0. Edit: a name that is not blank (price 0 allowed; an emptied
 * price field, which is no amount at all, is refused in both).
 */
export function canAddMenu(context: SectionContext, draft: Pick<Menu, 'name' | 'pricePerPerson'>): boolean {
  const named = draft.name.trim() !== '' && isValidPrice(draft.pricePerPerson);
  return context === 'onboarding' ? named && draft.pricePerPerson > 0 : named;
}

/** An item or an alternative is added only with a name. */
export const canAddEntry = (name: string) => name.trim() !== '';

/** The p_menus argument of save_restaurant_menus: regular menus in order, then the kids menu. */
export function menusToPayload(menus: Menus) {
  const all = [...menus.regularMenus.map((m) => ({ ...m, isKidsMenu: false })), ...(menus.childrenMenu ? [{ ...menus.childrenMenu, isKidsMenu: true }] : [])];
  return all.map((m) => ({
    id: m.id,
    name: m.name.trim(),
    pricePerPerson: m.pricePerPerson,
    content: m.content ?? '',
    menuType: m.menuType,
    availability: m.availability,
    isKidsMenu: m.isKidsMenu,
    items: m.items.map((it) => ({ name: it.name.trim(), type: it.type })),
    alternatives: m.alternatives.map((a) => ({ name: a.name.trim(), type: a.type, isGlutenFree: a.isGlutenFree, isVegan: a.isVegan, otherDietaryNotes: a.otherDietaryNotes })),
  }));
}
