-- Issue 33: a restaurant is run by a team. Who may act for a restaurant is decided by membership,
-- not by restaurants.user_id (which now only says who created it).
--
-- Roles are ranked: an 'owner' can do everything a 'manager' can.
--   owner:   everything, including Facturation, the team, the assistant keys, deleting the restaurant;
--   manager: the operational area (reservations, decisions, planning, conversations, exports) and the
--            profile tabs except Facturation.
-- A restaurant always keeps at least one owner (trigger below).
--
-- This file lays the foundation (the table, the one helper, the creator as first owner, the existing
-- owners by backfill). Policies, functions and invitations are moved onto it by the files after it.

create table public.restaurant_members (
  user_id uuid not null references auth.users (id) on delete cascade,
  restaurant_id uuid not null references public.restaurants (id) on delete cascade,
  role text not null constraint restaurant_members_role_check check (role in ('owner', 'manager')),
  added_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- (user_id, restaurant_id): the index every policy's membership lookup uses.
  constraint restaurant_members_pkey primary key (user_id, restaurant_id)
);
-- The team tab lists a restaurant's members.
create index restaurant_members_restaurant_id_idx on public.restaurant_members (restaurant_id);

comment on table public.restaurant_members is
  'Who may act for a restaurant, and as what: owner (everything) or manager (operations and the profile except Facturation). Read by private.has_role; written only by the team functions and by the creator trigger.';

alter table public.restaurant_members enable row level security;
revoke all on public.restaurant_members from anon, authenticated, service_role;
grant select on public.restaurant_members to authenticated;
grant select, insert, update, delete on public.restaurant_members to service_role;

-- The one helper access is decided by: does the signed-in user hold at least p_role in the
-- restaurant? SECURITY DEFINER so that it reads restaurant_members without going through that
-- table's own policy (which uses this helper). auth.uid() is read in a scalar subquery so that it is
-- evaluated once per statement.
create function private.has_role(p_restaurant_id uuid, p_role text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.restaurant_members m
     where m.user_id = (select auth.uid())
       and m.restaurant_id = p_restaurant_id
       and (m.role = 'owner' or p_role = 'manager')
  )
$$;
comment on function private.has_role(uuid, text) is
  'True when the signed-in user is a member of the restaurant with at least the given role (''manager'' < ''owner''). The one rule of access: policies and functions call it.';
revoke all on function private.has_role(uuid, text) from public;
grant execute on function private.has_role(uuid, text) to authenticated, service_role;

create policy "Members read their restaurants' team" on public.restaurant_members
  for select to authenticated
  using (private.has_role(restaurant_id, 'manager'));

-- The creator of a restaurant is its first owner.
create function private.add_creator_as_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.restaurant_members (user_id, restaurant_id, role, added_by)
  values (new.user_id, new.id, 'owner', new.user_id)
  on conflict (user_id, restaurant_id) do nothing;
  return new;
end
$$;
revoke all on function private.add_creator_as_owner() from public;

create trigger restaurants_creator_is_owner
  after insert on public.restaurants
  for each row execute function private.add_creator_as_owner();

-- A restaurant always keeps at least one owner: removing or demoting its last owner is refused,
-- unless the restaurant itself is being deleted (the cascade).
create function private.keep_one_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Two owners leaving at once must not both see the other one stay: queue them on the restaurant.
  perform 1 from public.restaurants r where r.id = old.restaurant_id for no key update;
  if old.role = 'owner'
     and (tg_op = 'DELETE' or new.role <> 'owner' or new.restaurant_id <> old.restaurant_id)
     and exists (select 1 from public.restaurants r where r.id = old.restaurant_id)
     and not exists (
       select 1 from public.restaurant_members m
        where m.restaurant_id = old.restaurant_id and m.role = 'owner' and m.user_id <> old.user_id
     ) then
    raise exception 'Le restaurant doit garder au moins un propriétaire' using errcode = '23514';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
revoke all on function private.keep_one_owner() from public;

create trigger restaurant_members_keep_one_owner
  before update or delete on public.restaurant_members
  for each row execute function private.keep_one_owner();

-- Existing restaurants: their creator is their owner.
insert into public.restaurant_members (user_id, restaurant_id, role, added_by, created_at)
select r.user_id, r.id, 'owner', r.user_id, r.created_at
  from public.restaurants r
 where r.user_id is not null
on conflict (user_id, restaurant_id) do nothing;
