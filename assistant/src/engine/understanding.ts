/**
 * What one customer message says, read by `understand` (understand.ts): the engine (dialogue.ts)
 * lays it over what the conversation has gathered. Every field is absent when the message does not
 * say it; a later message that says it again replaces it (a correction).
 */
export type Service = 'lunch' | 'dinner';

/** The slot the assistant has just asked for: a bare answer ('12', 'Dupont', 'le 14') is read as it. */
export type Slot = 'date' | 'time' | 'people' | 'children' | 'menu' | 'dietary' | 'name' | 'contact' | 'confirmation';

export interface MenuChoice {
  id: string;
  name: string;
}

export interface Understood {
  /** A calendar day, YYYY-MM-DD, resolved from `today` (never in the past: 'le 3 janvier' in December is next year's). */
  date?: string;
  /** Lunch or dinner, said ('pour le déjeuner', 'ce midi', 'demain soir', 'dîner') or implied by a time (before 16:00: lunch). */
  service?: Service;
  /** An arrival time, HH:MM ('20h' → 20:00, '20h30', 'vers 19 heures', '19:45', 'midi' → 12:00, 'midi et demi' → 12:30). */
  time?: string;
  /** Adults, or the whole group when no children are named ('12 personnes', 'nous serons douze', 'une table pour 8'). */
  adults?: number;
  /** Children ('+ 3 enfants', 'dont 2 enfants': then adults = total - children, 'sans enfant' → 0). */
  children?: number;
  /** A vague size the assistant asks back ('une quinzaine', 'une dizaine', 'entre 10 et 15'): the words said. */
  vagueSize?: string;
  /** The menu named, matched without accents, case or exact spelling among the restaurant's menus. */
  menuId?: string;
  /** Allergies and diets said ('allergique aux noix', 'deux végétariens', 'sans gluten'): the customer's own words. */
  dietary?: string;
  /** 'Pas d'allergie', 'aucune', 'non' when asked about allergies. */
  noDietary?: boolean;
  /** The customer's name ('je m'appelle Marie Dupont', 'au nom de Dupont', or the bare answer when asked). */
  name?: string;
  email?: string;
  /** A French phone number as written ('06 12 34 56 78', '+33 6…'). */
  phone?: string;
  /** Yes / no to a question (oui, ok, c'est bon, parfait, je confirme / non, pas du tout, annuler). */
  yes?: boolean;
  no?: boolean;
  /** The message asks something (a '?' or a question's words): the engine looks for the answer in the profile. */
  question?: boolean;
  /**
   * What a question is about, once the booking's own words are set aside ('Peut-on venir avec notre
   * chien ?' → ['chien']); absent when it asks only about the booking. Set with `question` only.
   */
  topic?: string[];
  /** The parts of the request the customer wants to change, named without a new value ('le menu', 'la date et l'heure'). */
  change?: RequestPart[];
}

/** A part of the request the customer may name to change it. */
export type RequestPart = 'date' | 'time' | 'people' | 'menu' | 'dietary' | 'name' | 'contact';

export interface UnderstandContext {
  /** Today in Paris, YYYY-MM-DD: relative dates ('demain', 'samedi prochain', 'dans 15 jours') count from it. */
  today: string;
  /** What the assistant just asked, if anything. */
  expecting?: Slot;
  /** The menus a group may name (a menu not served at the service asked is still read: the database says why not). */
  menus: MenuChoice[];
  /** The menus as the assistant last listed them, in order ('le 2' is the second): `menus` when not given. */
  listed?: MenuChoice[];
}
