-- Tablée — an amount is a finite number of euros, zero or more (issue 13, item 3).
--
-- numeric accepts 'NaN', and NaN >= 0 is true in PostgreSQL, so '>= 0' checks
-- let it through (the screens then showed 0 € and the dining-room PDF 'NaN €').
-- numeric(10,2) already refuses infinities and overflows. One domain holds the
-- rule for every amount column; private.to_amount applies it to the values the
-- save functions read from JSON, with the French message of the field.

create domain public.amount as numeric(10,2)
  constraint amount_finite_non_negative check (value >= 0 and value <> 'NaN');
comment on domain public.amount is 'Euros: finite, zero or more, two decimals.';

-- NaN read as 0 on every screen; store what was shown before the column can
-- take the domain.
update public.restaurant_billing set deposit_amount = 0 where deposit_amount = 'NaN';
update public.restaurant_hours set lunch_partial_privatization_amount = 0 where lunch_partial_privatization_amount = 'NaN';
update public.restaurant_hours set dinner_partial_privatization_amount = 0 where dinner_partial_privatization_amount = 'NaN';
update public.restaurant_menus set price_per_person = 0 where price_per_person = 'NaN';
update public.restaurant_options set price = 0 where price = 'NaN';
update public.restaurant_reservations set total_amount = 0 where total_amount = 'NaN';

alter table public.restaurant_billing
  drop constraint restaurant_billing_deposit_amount_check,
  alter column deposit_amount type public.amount;
alter table public.restaurant_hours
  drop constraint restaurant_hours_lunch_privatization_amount_check,
  drop constraint restaurant_hours_dinner_privatization_amount_check,
  alter column lunch_partial_privatization_amount type public.amount,
  alter column dinner_partial_privatization_amount type public.amount;
alter table public.restaurant_menus
  drop constraint restaurant_menus_price_check,
  alter column price_per_person type public.amount;
alter table public.restaurant_options
  drop constraint restaurant_options_price_check,
  alter column price type public.amount;
alter table public.restaurant_reservations
  drop constraint restaurant_reservations_total_check,
  alter column total_amount type public.amount;

-- p_value as an amount (null stays null); anything else — text, NaN,
-- infinities, negatives, more than 99 999 999,99 — raises p_message (22023, HTTP 400).
create or replace function private.to_amount(p_value text, p_message text)
returns public.amount
language plpgsql
immutable
set search_path = ''
as $$
begin
  return p_value::public.amount;
exception
  when invalid_text_representation or numeric_value_out_of_range or check_violation then
    raise exception '%', p_message using errcode = '22023';
end
$$;
revoke all on function private.to_amount(text, text) from public;
grant execute on function private.to_amount(text, text) to authenticated, service_role;

-- The three save paths that read amounts, as in ..._functions.sql except for
-- the lines that now go through private.to_amount.

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
  privatization_amount := coalesce(private.to_amount(s ->> 'partialPrivatizationAmount',
    format('Service %s : le montant de privatisation doit être un montant positif ou nul', p_label)), 0);

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
  return next;
end
$$;

revoke all on function private.assert_restaurant_owner(uuid) from public;

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
  v_price public.amount;
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
    v_price := coalesce(private.to_amount(v_menu ->> 'pricePerPerson',
      format('Menu « %s » : le prix doit être un montant positif ou nul', v_menu ->> 'name')), 0);
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
  v_price public.amount;
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
    v_price := private.to_amount(v_opt ->> 'price',
      format('Option « %s » : le prix doit être un montant positif ou nul', v_opt ->> 'title'));
    if v_price is null then
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
