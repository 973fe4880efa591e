-- Test runs only (never a migration): the seeded data becomes read-only for tests. Whatever a test
-- writes to a restaurant that existed when this ran, or a restaurant it adds to a user that existed
-- then (the demo owner, the bench owner), fails with the message below, so that a test leaning on the
-- seed, and so on the order of the files, fails at once rather than on the next new machine.
-- AFTER triggers: a write that Row Level Security refuses is refused as before (the attack tests
-- expect its own error); only writes that would have gone through are stopped.
create schema if not exists test_guard;
create table if not exists test_guard.sealed_restaurants (id uuid primary key);
create table if not exists test_guard.sealed_users (id uuid primary key);
insert into test_guard.sealed_restaurants select id from public.restaurants on conflict do nothing;
insert into test_guard.sealed_users select id from auth.users on conflict do nothing;

-- The restaurant a row belongs to, through the columns the tables have.
create or replace function test_guard.restaurant_of(p_row jsonb, p_table text) returns uuid
language sql stable as $$
  select case
    when p_table = 'restaurants' then (p_row ->> 'id')::uuid
    -- storage.objects: photos live under '<restaurant id>/'
    when p_table = 'objects' then case when p_row ->> 'name' ~ '^[0-9a-f-]{36}/' then left(p_row ->> 'name', 36)::uuid end
    when p_row ? 'restaurant_id' then (p_row ->> 'restaurant_id')::uuid
    when p_row ? 'menu_id' then (select m.restaurant_id from public.restaurant_menus m where m.id = (p_row ->> 'menu_id')::uuid)
    when p_row ? 'conversation_id' then (select c.restaurant_id from public.conversations c where c.id = (p_row ->> 'conversation_id')::uuid)
  end
$$;

create or replace function test_guard.refuse_seed_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  touched jsonb[] := array_remove(array[case when tg_op <> 'INSERT' then to_jsonb(old) end, case when tg_op <> 'DELETE' then to_jsonb(new) end], null);
  row_ jsonb;
begin
  foreach row_ in array touched loop
    if exists (select 1 from test_guard.sealed_restaurants s where s.id = test_guard.restaurant_of(row_, tg_table_name))
       or (tg_table_name = 'restaurants' and exists (select 1 from test_guard.sealed_users u where u.id = (row_ ->> 'user_id')::uuid)) then
      raise exception 'les données de démonstration sont en lecture seule pour les tests (% sur %) : créez votre propre propriétaire (ownerWithRestaurant, demoCopy)', tg_op, tg_table_name
        using errcode = 'P0T01';
    end if;
  end loop;
  return null;
end
$$;

do $$
declare t text;
begin
  for t in
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'
  loop
    execute format('drop trigger if exists zz_test_seal on public.%I', t);
    execute format('create trigger zz_test_seal after insert or update or delete on public.%I for each row execute function test_guard.refuse_seed_write()', t);
  end loop;
  drop trigger if exists zz_test_seal on storage.objects;
  create trigger zz_test_seal after insert or update or delete on storage.objects for each row execute function test_guard.refuse_seed_write();
end
$$;
