/**
 * Photos data calls (spec §4, §7; ARCHITECTURE.md Data). Uploads and deletes take effect at once;
 * the section's value (alt texts and order) is saved in one transaction by save_restaurant_photos.
 */
import { getSupabase, PHOTO_BUCKET, type Photo } from '@tablee/domain';
import { useMutation } from '@tanstack/react-query';
import { photoFromRow } from '../mappers';
import { storedValue, type SectionApi } from '../contract';
import { checkPhotoFile, PHOTO_LOAD_ERROR, photoStoragePath, uploadFileError } from './rules';

const errorText = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'object' && error && 'message' in error ? String((error as { message: unknown }).message) : '');

/** The section's value: the photos in display order (a Form.List; alt texts and order are saved). */
export interface PhotosValue {
  photos: Photo[];
}

export const photosApi: SectionApi<PhotosValue> = {
  key: 'photos',
  async load(restaurantId) {
    const { data, error } = await getSupabase()
      .from('restaurant_photos')
      .select('*')
      .eq('restaurant_id', restaurantId)
      .order('display_order', { ascending: true })
      .order('created_at', { ascending: true });
    if (error) throw new Error(PHOTO_LOAD_ERROR, { cause: error });
    return storedValue({ photos: data.map(photoFromRow) });
  },
  async save(restaurantId, { photos }) {
    const { error } = await getSupabase().rpc('save_restaurant_photos', {
      p_restaurant_id: restaurantId,
      p_photos: photos.map((p) => ({ id: p.id, altText: p.altText })),
    });
    if (error) throw new Error(error.message, { cause: error });
  },
};

/**
 * Validates, stores, then records one file (spec §4). If recording fails the stored file is
 * removed. Rejects with an Error whose message is the French reason for the banner.
 */
export async function uploadPhoto(restaurantId: string, file: File, displayOrder: number): Promise<Photo> {
  const check = await checkPhotoFile(file);
  if (!check.ok) throw new Error(check.message);
  const supabase = getSupabase();
  const bucket = supabase.storage.from(PHOTO_BUCKET);
  const path = photoStoragePath(restaurantId, check.extension);

  const stored = await bucket.upload(path, file, { contentType: check.mimeType, upsert: false });
  if (stored.error) throw new Error(stored.error.message, { cause: stored.error });

  const { data, error } = await supabase
    .from('restaurant_photos')
    .insert({
      restaurant_id: restaurantId,
      url: bucket.getPublicUrl(path).data.publicUrl,
      filename: path,
      original_filename: file.name,
      file_size: file.size,
      mime_type: check.mimeType,
      display_order: displayOrder,
      alt_text: null,
    })
    .select('*')
    .single();
  if (error) {
    const removed = await bucket.remove([path]);
    if (removed.error) console.error('Fichier orphelin non supprimé', path, removed.error);
    throw new Error(error.message, { cause: error });
  }
  return photoFromRow(data);
}

/**
 * Deletes the row directly; if that fails (or touches no row), through delete_restaurant_photo
 * (spec §7), which checks ownership. Then removes the stored file.
 */
export async function deletePhoto(photoId: string): Promise<void> {
  const supabase = getSupabase();
  let filename: string | undefined;
  const direct = await supabase.from('restaurant_photos').delete().eq('id', photoId).select('filename');
  if (!direct.error && direct.data?.length) {
    filename = direct.data[0].filename;
  } else {
    const { data: session } = await supabase.auth.getSession();
    // The generated Args cannot say that the SQL function takes a null user (no session), which it refuses.
    const { data, error } = await supabase.rpc('delete_restaurant_photo', { photo_id: photoId, user_id: (session.session?.user.id ?? null) as string });
    if (error) throw new Error(error.message, { cause: error });
    filename = data;
  }
  if (filename) {
    const removed = await supabase.storage.from(PHOTO_BUCKET).remove([filename]);
    // The row is gone, which is what the owner sees; a leftover file is only logged.
    if (removed.error) console.error('Fichier de la photo non supprimé', filename, errorText(removed.error));
  }
}

/** What uploadPhotos is told: the files in their order, and who hears each step. */
export interface PhotoUpload {
  restaurantId: string;
  files: File[];
  /** The display order of the next photo, read when its turn comes (the list grows as photos arrive). */
  nextOrder: () => number;
  /** The file being sent (its index among `files`). */
  onSending: (index: number, file: File) => void;
  onStored: (photo: Photo) => void;
}

/**
 * Uploads the files one after another, each stored at once (spec §4); a file refused or failed does
 * not stop the others. Resolves with the French reason of each failure, for the banner.
 */
export async function uploadPhotos({ restaurantId, files, nextOrder, onSending, onStored }: PhotoUpload): Promise<string[]> {
  const failures: string[] = [];
  for (const [index, file] of files.entries()) {
    onSending(index, file);
    try {
      onStored(await uploadPhoto(restaurantId, file, nextOrder()));
    } catch (err) {
      failures.push(uploadFileError(file.name, errorText(err)));
    }
  }
  return failures;
}

export const useUploadPhotos = () => useMutation({ mutationFn: uploadPhotos });
export const useDeletePhoto = () => useMutation({ mutationFn: deletePhoto });

export { errorText };
