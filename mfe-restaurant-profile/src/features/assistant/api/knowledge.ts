/**
 * The assistant's knowledge (public.assistant_knowledge, version 1, documented in the README): what
 * the chatbot reads of the restaurant, read here in the same single call so that 'Votre assistant'
 * shows exactly what the assistant will say.
 */
import { getSupabase, type MissingItem } from '@tablee/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

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

export interface AssistantKnowledge {
  version: 1;
  restaurant: { id: string; name: string; address: string; description: string; url: string | null };
  first_message: string;
  first_message_is_default: boolean;
  contact: { email: string | null; whatsapp: string | null; response_time: string; response_time_label: string };
  amenities: Record<'ground_floor' | 'accessible_to_disabled' | 'parking' | 'air_conditioning' | 'wifi' | 'valet_parking', boolean>;
  days: { day: string; is_open: boolean; services: KnowledgeService[] }[];
  menus: KnowledgeMenu[];
  options: { title: string; price: number; price_type: 'per_person' | 'total' }[];
  deposit: { required: boolean; method: 'acompte' | 'empreinte' | null; type: 'percentage' | 'fixed' | null; amount: number | null };
  payment: { on_site: boolean; online: boolean; payment_link: string | null };
  cgv: { cancellation_policy: string; modification_policy: string; link: string | null } | null;
  faq: { question: string; answer: string }[];
  completeness: { complete: boolean; missing: MissingItem[] };
}

export const knowledgeQueryKey = (restaurantId: string) => ['restaurants', restaurantId, 'assistant'] as const;

export const knowledgeQueryOptions = (restaurantId: string) =>
  queryOptions({
    queryKey: knowledgeQueryKey(restaurantId),
    queryFn: async () => {
      const { data, error } = await getSupabase().rpc('assistant_knowledge', { p_restaurant_id: restaurantId });
      if (error) throw error;
      return data as unknown as AssistantKnowledge;
    },
  });

export const FIRST_MESSAGE_MAX_LENGTH = 10000;

/** Stores the owner's first message; the knowledge is then read again (its default flag changes too). */
export function useSaveFirstMessage(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (firstMessage: string) => {
      const { data, error } = await getSupabase().from('restaurants').update({ first_message: firstMessage.trim() }).eq('id', restaurantId).select('id');
      if (error) throw error;
      if (!data?.length) throw new Error('Restaurant non trouvé ou accès non autorisé');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeQueryKey(restaurantId) }),
  });
}
