-- Test runs only (never a migration): test_fixtures.copy_restaurant(source, owner) gives a test a
-- restaurant of its own with everything a seeded one has (profile, menus, options, FAQ, photos' rows,
-- conversations, reservations and their history), owned by `owner`. The seed stays untouched
-- (seal-seeded-data.sql). Ids are mapped, not drawn, so that references between the copied rows hold:
-- the copy of row X is md5(X || new restaurant), the same wherever X is referred to.
create schema if not exists test_fixtures;

create or replace function test_fixtures.mapped(p_id uuid, p_restaurant uuid) returns uuid
language sql immutable as $$ select md5(p_id::text || p_restaurant::text)::uuid $$;

-- Copies the rows of `p_table` that `p_filter` selects, each column mapped: ids through mapped(),
-- restaurant_id to the new restaurant, user ids to the new owner, the global reservation number and
-- link code made unique, the photo paths moved to the new folder; generated columns left to PostgreSQL.
create or replace function test_fixtures.copy_rows(p_table text, p_filter text, p_source uuid, p_target uuid, p_owner uuid)
returns void language plpgsql as $$
declare
  cols text[] := '{}';
  exprs text[] := '{}';
  c record;
begin
  for c in
    select column_name, data_type from information_schema.columns
     where table_schema = 'public' and table_name = p_table and is_generated = 'NEVER'
     order by ordinal_position
  loop
    cols := cols || quote_ident(c.column_name);
    exprs := exprs || case
      when (p_table = 'restaurants' and c.column_name = 'id') or c.column_name = 'restaurant_id' then quote_literal(p_target) || '::uuid'
      when c.column_name in ('user_id', 'actor_user_id', 'owner', 'owner_id') then format('case when %I is null then null else %L::uuid end', c.column_name, p_owner)
      when c.data_type = 'uuid' then format('test_fixtures.mapped(%I, %L)', c.column_name, p_target)
      when c.column_name = 'numero_reservation' then format('''TBL-'' || upper(left(md5(%I || %L), 8))', c.column_name, p_target)
      when c.column_name = 'code_manage' then format('encode(extensions.digest(%I || %L, ''sha256''), ''hex'')', c.column_name, p_target)
      when c.column_name in ('url', 'filename') and p_table = 'restaurant_photos' then format('replace(%I, %L, %L)', c.column_name, p_source, p_target)
      else quote_ident(c.column_name)
    end;
  end loop;
  execute format('insert into public.%I (%s) select %s from public.%I where %s', p_table, array_to_string(cols, ', '), array_to_string(exprs, ', '), p_table, format(p_filter, p_source));
end
$$;

create or replace function test_fixtures.copy_restaurant(p_source uuid, p_owner uuid, p_name text default null)
returns uuid language plpgsql as $$
declare
  target uuid := gen_random_uuid();
  t text;
begin
  perform test_fixtures.copy_rows('restaurants', 'id = %L', p_source, target, p_owner);
  update public.restaurants set name = p_name where id = target and p_name is not null;
  -- Creating a restaurant stored its default rows: the copy's own replace them.
  foreach t in array array['restaurant_amenities', 'restaurant_contacts', 'restaurant_billing', 'restaurant_cgv', 'restaurant_hours', 'restaurant_arrival_times'] loop
    execute format('delete from public.%I where restaurant_id = %L', t, target);
  end loop;
  foreach t in array array['restaurant_amenities', 'restaurant_contacts', 'restaurant_billing', 'restaurant_cgv', 'restaurant_hours',
                           'restaurant_arrival_times', 'restaurant_menus', 'restaurant_options', 'restaurant_faqs', 'restaurant_photos', 'conversations'] loop
    perform test_fixtures.copy_rows(t, 'restaurant_id = %L', p_source, target, p_owner);
  end loop;
  perform test_fixtures.copy_rows('menu_items', 'menu_id in (select id from public.restaurant_menus where restaurant_id = %L)', p_source, target, p_owner);
  perform test_fixtures.copy_rows('menu_item_alternatives', 'menu_id in (select id from public.restaurant_menus where restaurant_id = %L)', p_source, target, p_owner);
  perform test_fixtures.copy_rows('messages', 'conversation_id in (select id from public.conversations where restaurant_id = %L)', p_source, target, p_owner);
  perform test_fixtures.copy_rows('restaurant_reservations', 'restaurant_id = %L', p_source, target, p_owner);
  perform test_fixtures.copy_rows('reservation_events', 'restaurant_id = %L', p_source, target, p_owner);
  return target;
end
$$;
