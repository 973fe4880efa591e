/** Domain model of spec §3 (camelCase). Database rows (snake_case) are the generated types; each entity's mapper converts. */
import type { ReservationStatus } from './reservation-status';
import type { ReservationSource } from './reservation-sources';

export type Day = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
export const DAYS: readonly Day[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export type ResponseTime = 'fast' | 'medium' | 'slow';

export interface Amenities {
  groundFloor: boolean;
  accessibleToDisabled: boolean;
  parking: boolean;
  airConditioning: boolean;
  wifi: boolean;
  valetParking: boolean;
}

/**
 * The phone numbers as the owner reads and types them ('06 12 34 56 78'; stored in E.164, see
 * phone.ts); phone, 'Téléphone du restaurant', is optional ('' = none).
 */
export interface Contact {
  email: string;
  whatsapp: string;
  phone?: string;
  responseTime: ResponseTime;
}

export interface Information {
  name: string;
  address: string;
  description: string;
  amenities: Amenities;
  contact: Contact;
}

export interface Photo {
  id: string;
  url: string;
  altText: string;
  displayOrder: number;
  originalFilename: string;
  fileSize: number;
}

export interface ServiceSettings {
  isOpen: boolean;
  hours: { from: string; to: string };
  arrivalTimes: string[];
  groupSize: { min: number; max: number };
  allowALaCarte: boolean;
  maxALaCarteSize: number;
  partialPrivatizationSupplement: boolean;
  partialPrivatizationMinSize: number;
  partialPrivatizationAmount: number;
  /** 'Capacité du service (couverts)': the most covers the service takes; null, no limit. */
  capacity: number | null;
}

export interface DaySettings {
  lunchService: ServiceSettings;
  dinnerService: ServiceSettings;
}

export interface Hours {
  daysOpen: Day[];
  hasDifferentSettings: boolean;
  defaultSettings: DaySettings;
  specificDaySettings: Partial<Record<Day, DaySettings>>;
}

export type MenuType = 'choice' | 'sharing';
export type ItemType = 'aperitif' | 'starter' | 'main' | 'side' | 'dessert' | 'drink';
export type AlternativeType = Exclude<ItemType, 'drink'>;

export interface MenuItem {
  name: string;
  type: ItemType;
}

export interface MenuAlternative {
  name: string;
  type: AlternativeType;
  isGlutenFree: boolean;
  isVegan: boolean;
  otherDietaryNotes: string;
}

export interface Menu {
  id?: string;
  name: string;
  pricePerPerson: number;
  content?: string;
  menuType: MenuType;
  availability: { lunch: boolean; dinner: boolean };
  items: MenuItem[];
  alternatives: MenuAlternative[];
  isKidsMenu: boolean;
}

export interface Menus {
  regularMenus: Menu[];
  childrenMenu?: Menu;
}

export type PriceType = 'per_person' | 'total';

export interface AdditionalOption {
  id?: string;
  title: string;
  price: number;
  priceType: PriceType;
}

export type DepositMethod = 'acompte' | 'empreinte';
export type DepositType = 'percentage' | 'fixed';

export interface Billing {
  legalInformation: { companyName: string; legalForm: string; siretNumber: string; rcsCity: string; vatNumber: string };
  headquartersAddress: { address: string; postalCode: string; city: string; country: string };
  /** Method, type and amount are absent when cleared (spec §4: unchecking the deposit in edit clears all three). */
  /** paymentLink: where customers pay the acompte online (any provider, https://), '' for none. */
  paymentConditions: { requiresDeposit: boolean; depositMethod?: DepositMethod; depositType?: DepositType; depositAmount?: number; paymentLink?: string };
  remainingPayment: { onSite: boolean; online: boolean };
  bankDetails: { iban: string; bic: string };
  billingContact: { name: string; email: string; phone: string };
}

export type Policy = 'same_day' | '24h' | '48h' | '72h' | '7_days';

/** The CGV policies' French labels (the CGV form's choices; the cancel dialog names the policy with them). */
export const POLICY_LABELS: Readonly<Record<Policy, string>> = {
  same_day: 'Jour J',
  '24h': '24h',
  '48h': '48h',
  '72h': '72h (3 jours)',
  '7_days': '7 jours',
};

export interface Faq {
  id: string;
  question: string;
  answer: string;
  displayOrder: number;
}

export interface Restaurant {
  id: string;
  /** Who created it; null once that account is deleted (who may act for it: the team). */
  userId: string | null;
  name: string;
  url?: string;
  firstMessage?: string;
  address: string;
  description: string;
  hasDifferentHoursSettings: boolean;
  updatedAt: string;
  information?: Information;
  photos?: Photo[];
  hours?: Hours;
  menus?: Menus;
  options?: AdditionalOption[];
  billing?: Billing;
}

export interface ReservationOption {
  title: string;
  price: number;
  quantity: number;
  /** The restaurant's option it is (restaurant_options.id), when the row says (submit_group_request writes it): what Modifier offers again. */
  option_id?: string;
}

export interface ConversationMessage {
  id: string;
  /** The customer, the assistant (bot), or a member of the restaurant (staff, with authorName). */
  sender: 'user' | 'bot' | 'staff';
  authorName?: string | null;
  content: string;
  timestamp: string;
}

export interface Reservation {
  /** The row's uuid (restaurant_reservations.id). */
  id: string;
  /**
   * The restaurant's own number of the reservation, as the owner reads and types it (R-0042:
   * numero_reservation_restaurateur, unique per restaurant): the title 'Réservation {numero}' and the
   * detail screen's address.
   */
  numero: string;
  /** Tablée's number of the reservation (numero_reservation): that of the one-click links and of the reservation service. */
  numeroReservation: string;
  customerName: string;
  email: string;
  /** The customer is e-mailed of the decisions: `email` is exactly one plain address (the database's rule). */
  emailDeliverable: boolean;
  phoneNumber: string;
  status: ReservationStatus;
  selectedMenu: string;
  totalAmount: number;
  /** What was received, in cents, once it was marked paid ('Acompte reçu'): the acompte, the total, or what was paid online; null before (or not read). */
  amountReceivedCents: number | null;
  createdAt: string;
  numberPeople: number;
  children: number;
  reservationDate: string;
  arrivalTime: string;
  service: 'lunch' | 'dinner';
  /** ISO timestamp: a pending request not answered by then is late (the restaurant's promised response time). */
  respondBy: string;
  /** Where the request came from: the assistant (chatbot), the restaurant's request page ('Site web'), the owner's phone booking ('Téléphone'). */
  source: ReservationSource;
  options: ReservationOption[];
  codeReservation: string;
  isAccepted: boolean;
  restaurantId: string;
  conversationId?: string;
  conversation?: ConversationMessage[];
}

/** Who wrote a message: the customer, the assistant, or a member of the restaurant. */
export type MessageRole = 'user' | 'assistant' | 'staff';

/** Where a conversation takes place: the web chat, WhatsApp, or imported (the seed, the simulator, a chatbot's submission: no channel to answer on). */
export type ConversationChannel = 'web' | 'whatsapp' | 'page' | 'import';

export interface Message {
  id: string;
  conversationId: string;
  role: MessageRole;
  /** A staff message's author, as named when they wrote it. */
  authorName?: string | null;
  content: string;
  createdAt: string;
}

/** A request that came out of a conversation: whom the conversation is with, and where to decide. */
export interface ConversationRequest {
  /** The restaurant's number (R-0042), the request's address in the app. */
  numero: string;
  customerName: string;
}

export interface Conversation {
  id: string;
  restaurantId: string;
  createdAt: string;
  updatedAt: string;
  lastMessage?: Message;
  messageCount: number;
  messages?: Message[];
  /** The requests made from it, oldest first (none: the customer did not ask yet, and is not known). */
  requests: ConversationRequest[];
  channel: ConversationChannel;
  /** The customer's WhatsApp number, or the contact they gave on the web chat. */
  customerContact: string | null;
  /** Who answers the customer now: the assistant, or the staff after 'Reprendre la main'. */
  answeredBy: 'assistant' | 'staff';
  /** 'À vous': the assistant passed a question the profile does not answer; null once answered or handed back. */
  handedOverAt: string | null;
}
