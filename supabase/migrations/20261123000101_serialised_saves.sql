-- Tablée — saves of one restaurant run one after the other, and "not found"
-- is HTTP 404 (issue 13, items 2 and 4).
--
-- Every save and reorder function starts with private.assert_restaurant_owner.
-- It now also locks the restaurant's row until the end of the transaction, so
-- two identical saves sent at once (two tabs, a retry after a lost answer)
-- end as if run one after the other instead of both inserting the "new" rows.
-- FOR NO KEY UPDATE: saves queue behind each other, while inserts of child
-- rows (whose foreign key check takes FOR KEY SHARE) are not blocked.
--
-- PostgREST answers 500 for SQLSTATE P0002; raising SQLSTATE 'PGRST' with a
-- JSON message and detail sets the status (404) while the body keeps the code
-- and French message clients already read.

create or replace function private.raise_not_found(p_message text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', 'P0002', 'message', p_message, 'details', null, 'hint', null)::text,
    detail = json_build_object('status', 404, 'headers', json_build_object())::text;
end
$$;
revoke all on function private.raise_not_found(text) from public;
grant execute on function private.raise_not_found(text) to authenticated, service_role;

create or replace function private.assert_restaurant_owner(p_restaurant_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_owner uuid;
begin
  if v_uid is null then
    raise exception 'Utilisateur non authentifié' using errcode = '42501';
  end if;
  if p_restaurant_id is null then
    raise exception 'ID du restaurant requis' using errcode = '22023';
  end if;
  select r.user_id into v_owner from public.restaurants r where r.id = p_restaurant_id
     for no key update;
  if not found then
    perform private.raise_not_found('Restaurant non trouvé');
  end if;
  if v_owner <> v_uid then
    raise exception 'Accès non autorisé à ce restaurant' using errcode = '42501';
  end if;
end
$$;

create or replace function public.delete_restaurant_photo(photo_id uuid, user_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_filename text;
  v_owner uuid;
begin
  -- The user_id argument is never trusted: it must be the caller.
  if v_uid is null or delete_restaurant_photo.user_id is distinct from v_uid then
    raise exception 'Vous n''avez pas l''autorisation de supprimer cette photo' using errcode = '42501';
  end if;

  select p.filename, r.user_id into v_filename, v_owner
    from public.restaurant_photos p
    join public.restaurants r on r.id = p.restaurant_id
   where p.id = delete_restaurant_photo.photo_id
     for update of p;
  if not found then
    perform private.raise_not_found('Photo non trouvée');
  end if;
  if v_owner <> v_uid then
    raise exception 'Vous n''avez pas l''autorisation de supprimer cette photo' using errcode = '42501';
  end if;

  delete from public.restaurant_photos p where p.id = delete_restaurant_photo.photo_id;
  return v_filename;
end
$$;
