-- An owner deletes their own account ('Supprimer mon compte' on 'Mon compte').
-- The password is asked twice: by account_deletion_preview (which says what will happen: the restaurants deleted,
-- those the account alone owns, and those it leaves, where another owner stays or where it is a manager) and by
-- delete_my_account. Both compare it with auth.users.encrypted_password through pgcrypto's crypt(): GoTrue on hosted
-- Supabase and local-supabase both store bcrypt hashes ($2a$/$2b$), which crypt() reads with their own salt and cost.
-- A hash crypt() cannot read (an imported account's argon2 hash, an account without a password) is refused like a
-- wrong password. A wrong password raises 28P01 'Mot de passe incorrect' and changes nothing.
-- What deleting the auth.users row does is the schema's existing rule (10_restaurants.sql): the trigger
-- delete_restaurants_left_without_owner deletes the restaurants it is the last owner of (their rows cascade, and
-- restaurants_retire_deleted removes their storage objects' rows), the memberships go by their foreign key (on delete
-- cascade), and every other reference to the account (restaurants.user_id, added_by, actor columns, the privacy
-- audit's user_id) is set null by its foreign key. The photo files themselves are removed by the app through the
-- Storage API before delete_my_account (hosted Storage removes files only that way).
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.require_my_password(p_password text)
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := (select auth.uid());
  v_hash text;
begin
  if v_user is null then
    raise exception 'Utilisateur non authentifié' using errcode = '42501';
  end if;
  select u.encrypted_password into v_hash from auth.users u where u.id = v_user;
  -- bcrypt reads 72 bytes only: a longer password could never have been stored (GoTrue refuses it), nor may it match.
  if v_hash is null or v_hash !~ '^\$2[aby]\$' or p_password is null or octet_length(p_password) > 72
     or extensions.crypt(p_password, v_hash) is distinct from v_hash then
    raise exception 'Mot de passe incorrect' using errcode = '28P01';
  end if;
  return v_user;
end
$function$;
COMMENT ON FUNCTION private.require_my_password(text) IS 'The signed-in user''s id when p_password is their password (bcrypt hash of auth.users, as GoTrue and local-supabase write it); 42501 without a session, 28P01 ''Mot de passe incorrect'' otherwise.';
REVOKE ALL ON FUNCTION private.require_my_password(text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.account_restaurants(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with mine as (
    select r.id, r.name, r.created_at,
           m.role = 'owner' and not exists (select 1 from public.restaurant_members o
                                             where o.restaurant_id = r.id and o.role = 'owner' and o.user_id <> p_user) as deleted
      from public.restaurant_members m
      join public.restaurants r on r.id = m.restaurant_id
     where m.user_id = p_user
  )
  select jsonb_build_object(
    'deleted', coalesce((select jsonb_agg(jsonb_build_object('id', id, 'name', name) order by created_at, id) from mine where deleted), '[]'::jsonb),
    'left', coalesce((select jsonb_agg(jsonb_build_object('id', id, 'name', name) order by created_at, id) from mine where not deleted), '[]'::jsonb))
$function$;
COMMENT ON FUNCTION private.account_restaurants(uuid) IS 'What deleting the account p_user does to its restaurants: deleted (it is their only owner) and left (another owner stays, or it is a manager there), each [{id, name}] in order of creation.';
REVOKE ALL ON FUNCTION private.account_restaurants(uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.account_deletion_preview(p_password text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return private.account_restaurants(private.require_my_password(p_password));
end
$function$;
COMMENT ON FUNCTION public.account_deletion_preview(text) IS 'Before ''Supprimer mon compte'': given the signed-in user''s password (28P01 ''Mot de passe incorrect'' otherwise, 42501 without a session), {deleted: [{id, name}], left: [{id, name}]}: the restaurants the account alone owns, deleted with it, and those it leaves (another owner stays, or a manager''s membership). Changes nothing.';
REVOKE ALL ON FUNCTION public.account_deletion_preview(text) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.account_deletion_preview(text) TO authenticated;

CREATE OR REPLACE FUNCTION public.delete_my_account(p_password text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_my_password(p_password);
  v_result jsonb;
begin
  -- The account's restaurants, in a fixed order, before what they are is read: an owner leaving at the same time
  -- waits, and the answer says what was really done.
  perform 1 from public.restaurants r
   where r.id in (select m.restaurant_id from public.restaurant_members m where m.user_id = v_user)
   order by r.id for no key update;
  v_result := private.account_restaurants(v_user);
  -- The trigger delete_restaurants_left_without_owner deletes the restaurants it alone owns; the foreign keys do the rest.
  delete from auth.users u where u.id = v_user;
  return v_result;
end
$function$;
COMMENT ON FUNCTION public.delete_my_account(text) IS 'Deletes the signed-in user''s account given their password (28P01 ''Mot de passe incorrect'' otherwise, nothing changed; 42501 without a session): the restaurants it alone owns are deleted with it, its other memberships (co-owned restaurants, managers'') removed, its sessions ended. Answers what was done, as account_deletion_preview. Photo files are the app''s to remove first, through the Storage API.';
REVOKE ALL ON FUNCTION public.delete_my_account(text) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.delete_my_account(text) TO authenticated;
