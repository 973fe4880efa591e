-- Tablée — what a restaurant leaves behind when it is deleted, and who may
-- take its id afterwards (issue 13, item 1).
--
-- Photos live in bucket restaurant-photos under '{restaurantId}/...', and the
-- storage policies grant that folder to whoever owns a restaurant with that id.
-- So deleting a restaurant (directly or through its account's cascade) must
-- (a) delete its storage objects, which the owner could no longer reach, and
-- (b) retire its id for ever: otherwise another owner could insert a
-- restaurant with the same client-chosen id and own the old folder.

-- Ids of deleted restaurants. Private: not exposed through the Data API.
create table private.retired_restaurant_ids (
  id uuid primary key,
  retired_at timestamptz not null default now()
);
revoke all on private.retired_restaurant_ids from public;

-- Security definer: the storage rows are no longer the caller's once the
-- restaurant is gone, and the account cascade runs without any auth.uid().
create or replace function private.retire_deleted_restaurant()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.retired_restaurant_ids (id) values (old.id) on conflict do nothing;
  -- Hosted Supabase refuses direct deletes from storage.objects unless this
  -- setting is on (supabase/storage#817); it is local to this transaction.
  perform set_config('storage.allow_delete_query', 'true', true);
  delete from storage.objects o
   where o.bucket_id = 'restaurant-photos'
     and (storage.foldername(o.name))[1] = old.id::text;
  return null;
end
$$;
revoke all on function private.retire_deleted_restaurant() from public;

create trigger restaurants_retire_deleted
  after delete on public.restaurants
  for each row execute function private.retire_deleted_restaurant();

-- An id is chosen once: never a retired one, and never changed afterwards (an
-- update could otherwise move a restaurant onto a retired id).
create or replace function private.refuse_restaurant_id_reuse()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.id is distinct from old.id then
    raise exception 'L''identifiant d''un restaurant ne peut pas être modifié' using errcode = '22023';
  end if;
  if tg_op = 'INSERT' and exists (select 1 from private.retired_restaurant_ids t where t.id = new.id) then
    raise exception 'Cet identifiant de restaurant a déjà été utilisé' using errcode = '23505';
  end if;
  return new;
end
$$;
revoke all on function private.refuse_restaurant_id_reuse() from public;

create trigger restaurants_refuse_id_reuse
  before insert or update of id on public.restaurants
  for each row execute function private.refuse_restaurant_id_reuse();

-- Restaurants deleted before this migration left their objects behind:
-- retire their folders' ids and remove those objects now.
insert into private.retired_restaurant_ids (id)
select distinct (storage.foldername(o.name))[1]::uuid
  from storage.objects o
 where o.bucket_id = 'restaurant-photos'
   and (storage.foldername(o.name))[1] ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
   and not exists (select 1 from public.restaurants r where r.id::text = (storage.foldername(o.name))[1])
on conflict do nothing;

select set_config('storage.allow_delete_query', 'true', true);
delete from storage.objects o
 where o.bucket_id = 'restaurant-photos'
   and not exists (select 1 from public.restaurants r where r.id::text = (storage.foldername(o.name))[1]);
