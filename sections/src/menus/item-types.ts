/**
 * The French names of the types of a menu's items (spec §3), in the menus form's order: the one list
 * read by the form's choices (rules.ts) and by the reservation service's kitchen sheet. Free of
 * imports, so that the reservation service (Node) reads it without the forms.
 */
export const ITEM_TYPE_LABELS = {
  aperitif: 'Apéritif',
  starter: 'Entrée',
  main: 'Plat',
  side: 'Accompagnement',
  dessert: 'Dessert',
  drink: 'Boisson',
} as const;
