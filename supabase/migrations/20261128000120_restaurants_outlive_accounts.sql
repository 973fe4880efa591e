-- A restaurant lives as long as it has an owner, not as long as the account that created it.
-- restaurants.user_id was a foreign key `on delete cascade` that any member could PATCH: deleting that
-- one account (an administrator's deleteUser, or the creator who had left the team closing their
-- account) deleted the restaurant and all its data while other owners remained. It is now only "who
-- created it": set at the insert (its default, checked by the insert policy), never written through
-- the API, forgotten when that account is deleted. Who may act for a restaurant is restaurant_members.

alter table public.restaurants drop constraint restaurants_user_id_fkey;
alter table public.restaurants alter column user_id drop not null;
alter table public.restaurants
  add constraint restaurants_user_id_fkey foreign key (user_id) references auth.users (id) on delete set null;
comment on column public.restaurants.user_id is 'Who created the restaurant (its first owner): set at its creation, never written through the API, null once that account is deleted. Who may act for the restaurant is restaurant_members.';

-- Who created a restaurant is written once: no one rewrites it (a member would make the restaurant
-- "theirs"); it is only forgotten, by the foreign key, once that account is deleted. A trigger rather
-- than a column grant: a column added later stays writable as the others are.
create or replace function private.keep_restaurant_creator()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id is null and not exists (select 1 from auth.users u where u.id = old.user_id) then
    return new;
  end if;
  raise exception 'Le créateur d''un restaurant ne peut pas être modifié' using errcode = '42501';
end
$$;
comment on function private.keep_restaurant_creator() is 'Refuses any change of restaurants.user_id (who created it), except forgetting an account that no longer exists (its foreign key''s on delete set null).';
revoke execute on function private.keep_restaurant_creator() from public;

create trigger restaurants_keep_creator before update of user_id on public.restaurants
  for each row when (old.user_id is distinct from new.user_id)
  execute function private.keep_restaurant_creator();

-- Forgetting who created a restaurant is no edit of it: its updated_at (which an open form compares
-- with) stays as it is.
drop trigger restaurants_set_updated_at on public.restaurants;
create trigger restaurants_set_updated_at before update on public.restaurants
  for each row when (new.user_id is not null or old.user_id is null)
  execute function private.set_updated_at();

-- An account deleted: the restaurants it is the last owner of are deleted here, by name; everywhere
-- else only its memberships go (restaurant_members' own foreign key). The restaurants are locked
-- first, as keep_one_owner locks them: two owners closing their accounts at once queue, and the
-- second sees that the first is gone and deletes the restaurant.
create or replace function private.delete_restaurants_left_without_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owned uuid[];
begin
  select coalesce(array_agg(m.restaurant_id order by m.restaurant_id), '{}') into v_owned
    from public.restaurant_members m where m.user_id = old.id and m.role = 'owner';
  perform 1 from public.restaurants r where r.id = any (v_owned) order by r.id for no key update;
  delete from public.restaurants r
   where r.id = any (v_owned)
     and not exists (select 1 from public.restaurant_members o
                      where o.restaurant_id = r.id and o.role = 'owner' and o.user_id <> old.id);
  return old;
end
$$;
comment on function private.delete_restaurants_left_without_owner() is 'Before an account is deleted: deletes the restaurants it is the last owner of (their data and photos with them); the account''s other memberships go by restaurant_members'' foreign key. The one way a restaurant goes with an account.';
revoke execute on function private.delete_restaurants_left_without_owner() from public;

create trigger delete_restaurants_left_without_owner before delete on auth.users
  for each row execute function private.delete_restaurants_left_without_owner();
