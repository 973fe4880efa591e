/**
 * The sections' side of the one data layer (TanStack Query, ARCHITECTURE.md): each section's load is
 * a query under the restaurant's key, and a save updates that query's data, so a screen seen again
 * (edit tab or onboarding step) shows what was last stored at once and refreshes it in the background.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SectionApi, SectionLoad } from './contract';

/** Every section query of a restaurant sits under this key (the FAQ list too). */
export const sectionsKey = (restaurantId: string) => ['restaurants', restaurantId, 'sections'] as const;

export const sectionQueryKey = <T>(api: SectionApi<T>, restaurantId: string) => [...sectionsKey(restaurantId), api.key] as const;

/** The query of one section's value. */
export const sectionQueryOptions = <T>(api: SectionApi<T>, restaurantId: string) => queryOptions({ queryKey: sectionQueryKey(api, restaurantId), queryFn: () => api.load(restaurantId) });

/** What a profile save cannot change of its restaurant: the sections (the save sets its own) and the bookings. */
const UNCHANGED_BY_A_PROFILE_SAVE = new Set<unknown>(['sections', 'reservations', 'conversations']);
const RESTAURANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a query under ['restaurants'] may show what a profile save of this restaurant changed: its
 * other data (the sidebar's name, the onboarding's record) and the lists of restaurants (the dashboard),
 * but not its bookings (costly to read again at 10,000 reservations) nor another restaurant.
 */
function showsProfileOf(restaurantId: string, queryKey: readonly unknown[]): boolean {
  const [, scope, part] = queryKey;
  if (scope === restaurantId) return !UNCHANGED_BY_A_PROFILE_SAVE.has(part);
  return !(typeof scope === 'string' && RESTAURANT_ID.test(scope));
}

/** Saves a section's value; once stored, it is the section query's data. */
export function useSaveSection<T>(api: SectionApi<T>, restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The section's key: a save under way is found in the mutation cache (two clicks in a row save once).
    mutationKey: sectionQueryKey(api, restaurantId),
    mutationFn: (value: T) => api.save(restaurantId, value),
    onSuccess: (_, value) => {
      queryClient.setQueryData<SectionLoad<T>>(sectionQueryKey(api, restaurantId), { value, stored: true });
      // What other screens show of the restaurant may have changed too: read again (at once when shown).
      void queryClient.invalidateQueries({ queryKey: ['restaurants'], predicate: ({ queryKey }) => showsProfileOf(restaurantId, queryKey) });
    },
  });
}
