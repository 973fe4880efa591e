-- The menus' save in parts: the check of a menu's items and alternatives, and their writing, each a
-- function of its own, so that public.save_restaurant_menus reads as the save's steps. What it saves,
-- refuses and says does not change.

-- Raises (22023, naming the menu and the entry) unless every item has a name and a type of the six,
-- and every alternative a name and a type of the five (no drinks).
create function private.check_menu_entries(p_menu jsonb)
returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_bad record;
begin
  select o, e ->> 'name' as name, e ->> 'type' as type into v_bad
    from jsonb_array_elements(coalesce(nullif(p_menu -> 'items', 'null'), '[]')) with ordinality as t(e, o)
   where coalesce(btrim(e ->> 'name'), '') = ''
      or coalesce(e ->> 'type', '') not in ('aperitif', 'starter', 'main', 'side', 'dessert', 'drink')
   limit 1;
  if found then
    raise exception 'Menu « % », plat n°% : nom obligatoire et type parmi apéritif, entrée, plat, accompagnement, dessert, boisson (reçu : %)',
      p_menu ->> 'name', v_bad.o, coalesce(v_bad.type, 'aucun') using errcode = '22023';
  end if;
  select o, e ->> 'name' as name, e ->> 'type' as type into v_bad
    from jsonb_array_elements(coalesce(nullif(p_menu -> 'alternatives', 'null'), '[]')) with ordinality as t(e, o)
   where coalesce(btrim(e ->> 'name'), '') = ''
      or coalesce(e ->> 'type', '') not in ('aperitif', 'starter', 'main', 'side', 'dessert')
   limit 1;
  if found then
    raise exception 'Menu « % », alternative n°% : nom obligatoire et type parmi apéritif, entrée, plat, accompagnement, dessert (reçu : %)',
      p_menu ->> 'name', v_bad.o, coalesce(v_bad.type, 'aucun') using errcode = '22023';
  end if;
end
$$;

-- Writes a menu's items and alternatives, in the order given (display_order from 0). Under the
-- caller's rights: Row Level Security decides, as for the menu itself.
create function private.insert_menu_entries(p_menu_id uuid, p_menu jsonb)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into public.menu_items (menu_id, name, type, display_order)
  select p_menu_id, e ->> 'name', e ->> 'type', (o - 1)::int
    from jsonb_array_elements(coalesce(nullif(p_menu -> 'items', 'null'), '[]')) with ordinality as t(e, o);

  insert into public.menu_item_alternatives (
    menu_id, name, type, is_gluten_free, is_vegan, other_dietary_notes, display_order)
  select p_menu_id, e ->> 'name', e ->> 'type',
         coalesce((e ->> 'isGlutenFree')::boolean, false),
         coalesce((e ->> 'isVegan')::boolean, false),
         nullif(e ->> 'otherDietaryNotes', ''),
         (o - 1)::int
    from jsonb_array_elements(coalesce(nullif(p_menu -> 'alternatives', 'null'), '[]')) with ordinality as t(e, o);
$$;

revoke all on function private.check_menu_entries(jsonb) from public;
revoke all on function private.insert_menu_entries(uuid, jsonb) from public;
grant execute on function private.check_menu_entries(jsonb) to authenticated, service_role;
grant execute on function private.insert_menu_entries(uuid, jsonb) to authenticated, service_role;

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
  v_price public.amount;
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
    perform private.check_menu_entries(v_menu);

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

    perform private.insert_menu_entries(v_id, v_menu);
  end loop;
end
$$;
