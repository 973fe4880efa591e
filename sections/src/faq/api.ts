/**
 * FAQ data calls (spec §7): each operation is immediate. A new entry is appended by the database at
 * the next display_order (create_restaurant_faq, which queues concurrent creations); a move rewrites
 * every display_order in one transaction (reorder_faqs).
 */
import { getSupabase, type Faq } from '@tablee/domain';
import { faqFromRow } from '../mappers';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sectionsKey } from '../queries';
import type { FaqDraft } from './rules';

const fail = (error: { message: string }) => new Error(error.message, { cause: error });
const trimmed = (draft: FaqDraft) => ({ question: draft.question.trim(), answer: draft.answer.trim() });

export const faqApi = {
  async list(restaurantId: string): Promise<Faq[]> {
    const { data, error } = await getSupabase()
      .from('restaurant_faqs')
      .select('id, question, answer, display_order')
      .eq('restaurant_id', restaurantId)
      .order('display_order', { ascending: true });
    if (error) throw fail(error);
    return data.map(faqFromRow);
  },
  async create(restaurantId: string, draft: FaqDraft): Promise<Faq> {
    const { question, answer } = trimmed(draft);
    const { data, error } = await getSupabase()
      .rpc('create_restaurant_faq', { p_restaurant_id: restaurantId, p_question: question, p_answer: answer })
      .select('id, question, answer, display_order')
      .single();
    if (error) throw fail(error);
    return faqFromRow(data);
  },
  async update(faq: Faq, draft: FaqDraft): Promise<Faq> {
    const { data, error } = await getSupabase().from('restaurant_faqs').update(trimmed(draft)).eq('id', faq.id).select('id, question, answer, display_order').single();
    if (error) throw fail(error);
    return faqFromRow(data);
  },
  async remove(faqId: string): Promise<void> {
    const { data, error } = await getSupabase().from('restaurant_faqs').delete().eq('id', faqId).select('id');
    if (error) throw fail(error);
    if (!data?.length) throw new Error('FAQ introuvable');
  },
  /** `ids`: every FAQ of the restaurant once, in the new order. */
  async reorder(restaurantId: string, ids: string[]): Promise<void> {
    const { error } = await getSupabase().rpc('reorder_faqs', { p_restaurant_id: restaurantId, p_faq_ids: ids });
    if (error) throw fail(error);
  },
};

export const faqQueryKey = (restaurantId: string) => [...sectionsKey(restaurantId), 'faq'] as const;

/** The restaurant's FAQ, in display order. */
export const faqQueryOptions = (restaurantId: string) => queryOptions({ queryKey: faqQueryKey(restaurantId), queryFn: () => faqApi.list(restaurantId) });

/** The FAQ's operations as mutations: each one is stored at once, then the list it leaves is the query's data. */
export function useFaqMutations(restaurantId: string) {
  const queryClient = useQueryClient();
  const key = faqQueryKey(restaurantId);
  const list = () => queryClient.getQueryData<Faq[]>(key) ?? [];
  const set = (next: Faq[]) => queryClient.setQueryData(key, next);
  const create = useMutation({
    mutationFn: (draft: FaqDraft) => faqApi.create(restaurantId, draft),
    onSuccess: (created) => set([...list(), created]),
  });
  const update = useMutation({
    mutationFn: ({ faq, draft }: { faq: Faq; draft: FaqDraft }) => faqApi.update(faq, draft),
    onSuccess: (updated) => set(list().map((f) => (f.id === updated.id ? updated : f))),
  });
  const remove = useMutation({
    mutationFn: async (faq: Faq) => (await faqApi.remove(faq.id), faq),
    onSuccess: (faq) => set(list().filter((f) => f.id !== faq.id)),
  });
  const reorder = useMutation({
    mutationFn: async (next: Faq[]) => (
      await faqApi.reorder(
        restaurantId,
        next.map((f) => f.id),
      ),
      next
    ),
    onSuccess: (next) => set(next.map((f, i) => ({ ...f, displayOrder: i }))),
  });
  const busy = create.isPending || update.isPending || remove.isPending || reorder.isPending;
  return { create, update, remove, reorder, busy };
}
