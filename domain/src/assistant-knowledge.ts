/**
 * The assistant's knowledge of a restaurant: the document public.assistant_knowledge answers (version
 * 2, documented in the README), which the chatbot reads and 'Votre assistant' shows. Version 2 gives
 * each menu and option its id, which a request names (submit_group_request's menu_id, option_id).
 */
import type { MissingItem } from './completeness';
import type { AdvanceNature } from './payments';

export type ServiceKind = 'lunch' | 'dinner';

export interface KnowledgeService {
  service: ServiceKind;
  from: string;
  to: string;
  arrival_times: string[];
  group_size: { min: number; max: number };
  capacity: number | null;
  a_la_carte: { allowed: boolean; max_group_size: number };
  partial_privatization: { supplement: boolean; min_group_size: number; amount: number };
}

export interface KnowledgeMenu {
  /** uuid: a request's menu_id. */
  id: string;
  name: string;
  price_per_person: number;
  menu_type: 'choice' | 'sharing';
  content: string | null;
  available_lunch: boolean;
  available_dinner: boolean;
  is_children_menu: boolean;
  items: { name: string; type: string }[];
  alternatives: { name: string; type: string; is_gluten_free: boolean; is_vegan: boolean; other_dietary_notes: string | null }[];
}

/** An extra a group may ask for. */
export interface KnowledgeOption {
  /** uuid: a request's options[].option_id. */
  id: string;
  title: string;
  price: number;
  price_type: 'per_person' | 'total';
}

export interface AssistantKnowledge {
  version: 2;
  /** retention_months: restaurants.customer_retention_months, for the privacy notice (absent from knowledge stored before it). */
  restaurant: { id: string; name: string; address: string; description: string; url: string | null; retention_months?: number };
  first_message: string;
  first_message_is_default: boolean;
  /** phone: 'Téléphone du restaurant' in E.164 (absent from knowledge stored before it). */
  contact: { email: string | null; phone?: string | null; whatsapp: string | null; response_time: string; response_time_label: string };
  amenities: Record<'ground_floor' | 'accessible_to_disabled' | 'parking' | 'air_conditioning' | 'wifi' | 'valet_parking', boolean>;
  days: { day: string; is_open: boolean; services: KnowledgeService[] }[];
  /** Upcoming exceptional closures (today to a year ahead), one per date: the services closed and the reasons. */
  closures: { date: string; services: ServiceKind[]; reason: string | null }[];
  menus: KnowledgeMenu[];
  options: KnowledgeOption[];
  /**
   * nature: what money taken in advance (method 'acompte') is under the CGV (restaurant_cgv.advance_payment_nature),
   * when the document carries it; read as arrhes when absent (the law's presumption).
   */
  deposit: { required: boolean; method: 'acompte' | 'empreinte' | null; type: 'percentage' | 'fixed' | null; amount: number | null; nature?: AdvanceNature | null };
  payment: { on_site: boolean; online: boolean; payment_link: string | null };
  cgv: { cancellation_policy: string; modification_policy: string; link: string | null } | null;
  faq: { question: string; answer: string }[];
  completeness: { complete: boolean; missing: MissingItem[] };
}
