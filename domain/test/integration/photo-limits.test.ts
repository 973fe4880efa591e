/**
 * Photo limits live in one TypeScript constant (PHOTO_MAX_SIZE_BYTES, PHOTO_ALLOWED_MIME_TYPES) and,
 * in the database, in the bucket's definition only: the bucket must say what the constant says, and
 * restaurant_photos rows are held to whatever the bucket says (no copy of the numbers of its own).
 */
import { PHOTO_ALLOWED_MIME_TYPES, PHOTO_BUCKET, PHOTO_MAX_SIZE_BYTES } from '../../src/photos';
import { newOwner, withDb } from '../../../local-supabase/test/clients';
import { must } from '../../../local-supabase/test/fixtures';

it('the bucket restaurant-photos has the size limit and the image types of the TypeScript constant', async () => {
  const buckets = await withDb(
    async (db) =>
      (await db.query<{ file_size_limit: string; allowed_mime_types: string[] }>('select file_size_limit, allowed_mime_types from storage.buckets where id = $1', [PHOTO_BUCKET])).rows,
  );
  expect(buckets).toHaveLength(1);
  expect(Number(buckets[0].file_size_limit)).toBe(PHOTO_MAX_SIZE_BYTES);
  expect([...buckets[0].allowed_mime_types].sort()).toEqual([...PHOTO_ALLOWED_MIME_TYPES].sort());
});

it('a photo row is refused beyond the bucket’s limits, whatever they are, with the French message', async () => {
  const owner = await newOwner('photo-limits');
  const { id: restaurantId } = await must(owner.client.from('restaurants').insert({ name: 'Limites' }).select('id').single());
  const row = (fileSize: number, mimeType: string) => [restaurantId, `${restaurantId}/1-a.png`, fileSize, mimeType];
  const insert = "insert into public.restaurant_photos (restaurant_id, url, filename, file_size, mime_type) values ($1, 'http://x/a.png', $2, $3, $4)";

  const outcomes = await withDb(async (db) => {
    await db.query('begin');
    try {
      // A smaller bucket, for this transaction only: the rows must follow it.
      await db.query(`update storage.buckets set file_size_limit = 1000, allowed_mime_types = array['image/png'] where id = $1`, [PHOTO_BUCKET]);
      const attempt = async (values: unknown[]) => {
        await db.query('savepoint attempt');
        try {
          await db.query(insert, values);
          return 'stored';
        } catch (error) {
          return (error as Error).message;
        } finally {
          await db.query('rollback to savepoint attempt');
        }
      };
      return [await attempt(row(1000, 'image/png')), await attempt(row(1001, 'image/png')), await attempt(row(10, 'image/jpeg'))];
    } finally {
      await db.query('rollback');
    }
  });
  expect(outcomes).toEqual(['stored', 'Le fichier est trop volumineux. Taille maximale: 1000 octets', 'Type de fichier non autorisé. Types acceptés: image/png']);
});
