/**
 * The restaurant's knowledge (public.assistant_knowledge) as a turn reads it: asked once per restaurant
 * and KNOWLEDGE_FRESH_MS in an instance, so that a conversation's messages do not each rebuild it (a
 * quarter of the database's work per reply, measured by `pnpm bench`); an owner's change reaches the
 * assistant within that delay. A failed read is not kept.
 */
import type { AssistantKnowledge } from '@tablee/domain/assistant-knowledge';

export const KNOWLEDGE_FRESH_MS = 15_000;

const read = new Map<string, { at: number; knowledge: Promise<AssistantKnowledge> }>();

export function cachedKnowledge(restaurantId: string, load: () => Promise<AssistantKnowledge>, now = Date.now()): Promise<AssistantKnowledge> {
  const kept = read.get(restaurantId);
  if (kept && now - kept.at < KNOWLEDGE_FRESH_MS) return kept.knowledge;
  const knowledge = load();
  read.set(restaurantId, { at: now, knowledge });
  knowledge.catch(() => {
    if (read.get(restaurantId)?.knowledge === knowledge) read.delete(restaurantId);
  });
  return knowledge;
}
