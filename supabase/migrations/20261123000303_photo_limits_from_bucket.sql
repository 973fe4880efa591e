-- Issue 14, one place per rule: the photo limits (size, image types) are the bucket's
-- (storage.buckets 'restaurant-photos', migration 20261121000004, checked against the front end's
-- PHOTO_MAX_SIZE_BYTES / PHOTO_ALLOWED_MIME_TYPES by shared/test/integration/photo-limits.test.ts).
-- restaurant_photos no longer repeats them in check constraints: a trigger reads the bucket.

alter table public.restaurant_photos
  drop constraint restaurant_photos_file_size_check,
  drop constraint restaurant_photos_mime_type_check,
  add constraint restaurant_photos_file_size_check check (file_size >= 0),
  -- Still a free-text column for the length rule of 20261123000103 (every text column bounded).
  add constraint restaurant_photos_mime_type_max_100 check (char_length(mime_type) <= 100) not valid;

-- Security definer: owners cannot read storage.buckets themselves (hosted Supabase enables RLS on it).
create function private.check_photo_within_bucket()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_limit bigint;
  v_types text[];
begin
  select b.file_size_limit, b.allowed_mime_types into v_limit, v_types
    from storage.buckets b where b.id = 'restaurant-photos';
  if new.file_size > v_limit then
    raise exception 'Le fichier est trop volumineux. Taille maximale: %',
      case when v_limit % 1048576 = 0 then (v_limit / 1048576) || 'MB' else v_limit || ' octets' end
      using errcode = '23514';
  end if;
  if cardinality(v_types) > 0 and not new.mime_type = any (v_types) then
    raise exception 'Type de fichier non autorisé. Types acceptés: %', array_to_string(v_types, ', ')
      using errcode = '23514';
  end if;
  return new;
end
$$;
revoke all on function private.check_photo_within_bucket() from public, anon, authenticated;

create trigger restaurant_photos_within_bucket
  before insert or update of file_size, mime_type on public.restaurant_photos
  for each row execute function private.check_photo_within_bucket();
