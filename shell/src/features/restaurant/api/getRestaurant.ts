import { getSupabase } from '@tablee/shared';

/**
 * The restaurant of the sidebar, or null when it does not exist or is not the user's (RLS hides a
 * foreign restaurant; an id that is not a UUID is unknown too).
 */
export async function getRestaurant(id: string): Promise<{ id: string; name: string } | null> {
  const { data, error } = await getSupabase().from('restaurants').select('id, name').eq('id', id).maybeSingle();
  if (error && error.code === '22P02') return null;
  if (error) throw error;
  return data ? { id: data.id, name: data.name ?? '' } : null;
}
