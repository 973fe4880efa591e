/** Query keys of a restaurant's conversations: list pages and details share the prefix `all`. */
export const conversationKeys = {
  all: (restaurantId: string) => ['restaurants', restaurantId, 'conversations'] as const,
  lists: (restaurantId: string) => [...conversationKeys.all(restaurantId), 'list'] as const,
  detail: (restaurantId: string, conversationId: string) => [...conversationKeys.all(restaurantId), 'detail', conversationId] as const,
};
