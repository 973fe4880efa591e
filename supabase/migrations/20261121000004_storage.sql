-- Tablée — photo bucket (spec §5, §7, §9).
-- Public read (photos are shown through their public URL), 10 MB, images only.
-- Writes are allowed only under '{restaurantId}/...' for a restaurant the
-- caller owns; storage.objects already has RLS enabled by Supabase.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('restaurant-photos', 'restaurant-photos', true, 10485760,
        array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
on conflict (id) do update set
  name = excluded.name,
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Select is needed by the Storage API for upsert, list and remove; anonymous
-- reads go through the public URL, which does not consult these policies.
create policy "Owners read their restaurant photos" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'restaurant-photos'
    and (storage.foldername(name))[1] in (
      select r.id::text from public.restaurants r where r.user_id = (select auth.uid()))
  );

create policy "Owners upload their restaurant photos" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'restaurant-photos'
    and (storage.foldername(name))[1] in (
      select r.id::text from public.restaurants r where r.user_id = (select auth.uid()))
  );

create policy "Owners update their restaurant photos" on storage.objects
  for update to authenticated
  using (
    bucket_id = 'restaurant-photos'
    and (storage.foldername(name))[1] in (
      select r.id::text from public.restaurants r where r.user_id = (select auth.uid()))
  )
  with check (
    bucket_id = 'restaurant-photos'
    and (storage.foldername(name))[1] in (
      select r.id::text from public.restaurants r where r.user_id = (select auth.uid()))
  );

create policy "Owners delete their restaurant photos" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'restaurant-photos'
    and (storage.foldername(name))[1] in (
      select r.id::text from public.restaurants r where r.user_id = (select auth.uid()))
  );
