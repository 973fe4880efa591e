import { PHOTO_BUCKET } from './photos';
import { getSupabase } from './supabase';

/**
 * A restaurant's photo files, removed through the Storage API: on hosted Supabase the one way the files themselves
 * go, not only their rows. One page of 1,000 names; the database's trigger (private.retire_deleted_restaurant)
 * removes the rows of any left when the restaurant is deleted.
 */
export async function removeRestaurantPhotoFiles(restaurantId: string): Promise<void> {
  const photos = getSupabase().storage.from(PHOTO_BUCKET);
  const { data: files, error: listError } = await photos.list(restaurantId, { limit: 1000 });
  if (listError) throw listError;
  if (files.length > 0) {
    const { error: removeError } = await photos.remove(files.map((file) => `${restaurantId}/${file.name}`));
    if (removeError) throw removeError;
  }
}
