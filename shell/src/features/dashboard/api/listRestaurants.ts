import { getSupabase } from '@tablee/shared';

export interface RestaurantSummary {
  id: string;
  name: string;
  address: string;
}

/** The signed-in owner's restaurants (RLS scopes them; user_id is also filtered explicitly). */
export async function listRestaurants(userId: string): Promise<RestaurantSummary[]> {
  const { data, error } = await getSupabase()
    .from('restaurants')
    .select('id, name, address')
    .eq('user_id', userId)
    .order('created_at', { ascending: true });
  if (error) throw error;
  return (data ?? []).map((r) => ({ id: r.id, name: r.name ?? '', address: r.address ?? '' }));
}
