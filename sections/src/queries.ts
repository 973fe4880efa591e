/**
 * The sections' side of the one data layer (TanStack Query, ARCHITECTURE.md): each section's load is
 * a query under the restaurant's key, and a save updates that query's data, so a screen seen again
 * (edit tab or onboarding step) shows what was last stored at once and refreshes it in the background.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SectionApi } from './contract';

/** Every section query of a restaurant sits under this key (the FAQ list too). */
export const sectionsKey = (restaurantId: string) => ['restaurants', restaurantId, 'sections'] as const;

export const sectionQueryKey = <T,>(api: SectionApi<T>, restaurantId: string) => [...sectionsKey(restaurantId), api.key] as const;

/** The query of one section's value. */
export const sectionQueryOptions = <T,>(api: SectionApi<T>, restaurantId: string) =>
  queryOptions({ queryKey: sectionQueryKey(api, restaurantId), queryFn: () => api.load(restaurantId) });

/** Saves a section's value; once stored, it is the section query's data. */
export function useSaveSection<T>(api: SectionApi<T>, restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: T) => api.save(restaurantId, value),
    onSuccess: (_, value) => {
      queryClient.setQueryData(sectionQueryKey(api, restaurantId), value);
      // What other screens show of the restaurant (the sidebar's name, the dashboard's cards) may have
      // changed too: their queries, under ['restaurants'], are read again when next shown.
      const sections = sectionsKey(restaurantId);
      void queryClient.invalidateQueries({ queryKey: ['restaurants'], predicate: ({ queryKey }) => !sections.every((part, i) => queryKey[i] === part) });
    },
  });
}
