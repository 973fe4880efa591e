// The keys alone: the package's index brings the planning's dayjs, which the light dashboard does without.
import { SUMMARY_REFRESH_MS } from '@tablee/operations-data/keys';
import { dashboardStatisticsQueryOptions } from '@tablee/operations-data/dashboard-statistics';
import { getMyRole, getSupabase, memberRole, removeRestaurantPhotoFiles, RESERVATION_STATUS_CODES, type MemberRole, type MissingItem } from '@tablee/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export interface RestaurantSummary {
  id: string;
  name: string;
  address: string;
  /** Requests waiting for an answer, and those of them past the promised response time. */
  pending: number;
  late: number;
  /** What the assistant still lacks (public.restaurant_completeness), in the onboarding's order. */
  missing: MissingItem[];
  /** The onboarding wizard was left before Terminer: the card resumes it. */
  onboardingUnfinished: boolean;
  /** The user's role in its team. */
  role: MemberRole;
}

/**
 * Every restaurant the signed-in user is a member of, with their role (restaurant_members embedded and
 * filtered on them: the inner join keeps only those restaurants; RLS scopes them too), with their
 * figures, and what each still lacks: two requests started together (PostgREST finds no relationship
 * from a table to a view of its own rows, so the completeness view cannot be embedded).
 */
export async function listRestaurants(userId: string): Promise<RestaurantSummary[]> {
  const supabase = getSupabase();
  const [restaurants, completeness] = await Promise.all([
    supabase
      .from('restaurants')
      // The counts view embedded: one request for the cards and their figures.
      .select('id, name, address, onboarding_finished_at, reservation_status_counts(status, count, late), restaurant_members!inner(role)')
      .eq('restaurant_members.user_id', userId)
      .order('created_at', { ascending: true }),
    supabase.from('restaurant_completeness').select('restaurant_id, missing'),
  ]);
  if (restaurants.error) throw restaurants.error;
  if (completeness.error) throw completeness.error;
  const missingOf = new Map((completeness.data ?? []).map((c) => [c.restaurant_id, c.missing ?? []]));
  return (restaurants.data ?? []).map((r) => {
    const pending = (r.reservation_status_counts ?? []).find((c) => c.status === RESERVATION_STATUS_CODES.pending);
    return {
      id: r.id,
      name: r.name ?? '',
      address: r.address ?? '',
      pending: pending?.count ?? 0,
      late: pending?.late ?? 0,
      missing: missingOf.get(r.id) ?? [],
      onboardingUnfinished: r.onboarding_finished_at === null,
      // One row: the inner join is filtered on the user, a member once per restaurant.
      role: memberRole(r.restaurant_members[0]?.role),
    };
  });
}

/** Read again every 30 s and on focus, like the sidebar badge: the cards' figures follow new requests. Cached per user. */
export const restaurantListQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['restaurants', 'list', userId], queryFn: () => listRestaurants(userId), refetchInterval: SUMMARY_REFRESH_MS });

/**
 * This month's figures of every card (requests, answered on time, covers): one call for all the
 * restaurants (public.dashboard_statistics), started with the list, never one per card.
 */
export const useDashboardStatistics = (userId: string | undefined) => useQuery({ ...dashboardStatisticsQueryOptions(userId ?? ''), enabled: !!userId });

/** The list of the signed-in owner; waits for the user (the guard has one before this screen shows). */
export const useRestaurantList = (userId: string | undefined) => useQuery({ ...restaurantListQueryOptions(userId ?? ''), enabled: !!userId });

/**
 * Deletes a restaurant and everything of it. Its photo files first, through the Storage API: on hosted
 * Supabase that is what removes the files themselves, not only their rows. Then the restaurant: its
 * rows cascade, and the database's trigger (private.retire_deleted_restaurant) removes any object left
 * in its folder. RLS lets only its owners delete it (a manager's delete matches no row).
 */
export async function deleteRestaurant(restaurantId: string): Promise<void> {
  const supabase = getSupabase();
  // Only an owner may delete it, while a manager may remove photo files: asked first, so that a manager's
  // call leaves the photos in place instead of removing them before the refused delete.
  if ((await getMyRole(restaurantId)) !== 'owner') throw new Error('Restaurant non trouvé ou accès non autorisé');
  await removeRestaurantPhotoFiles(restaurantId);
  const { data, error } = await supabase.from('restaurants').delete().eq('id', restaurantId).select('id');
  if (error) throw error;
  if (!data?.length) throw new Error('Restaurant non trouvé ou accès non autorisé');
}

/** Deleting from the dashboard: the list is read again, and what was cached of that restaurant is dropped. */
export function useDeleteRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRestaurant,
    onSettled: (_, __, restaurantId) => {
      queryClient.removeQueries({ queryKey: ['restaurants', restaurantId] });
      return queryClient.invalidateQueries({ queryKey: ['restaurants', 'list'] });
    },
  });
}
