import { conversationKeys } from '@tablee/operations-data';
import { getSupabase } from '@tablee/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A refusal of the database, in its own French words ('Écrivez une réponse avant d'envoyer.'). */
const refusedWith = (error: { message: string }) => new Error(error.message);

/**
 * 'Reprendre la main' (staff: the assistant stops answering) and 'Rendre la main à l'assistant'
 * (public.set_conversation_answerer: members of the restaurant only, checked in SQL).
 */
async function setAnswerer(conversationId: string, answeredBy: 'assistant' | 'staff'): Promise<void> {
  const { error } = await getSupabase().rpc('set_conversation_answerer', { p_conversation_id: conversationId, p_answered_by: answeredBy });
  if (error) throw refusedWith(error);
}

/** A member's reply to the customer, on the conversation's channel (public.reply_to_conversation). */
async function reply(conversationId: string, text: string): Promise<void> {
  const { error } = await getSupabase().rpc('reply_to_conversation', { p_conversation_id: conversationId, p_text: text });
  if (error) throw refusedWith(error);
}

/** Both, each followed by a read of the conversation and of the list's cards (who answers, the last message). */
export function useAnswerConversation(restaurantId: string, conversationId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: conversationKeys.detail(restaurantId, conversationId) }),
      queryClient.invalidateQueries({ queryKey: conversationKeys.lists(restaurantId) }),
    ]);
  return {
    setAnswerer: useMutation({ mutationFn: (answeredBy: 'assistant' | 'staff') => setAnswerer(conversationId, answeredBy), onSuccess: refresh }),
    reply: useMutation({ mutationFn: (text: string) => reply(conversationId, text), onSuccess: refresh }),
  };
}
