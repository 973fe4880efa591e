-- Tablée — RPC functions (called with supabase-js `rpc`).
-- A save that touches several rows is one function = one transaction: either
-- everything is saved or nothing is (architecture "Data").
--
-- Error contract (PostgREST returns the message and code to the client):
--   42501  'Utilisateur non authentifié' / 'Accès non autorisé à ce restaurant'
--   P0002  'Restaurant non trouvé'
--   22023  validation errors, French message
-- Save functions are SECURITY INVOKER: besides the explicit ownership check,
-- the tables' RLS policies and check constraints still apply to every row.

-- ---------------------------------------------------------------- private helpers

-- Raises unless the signed-in user owns the restaurant. Security definer so it
-- can tell "does not exist" from "belongs to someone else" (RLS hides both).
create or replace function private.assert_restaurant_owner(p_restaurant_id uuid)
returns void
language plpgsql
stable
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
  select r.user_id into v_owner from public.restaurants r where r.id = p_restaurant_id;
  if not found then
    raise exception 'Restaurant non trouvé' using errcode = 'P0002';
  end if;
  if v_owner <> v_uid then
    raise exception 'Accès non autorisé à ce restaurant' using errcode = '42501';
  end if;
end
$$;

-- Client-side ids may be temporary ('tmp-1', ''): anything that is not a uuid
-- means "new row".
create or replace function private.try_uuid(p_value text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when p_value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then p_value::uuid
  end
$$;

-- 'HH:MM' (or 'HH:MM:SS') on a 15-minute slot; null stays null.
create or replace function private.parse_slot(p_value text, p_label text)
returns time
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_time time;
begin
  if p_value is null or p_value = '' then
    return null;
  end if;
  if p_value !~ '^([01]?[0-9]|2[0-3]):[0-5][0-9](:00)?$' then
    raise exception 'Heure invalide (%) : %', p_label, p_value using errcode = '22023';
  end if;
  v_time := p_value::time;
  if extract(minute from v_time)::int % 15 <> 0 then
    raise exception 'Heure invalide (%) : % — les créneaux sont de 15 minutes', p_label, p_value
      using errcode = '22023';
  end if;
  return v_time;
end
$$;

-- One service of spec §3 `hours` (lunchService / dinnerService) as columns,
-- with the spec §9 defaults for whatever is missing.
create or replace function private.parse_service(p_service jsonb, p_label text, p_from time, p_to time)
returns table (
  is_open boolean,
  from_time time,
  to_time time,
  group_min int,
  group_max int,
  allow_a_la_carte boolean,
  max_a_la_carte_size int,
  privatization_supplement boolean,
  privatization_min_size int,
  privatization_amount numeric
)
language plpgsql
immutable
set search_path = ''
as $$
declare
  s jsonb := coalesce(p_service, '{}');
begin
  if jsonb_typeof(s) <> 'object' then
    raise exception 'Service % invalide', p_label using errcode = '22023';
  end if;
  is_open := coalesce((s ->> 'isOpen')::boolean, true);
  from_time := coalesce(private.parse_slot(s -> 'hours' ->> 'from', p_label), p_from);
  to_time := coalesce(private.parse_slot(s -> 'hours' ->> 'to', p_label), p_to);
  group_min := coalesce((s -> 'groupSize' ->> 'min')::int, 1);
  group_max := coalesce((s -> 'groupSize' ->> 'max')::int, 20);
  allow_a_la_carte := coalesce((s ->> 'allowALaCarte')::boolean, true);
  max_a_la_carte_size := coalesce((s ->> 'maxALaCarteSize')::int, 10);
  privatization_supplement := coalesce((s ->> 'partialPrivatizationSupplement')::boolean, false);
  privatization_min_size := coalesce((s ->> 'partialPrivatizationMinSize')::int, 10);
  privatization_amount := coalesce((s ->> 'partialPrivatizationAmount')::numeric, 0);

  if group_min not between 1 and 30 then
    raise exception 'Service % : la taille de groupe minimale doit être comprise entre 1 et 30', p_label
      using errcode = '22023';
  end if;
  if group_max not between group_min and 50 then
    raise exception 'Service % : la taille de groupe maximale doit être comprise entre % et 50', p_label, group_min
      using errcode = '22023';
  end if;
  if max_a_la_carte_size not between 1 and 50 then
    raise exception 'Service % : la taille maximale à la carte doit être comprise entre 1 et 50', p_label
      using errcode = '22023';
  end if;
  if privatization_min_size not between 1 and 50 then
    raise exception 'Service % : la taille minimale de privatisation doit être comprise entre 1 et 50', p_label
      using errcode = '22023';
  end if;
  if privatization_amount < 0 then
    raise exception 'Service % : le montant de privatisation ne peut pas être négatif', p_label
      using errcode = '22023';
  end if;
  return next;
end
$$;

revoke all on function private.assert_restaurant_owner(uuid) from public;
revoke all on function private.try_uuid(text) from public;
revoke all on function private.parse_slot(text, text) from public;
revoke all on function private.parse_service(jsonb, text, time, time) from public;
grant execute on function private.assert_restaurant_owner(uuid) to authenticated, service_role;
grant execute on function private.try_uuid(text) to authenticated, service_role;
grant execute on function private.parse_slot(text, text) to authenticated, service_role;
grant execute on function private.parse_service(jsonb, text, time, time) to authenticated, service_role;

-- Raises unless p_given holds exactly the ids of p_current, once each (a reorder
-- may move rows, never add, drop or repeat one).
create or replace function private.assert_same_ids(p_given uuid[], p_current uuid[], p_what text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_given is null then
    raise exception 'La liste des % est obligatoire', p_what using errcode = '22023';
  end if;
  if cardinality(p_given) <> cardinality(p_current)
     or (select coalesce(array_agg(x order by x), '{}') from unnest(p_given) x)
        is distinct from (select coalesce(array_agg(x order by x), '{}') from unnest(p_current) x) then
    raise exception 'La nouvelle liste doit contenir exactement les % du restaurant, une seule fois chacune', p_what
      using errcode = '22023';
  end if;
end
$$;

revoke all on function private.assert_same_ids(uuid[], uuid[], text) from public;
grant execute on function private.assert_same_ids(uuid[], uuid[], text) to authenticated, service_role;

-- ---------------------------------------------------------------- delete_restaurant_photo
-- Spec §7 fallback when the direct delete fails. Returns the storage object
-- name so the client can remove the file from the bucket.

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
    raise exception 'Photo non trouvée' using errcode = 'P0002';
  end if;
  if v_owner <> v_uid then
    raise exception 'Vous n''avez pas l''autorisation de supprimer cette photo' using errcode = '42501';
  end if;

  delete from public.restaurant_photos p where p.id = delete_restaurant_photo.photo_id;
  return v_filename;
end
$$;

-- ---------------------------------------------------------------- save_restaurant_information
-- p_information (spec §3 `information`, plus url):
--   { name, address, description, url, firstMessage?,
--     amenities: { groundFloor, accessibleToDisabled, parking, airConditioning, wifi, valetParking },
--     contact:   { email, whatsapp, responseTime: 'fast'|'medium'|'slow' } }
-- Keys that are absent keep their stored value; `amenities` / `contact`, when
-- present, are saved whole (missing booleans = false, responseTime = medium).

create or replace function public.save_restaurant_information(p_restaurant_id uuid, p_information jsonb)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  i jsonb := p_information;
  a jsonb := p_information -> 'amenities';
  c jsonb := p_information -> 'contact';
  v_response_time text;
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
  if jsonb_typeof(i) is distinct from 'object' then
    raise exception 'Informations du restaurant invalides' using errcode = '22023';
  end if;

  update public.restaurants r set
    name          = case when i ? 'name' then coalesce(i ->> 'name', '') else r.name end,
    address       = case when i ? 'address' then coalesce(i ->> 'address', '') else r.address end,
    description   = case when i ? 'description' then coalesce(i ->> 'description', '') else r.description end,
    url           = case when i ? 'url' then nullif(btrim(i ->> 'url'), '') else r.url end,
    first_message = case when i ? 'firstMessage' then nullif(i ->> 'firstMessage', '') else r.first_message end
  where r.id = p_restaurant_id;

  if jsonb_typeof(a) = 'object' then
    insert into public.restaurant_amenities as t
      (restaurant_id, ground_floor, accessible_to_disabled, parking, air_conditioning, wifi, valet_parking)
    values (
      p_restaurant_id,
      coalesce((a ->> 'groundFloor')::boolean, false),
      coalesce((a ->> 'accessibleToDisabled')::boolean, false),
      coalesce((a ->> 'parking')::boolean, false),
      coalesce((a ->> 'airConditioning')::boolean, false),
      coalesce((a ->> 'wifi')::boolean, false),
      coalesce((a ->> 'valetParking')::boolean, false))
    on conflict (restaurant_id) do update set
      ground_floor = excluded.ground_floor,
      accessible_to_disabled = excluded.accessible_to_disabled,
      parking = excluded.parking,
      air_conditioning = excluded.air_conditioning,
      wifi = excluded.wifi,
      valet_parking = excluded.valet_parking;
  elsif a is not null and jsonb_typeof(a) <> 'null' then
    raise exception 'Équipements invalides' using errcode = '22023';
  end if;

  if jsonb_typeof(c) = 'object' then
    v_response_time := coalesce(nullif(c ->> 'responseTime', ''), 'medium');
    if v_response_time not in ('fast', 'medium', 'slow') then
      raise exception 'Délai de réponse invalide : %', v_response_time using errcode = '22023';
    end if;
    insert into public.restaurant_contacts as t (restaurant_id, email, whatsapp, response_time)
    values (p_restaurant_id, nullif(btrim(c ->> 'email'), ''), nullif(btrim(c ->> 'whatsapp'), ''), v_response_time)
    on conflict (restaurant_id) do update set
      email = excluded.email,
      whatsapp = excluded.whatsapp,
      response_time = excluded.response_time;
  elsif c is not null and jsonb_typeof(c) <> 'null' then
    raise exception 'Contact invalide' using errcode = '22023';
  end if;
end
$$;

-- ---------------------------------------------------------------- save_restaurant_hours
-- p_hours:
--   { daysOpen: ['monday', ...], hasDifferentSettings: bool,
--     days: [ { day, lunchService: Service, dinnerService: Service }, ... ] }   -- one per open day
--   Service = { isOpen, hours: { from: 'HH:MM', to: 'HH:MM' }, arrivalTimes: ['HH:MM', ...],
--               groupSize: { min, max }, allowALaCarte, maxALaCarteSize,
--               partialPrivatizationSupplement, partialPrivatizationMinSize, partialPrivatizationAmount }
-- Replaces all hours and arrival times of the restaurant. An open day without
-- an entry gets the default settings; an entry for a closed day is an error.
-- Arrival times are only stored for open services.

create or replace function public.save_restaurant_hours(p_restaurant_id uuid, p_hours jsonb)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  c_week constant text[] := array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'];
  v_days text[];
  v_bad text;
  v_seen text[] := '{}';
  v_entry jsonb;
  v_day text;
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
  if jsonb_typeof(p_hours) is distinct from 'object' then
    raise exception 'Horaires invalides' using errcode = '22023';
  end if;
  if jsonb_typeof(p_hours -> 'daysOpen') is distinct from 'array' then
    raise exception 'Les jours d''ouverture (daysOpen) doivent être une liste' using errcode = '22023';
  end if;
  if p_hours ? 'days' and jsonb_typeof(p_hours -> 'days') not in ('array', 'null') then
    raise exception 'Les réglages par jour (days) doivent être une liste' using errcode = '22023';
  end if;

  select d into v_bad
    from jsonb_array_elements(p_hours -> 'daysOpen') e, lateral (select e #>> '{}' as d) x
   where jsonb_typeof(e) <> 'string' or d <> all (c_week)
   limit 1;
  if found then
    raise exception 'Jour d''ouverture invalide : %', coalesce(v_bad, 'null') using errcode = '22023';
  end if;

  -- Canonical order (monday first), no duplicates.
  select coalesce(array_agg(w.day order by w.pos), '{}') into v_days
    from unnest(c_week) with ordinality as w(day, pos)
   where p_hours -> 'daysOpen' ? w.day;

  update public.restaurants r
     set days_open = v_days,
         has_different_hours_settings = coalesce((p_hours ->> 'hasDifferentSettings')::boolean, false)
   where r.id = p_restaurant_id;

  delete from public.restaurant_arrival_times t where t.restaurant_id = p_restaurant_id;
  delete from public.restaurant_hours h where h.restaurant_id = p_restaurant_id;

  for v_entry in select e from jsonb_array_elements(coalesce(nullif(p_hours -> 'days', 'null'), '[]')) e loop
    v_day := v_entry ->> 'day';
    if v_day is null or v_day <> all (v_days) then
      raise exception 'Le jour % n''est pas un jour d''ouverture', coalesce(v_day, 'null') using errcode = '22023';
    end if;
    if v_day = any (v_seen) then
      raise exception 'Le jour % apparaît plusieurs fois', v_day using errcode = '22023';
    end if;
    v_seen := v_seen || v_day;

    insert into public.restaurant_hours (
      restaurant_id, day,
      lunch_is_open, lunch_from_time, lunch_to_time, lunch_group_min, lunch_group_max,
      lunch_allow_a_la_carte, lunch_max_a_la_carte_size, lunch_partial_privatization_supplement,
      lunch_partial_privatization_min_size, lunch_partial_privatization_amount,
      dinner_is_open, dinner_from_time, dinner_to_time, dinner_group_min, dinner_group_max,
      dinner_allow_a_la_carte, dinner_max_a_la_carte_size, dinner_partial_privatization_supplement,
      dinner_partial_privatization_min_size, dinner_partial_privatization_amount)
    select
      p_restaurant_id, v_day,
      l.is_open, l.from_time, l.to_time, l.group_min, l.group_max,
      l.allow_a_la_carte, l.max_a_la_carte_size, l.privatization_supplement,
      l.privatization_min_size, l.privatization_amount,
      d.is_open, d.from_time, d.to_time, d.group_min, d.group_max,
      d.allow_a_la_carte, d.max_a_la_carte_size, d.privatization_supplement,
      d.privatization_min_size, d.privatization_amount
    from private.parse_service(v_entry -> 'lunchService', 'midi', '12:00', '14:00') l,
         private.parse_service(v_entry -> 'dinnerService', 'soir', '19:00', '22:00') d;

    insert into public.restaurant_arrival_times (restaurant_id, day, service, arrival_time)
    select distinct p_restaurant_id, v_day, s.service, private.parse_slot(a.value, s.label)
      from (values ('lunch', 'midi', v_entry -> 'lunchService'),
                   ('dinner', 'soir', v_entry -> 'dinnerService')) as s(service, label, cfg)
      cross join lateral jsonb_array_elements_text(
        case when jsonb_typeof(s.cfg -> 'arrivalTimes') = 'array' then s.cfg -> 'arrivalTimes' else '[]' end) a
     where coalesce((s.cfg ->> 'isOpen')::boolean, true)
       and nullif(a.value, '') is not null;
  end loop;

  -- Open days the client sent no settings for: spec defaults.
  insert into public.restaurant_hours (restaurant_id, day)
  select p_restaurant_id, d from unnest(v_days) d where d <> all (v_seen);
end
$$;

-- ---------------------------------------------------------------- save_restaurant_menus
-- p_menus: [ { id?, name, pricePerPerson, content, menuType: 'choice'|'sharing',
--              availability: { lunch, dinner }, isKidsMenu,
--              items: [ { name, type } ],                 -- aperitif|starter|main|side|dessert|drink
--              alternatives: [ { name, type, isGlutenFree, isVegan, otherDietaryNotes } ] } ]  -- no drink
-- A menu whose id is one of the restaurant's menus is updated (keeps its id);
-- any other entry is inserted with a new id; menus not in the list are
-- deleted. Items and alternatives are replaced. display_order = position (0-based).

create or replace function public.save_restaurant_menus(p_restaurant_id uuid, p_menus jsonb)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_keep uuid[];
  v_menu jsonb;
  v_pos int;
  v_id uuid;
  v_type text;
  v_price numeric;
  v_bad record;
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
  if jsonb_typeof(p_menus) is distinct from 'array' then
    raise exception 'Les menus doivent être une liste' using errcode = '22023';
  end if;
  if (select count(*) from jsonb_array_elements(p_menus) m
       where coalesce((m ->> 'isKidsMenu')::boolean, false)) > 1 then
    raise exception 'Un restaurant ne peut avoir qu''un seul menu enfant' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_menus) m
              where private.try_uuid(m ->> 'id') is not null
              group by private.try_uuid(m ->> 'id') having count(*) > 1) then
    raise exception 'Un même menu apparaît plusieurs fois' using errcode = '22023';
  end if;

  select coalesce(array_agg(rm.id), '{}') into v_keep
    from public.restaurant_menus rm
   where rm.restaurant_id = p_restaurant_id
     and rm.id in (select private.try_uuid(m ->> 'id') from jsonb_array_elements(p_menus) m);

  delete from public.restaurant_menus rm
   where rm.restaurant_id = p_restaurant_id and rm.id <> all (v_keep);

  -- The kids menu is written last, so moving the kids flag from one kept
  -- menu to another never has two kids menus at once.
  for v_menu, v_pos in
    select e, (o - 1)::int
      from jsonb_array_elements(p_menus) with ordinality as t(e, o)
     order by coalesce((e ->> 'isKidsMenu')::boolean, false), o
  loop
    if jsonb_typeof(v_menu) <> 'object' or coalesce(btrim(v_menu ->> 'name'), '') = '' then
      raise exception 'Menu n°% : le nom est obligatoire', v_pos + 1 using errcode = '22023';
    end if;
    v_price := coalesce((v_menu ->> 'pricePerPerson')::numeric, 0);
    if v_price < 0 then
      raise exception 'Menu « % » : le prix ne peut pas être négatif', v_menu ->> 'name' using errcode = '22023';
    end if;
    v_type := coalesce(nullif(v_menu ->> 'menuType', ''), 'choice');
    if v_type not in ('choice', 'sharing') then
      raise exception 'Menu « % » : type de menu invalide : %', v_menu ->> 'name', v_type using errcode = '22023';
    end if;

    select o, e ->> 'name' as name, e ->> 'type' as type into v_bad
      from jsonb_array_elements(coalesce(nullif(v_menu -> 'items', 'null'), '[]')) with ordinality as t(e, o)
     where coalesce(btrim(e ->> 'name'), '') = ''
        or coalesce(e ->> 'type', '') not in ('aperitif', 'starter', 'main', 'side', 'dessert', 'drink')
     limit 1;
    if found then
      raise exception 'Menu « % », plat n°% : nom obligatoire et type parmi apéritif, entrée, plat, accompagnement, dessert, boisson (reçu : %)',
        v_menu ->> 'name', v_bad.o, coalesce(v_bad.type, 'aucun') using errcode = '22023';
    end if;
    select o, e ->> 'name' as name, e ->> 'type' as type into v_bad
      from jsonb_array_elements(coalesce(nullif(v_menu -> 'alternatives', 'null'), '[]')) with ordinality as t(e, o)
     where coalesce(btrim(e ->> 'name'), '') = ''
        or coalesce(e ->> 'type', '') not in ('aperitif', 'starter', 'main', 'side', 'dessert')
     limit 1;
    if found then
      raise exception 'Menu « % », alternative n°% : nom obligatoire et type parmi apéritif, entrée, plat, accompagnement, dessert (reçu : %)',
        v_menu ->> 'name', v_bad.o, coalesce(v_bad.type, 'aucun') using errcode = '22023';
    end if;

    v_id := private.try_uuid(v_menu ->> 'id');
    if v_id = any (v_keep) then
      update public.restaurant_menus rm set
        name = v_menu ->> 'name',
        price_per_person = v_price,
        content = nullif(v_menu ->> 'content', ''),
        menu_type = v_type,
        available_lunch = coalesce((v_menu -> 'availability' ->> 'lunch')::boolean, true),
        available_dinner = coalesce((v_menu -> 'availability' ->> 'dinner')::boolean, true),
        is_children_menu = coalesce((v_menu ->> 'isKidsMenu')::boolean, false),
        display_order = v_pos
      where rm.id = v_id;
      delete from public.menu_items mi where mi.menu_id = v_id;
      delete from public.menu_item_alternatives ma where ma.menu_id = v_id;
    else
      insert into public.restaurant_menus (
        restaurant_id, name, price_per_person, content, menu_type,
        available_lunch, available_dinner, is_children_menu, display_order)
      values (
        p_restaurant_id, v_menu ->> 'name', v_price, nullif(v_menu ->> 'content', ''), v_type,
        coalesce((v_menu -> 'availability' ->> 'lunch')::boolean, true),
        coalesce((v_menu -> 'availability' ->> 'dinner')::boolean, true),
        coalesce((v_menu ->> 'isKidsMenu')::boolean, false),
        v_pos)
      returning id into v_id;
    end if;

    insert into public.menu_items (menu_id, name, type, display_order)
    select v_id, e ->> 'name', e ->> 'type', (o - 1)::int
      from jsonb_array_elements(coalesce(nullif(v_menu -> 'items', 'null'), '[]')) with ordinality as t(e, o);

    insert into public.menu_item_alternatives (
      menu_id, name, type, is_gluten_free, is_vegan, other_dietary_notes, display_order)
    select v_id, e ->> 'name', e ->> 'type',
           coalesce((e ->> 'isGlutenFree')::boolean, false),
           coalesce((e ->> 'isVegan')::boolean, false),
           nullif(e ->> 'otherDietaryNotes', ''),
           (o - 1)::int
      from jsonb_array_elements(coalesce(nullif(v_menu -> 'alternatives', 'null'), '[]')) with ordinality as t(e, o);
  end loop;
end
$$;

-- ---------------------------------------------------------------- save_restaurant_options
-- p_options: [ { id?, title, price, priceType: 'per_person'|'total' } ]
-- Same semantics as the menus: known ids updated, others inserted, missing deleted.

create or replace function public.save_restaurant_options(p_restaurant_id uuid, p_options jsonb)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_keep uuid[];
  v_opt jsonb;
  v_pos int;
  v_id uuid;
  v_price numeric;
  v_type text;
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
  if jsonb_typeof(p_options) is distinct from 'array' then
    raise exception 'Les options doivent être une liste' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_options) e
              where private.try_uuid(e ->> 'id') is not null
              group by private.try_uuid(e ->> 'id') having count(*) > 1) then
    raise exception 'Une même option apparaît plusieurs fois' using errcode = '22023';
  end if;

  select coalesce(array_agg(ro.id), '{}') into v_keep
    from public.restaurant_options ro
   where ro.restaurant_id = p_restaurant_id
     and ro.id in (select private.try_uuid(e ->> 'id') from jsonb_array_elements(p_options) e);

  delete from public.restaurant_options ro
   where ro.restaurant_id = p_restaurant_id and ro.id <> all (v_keep);

  for v_opt, v_pos in
    select e, (o - 1)::int from jsonb_array_elements(p_options) with ordinality as t(e, o) order by o
  loop
    if jsonb_typeof(v_opt) <> 'object' or coalesce(btrim(v_opt ->> 'title'), '') = '' then
      raise exception 'Option n°% : le titre est obligatoire', v_pos + 1 using errcode = '22023';
    end if;
    v_price := (v_opt ->> 'price')::numeric;
    if v_price is null or v_price < 0 then
      raise exception 'Option « % » : le prix doit être un montant positif ou nul', v_opt ->> 'title'
        using errcode = '22023';
    end if;
    v_type := coalesce(nullif(v_opt ->> 'priceType', ''), 'per_person');
    if v_type not in ('per_person', 'total') then
      raise exception 'Option « % » : type de prix invalide : %', v_opt ->> 'title', v_type using errcode = '22023';
    end if;

    v_id := private.try_uuid(v_opt ->> 'id');
    if v_id = any (v_keep) then
      update public.restaurant_options ro
         set title = v_opt ->> 'title', price = v_price, price_type = v_type, display_order = v_pos
       where ro.id = v_id;
    else
      insert into public.restaurant_options (restaurant_id, title, price, price_type, display_order)
      values (p_restaurant_id, v_opt ->> 'title', v_price, v_type, v_pos);
    end if;
  end loop;
end
$$;

-- ---------------------------------------------------------------- save_restaurant_faqs
-- p_faqs: [ { id?, question, answer } ] — the whole list, in display order.
-- Known ids updated, others inserted, missing deleted; display_order = position (0-based).

create or replace function public.save_restaurant_faqs(p_restaurant_id uuid, p_faqs jsonb)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_keep uuid[];
  v_faq jsonb;
  v_pos int;
  v_id uuid;
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
  if jsonb_typeof(p_faqs) is distinct from 'array' then
    raise exception 'Les FAQ doivent être une liste' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_faqs) e
              where private.try_uuid(e ->> 'id') is not null
              group by private.try_uuid(e ->> 'id') having count(*) > 1) then
    raise exception 'Une même FAQ apparaît plusieurs fois' using errcode = '22023';
  end if;

  select coalesce(array_agg(f.id), '{}') into v_keep
    from public.restaurant_faqs f
   where f.restaurant_id = p_restaurant_id
     and f.id in (select private.try_uuid(e ->> 'id') from jsonb_array_elements(p_faqs) e);

  delete from public.restaurant_faqs f
   where f.restaurant_id = p_restaurant_id and f.id <> all (v_keep);

  for v_faq, v_pos in
    select e, (o - 1)::int from jsonb_array_elements(p_faqs) with ordinality as t(e, o) order by o
  loop
    if jsonb_typeof(v_faq) <> 'object'
       or coalesce(btrim(v_faq ->> 'question'), '') = ''
       or coalesce(btrim(v_faq ->> 'answer'), '') = '' then
      raise exception 'FAQ n°% : la question et la réponse sont obligatoires', v_pos + 1 using errcode = '22023';
    end if;
    v_id := private.try_uuid(v_faq ->> 'id');
    if v_id = any (v_keep) then
      update public.restaurant_faqs f
         set question = v_faq ->> 'question', answer = v_faq ->> 'answer', display_order = v_pos
       where f.id = v_id;
    else
      insert into public.restaurant_faqs (restaurant_id, question, answer, display_order)
      values (p_restaurant_id, v_faq ->> 'question', v_faq ->> 'answer', v_pos);
    end if;
  end loop;
end
$$;

-- ---------------------------------------------------------------- reorder_faqs
-- p_faq_ids: every FAQ id of the restaurant, exactly once, in the new order.

create or replace function public.reorder_faqs(p_restaurant_id uuid, p_faq_ids uuid[])
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_current uuid[];
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
  -- Lock the list: two reorders of the same restaurant run one after the other.
  select coalesce(array_agg(f.id), '{}') into v_current
    from (select f.id from public.restaurant_faqs f
           where f.restaurant_id = p_restaurant_id for update) f;
  perform private.assert_same_ids(p_faq_ids, v_current, 'FAQ');

  update public.restaurant_faqs f
     set display_order = (n.pos - 1)::int
    from unnest(p_faq_ids) with ordinality as n(id, pos)
   where f.id = n.id and f.restaurant_id = p_restaurant_id;
end
$$;

-- ---------------------------------------------------------------- reorder_photos
-- p_photo_ids: every photo id of the restaurant, exactly once, in the new
-- order. display_order = position + 1 (spec §7, photos count from 1).
-- One call instead of an upsert, which would need every not-null column.

create or replace function public.reorder_photos(p_restaurant_id uuid, p_photo_ids uuid[])
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_current uuid[];
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
  select coalesce(array_agg(p.id), '{}') into v_current
    from (select p.id from public.restaurant_photos p
           where p.restaurant_id = p_restaurant_id for update) p;
  perform private.assert_same_ids(p_photo_ids, v_current, 'photos');

  update public.restaurant_photos p
     set display_order = n.pos::int
    from unnest(p_photo_ids) with ordinality as n(id, pos)
   where p.id = n.id and p.restaurant_id = p_restaurant_id;
end
$$;

-- ---------------------------------------------------------------- transition_reservation
-- Used only by the reservation service (service_role): pending (0) → accepted (1)
-- or rejected (2), authorized by code_manage. Returns
--   { outcome: 'ok'|'not_found'|'wrong_code'|'not_pending',
--     status, numero_reservation_restaurateur, reservation_id }
-- (the last three are null for not_found and wrong_code, so a wrong code
-- learns nothing). The row lock makes concurrent calls queue: exactly one 'ok'.

create or replace function public.transition_reservation(
  p_numero_reservation text,
  p_code_manage text,
  p_target_status smallint,
  p_restaurant_id uuid default null
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_res public.restaurant_reservations%rowtype;
begin
  if p_target_status is null or p_target_status not in (1, 2) then
    raise exception 'Statut non supporté par l''API: %', coalesce(p_target_status::text, 'null')
      using errcode = '22023';
  end if;

  select * into v_res
    from public.restaurant_reservations r
   where r.numero_reservation = p_numero_reservation
     for update;

  if not found or (p_restaurant_id is not null and v_res.restaurant_id <> p_restaurant_id) then
    return jsonb_build_object('outcome', 'not_found', 'status', null,
                              'numero_reservation_restaurateur', null, 'reservation_id', null);
  end if;

  -- Compare digests: the time taken does not depend on how much of the code matches.
  if p_code_manage is null
     or extensions.digest(v_res.code_manage, 'sha256') <> extensions.digest(p_code_manage, 'sha256') then
    return jsonb_build_object('outcome', 'wrong_code', 'status', null,
                              'numero_reservation_restaurateur', null, 'reservation_id', null);
  end if;

  if v_res.status <> 0 then
    return jsonb_build_object('outcome', 'not_pending', 'status', v_res.status,
                              'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur,
                              'reservation_id', v_res.id);
  end if;

  update public.restaurant_reservations r
     set status = p_target_status,
         is_accepted = (p_target_status = 1)
   where r.id = v_res.id;

  return jsonb_build_object('outcome', 'ok', 'status', p_target_status,
                            'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur,
                            'reservation_id', v_res.id);
end
$$;

-- ---------------------------------------------------------------- execute grants
-- Supabase grants EXECUTE on new functions to PUBLIC and to every API role.

revoke all on function public.delete_restaurant_photo(uuid, uuid) from public, anon;
revoke all on function public.save_restaurant_information(uuid, jsonb) from public, anon;
revoke all on function public.save_restaurant_hours(uuid, jsonb) from public, anon;
revoke all on function public.save_restaurant_menus(uuid, jsonb) from public, anon;
revoke all on function public.save_restaurant_options(uuid, jsonb) from public, anon;
revoke all on function public.save_restaurant_faqs(uuid, jsonb) from public, anon;
revoke all on function public.reorder_faqs(uuid, uuid[]) from public, anon;
revoke all on function public.reorder_photos(uuid, uuid[]) from public, anon;
revoke all on function public.transition_reservation(text, text, smallint, uuid) from public, anon, authenticated;

grant execute on function public.delete_restaurant_photo(uuid, uuid) to authenticated;
grant execute on function public.save_restaurant_information(uuid, jsonb) to authenticated;
grant execute on function public.save_restaurant_hours(uuid, jsonb) to authenticated;
grant execute on function public.save_restaurant_menus(uuid, jsonb) to authenticated;
grant execute on function public.save_restaurant_options(uuid, jsonb) to authenticated;
grant execute on function public.save_restaurant_faqs(uuid, jsonb) to authenticated;
grant execute on function public.reorder_faqs(uuid, uuid[]) to authenticated;
grant execute on function public.reorder_photos(uuid, uuid[]) to authenticated;
grant execute on function public.transition_reservation(text, text, smallint, uuid) to service_role;
