/**
 * The restaurant photos' limits (spec §9): the bucket of supabase/migrations holds the same values,
 * domain/test/integration/photo-limits.test.ts checks that they agree.
 */
export const PHOTO_MAX_SIZE_BYTES = 10 * 1024 * 1024;
export const PHOTO_ALLOWED_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'webp'] as const;
export const PHOTO_ALLOWED_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const PHOTO_BUCKET = 'restaurant-photos';
