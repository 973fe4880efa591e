/** The pages of a restaurant and the onboarding's steps (spec §2): their order, labels and addresses. */

/** The tabs of the restaurant sidebar's 'Gestion du restaurant' (spec §2's eight, then 'Votre assistant' and 'Équipe'), in order. */
export const RESTAURANT_TABS = [
  { path: 'information', label: 'Informations' },
  { path: 'photos', label: 'Photos' },
  { path: 'hours', label: 'Horaires & Fonctionnement' },
  { path: 'menus', label: 'Menus' },
  { path: 'options', label: 'Options' },
  { path: 'cgv', label: 'CGV' },
  { path: 'faq', label: 'F.A.Q' },
  { path: 'billing', label: 'Facturation' },
  // What the assistant will say, read from the profile above.
  { path: 'assistant', label: 'Votre assistant' },
  // The team: owners only, as Facturation (OWNER_ONLY_PAGES).
  { path: 'team', label: 'Équipe' },
] as const;

export const OPERATIONAL_TABS = [
  { path: 'operational/reservations', label: 'Réservations' },
  { path: 'operational/planning', label: 'Planning' },
  { path: 'operational/conversations', label: 'Conversations' },
  // The group business over a period: owners and managers, as every operational tab.
  { path: 'operational/statistics', label: 'Statistiques' },
  // The guest book: owners and managers (export, erasure and retention are the owners').
  { path: 'operational/clients', label: 'Clients' },
] as const;

/** A page of a restaurant: a tab of either sidebar section (spec §2). */
export type RestaurantPage = (typeof RESTAURANT_TABS)[number]['path'] | (typeof OPERATIONAL_TABS)[number]['path'];

/** The address of a restaurant's page, absolute; without a page, its default one (the first tab, spec §2). */
export function restaurantPath(restaurantId: string, page: RestaurantPage = RESTAURANT_TABS[0].path): string {
  return `/restaurants/${encodeURIComponent(restaurantId)}/${page}`;
}

/** Six ordered onboarding steps (spec §2). */
export const ONBOARDING_STEPS = [
  { key: 'information', label: 'Informations' },
  { key: 'photos', label: 'Photos' },
  { key: 'hours', label: 'Horaires & Fonctionnement' },
  { key: 'menus', label: 'Menus' },
  { key: 'options', label: 'Options' },
  { key: 'billing', label: 'Facturation' },
] as const;

/**
 * A reservation's page opened with a decision already asked for ('Accepter' or 'Refuser' tapped on its
 * light page while the full application was loading): the page carries it out as if tapped there, with
 * its confirmations and the refusal's dialog.
 */
export interface DecisionIntentState {
  decide: 'accept' | 'refuse';
}
