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

-- Members change what the profile's functions and the onboarding write, never who created the
-- restaurant nor when. (id stays: its own trigger refuses any change with a French message.)
revoke update on public.restaurants from authenticated;
grant update (id, name, url, first_message, address, description, has_different_hours_settings, days_open, onboarding_finished_at)
  on public.restaurants to authenticated;

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
