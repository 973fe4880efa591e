import type { AssistantKnowledge } from '@tablee/domain/assistant-knowledge';
import { cachedKnowledge, KNOWLEDGE_FRESH_MS } from '../../src/chat/knowledge';

/** The knowledge is read once per restaurant and delay; a failed read is asked again at once. */
describe('cachedKnowledge', () => {
  const knowledge = (name: string) => ({ restaurant: { name } }) as AssistantKnowledge;

  it('reads a restaurant once within the delay, again after it, and each restaurant apart', async () => {
    const load = jest.fn(async () => knowledge('A'));
    expect(await cachedKnowledge('r1', load, 1_000)).toEqual(knowledge('A'));
    await cachedKnowledge('r1', load, 1_000 + KNOWLEDGE_FRESH_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await cachedKnowledge('r2', load, 1_000);
    expect(load).toHaveBeenCalledTimes(2);
    await cachedKnowledge('r1', load, 1_000 + KNOWLEDGE_FRESH_MS);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not keep a failed read', async () => {
    const failing = jest.fn(async (): Promise<AssistantKnowledge> => {
      throw new Error('down');
    });
    await expect(cachedKnowledge('r3', failing, 5_000)).rejects.toThrow('down');
    const load = jest.fn(async () => knowledge('B'));
    expect(await cachedKnowledge('r3', load, 5_001)).toEqual(knowledge('B'));
  });
});
