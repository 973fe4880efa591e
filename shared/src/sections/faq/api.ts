/**
 * FAQ data calls (spec §7): each operation is immediate. A new entry's order is the current count;
 * a move rewrites every display_order in one transaction (reorder_faqs).
 */
import { faqFromRow, getSupabase, type Faq, type FaqRow } from '@tablee/shared';
import type { FaqDraft } from './rules';

const fail = (error: { message: string }) => new Error(error.message, { cause: error });
const trimmed = (draft: FaqDraft) => ({ question: draft.question.trim(), answer: draft.answer.trim() });

export const faqApi = {
  async list(restaurantId: string): Promise<Faq[]> {
    const { data, error } = await getSupabase().from('restaurant_faqs').select('id, question, answer, display_order').eq('restaurant_id', restaurantId).order('display_order', { ascending: true });
    if (error) throw fail(error);
    return (data as FaqRow[]).map(faqFromRow);
  },
  async create(restaurantId: string, draft: FaqDraft, displayOrder: number): Promise<Faq> {
    const { data, error } = await getSupabase()
      .from('restaurant_faqs')
      .insert({ restaurant_id: restaurantId, ...trimmed(draft), display_order: displayOrder })
      .select('id, question, answer, display_order')
      .single();
    if (error) throw fail(error);
    return faqFromRow(data as FaqRow);
  },
  async update(faq: Faq, draft: FaqDraft): Promise<Faq> {
    const { data, error } = await getSupabase().from('restaurant_faqs').update(trimmed(draft)).eq('id', faq.id).select('id, question, answer, display_order').single();
    if (error) throw fail(error);
    return faqFromRow(data as FaqRow);
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
