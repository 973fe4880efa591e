import { conversationQueryOptions } from '@tablee/operations-data';
import { useQuery } from '@tanstack/react-query';

// The fetcher and its options are in @tablee/operations-data: the shell starts them from the address while this code loads.
export const useConversation = (restaurantId: string, conversationId: string) => useQuery({ ...conversationQueryOptions(restaurantId, conversationId), enabled: !!conversationId });
