-- The assistant's knowledge in parts: its days and its menus, each a function of its own, so that
-- public.assistant_knowledge reads as the document's outline. The document does not change.

-- 'days': the seven days, Monday first, each with its open services (lunch, dinner) and their
-- settings; a day the restaurant is closed, or without settings, has no service.
create function private.assistant_days(p_restaurant_id uuid, p_days_open text[])
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'day', d.day,
           'is_open', h.id is not null and d.day = any (p_days_open),
           'services', case when h.id is null or not d.day = any (p_days_open) then '[]'::jsonb else (
             select coalesce(jsonb_agg(jsonb_build_object(
                      'service', s.service,
                      'from', to_char(s.from_time, 'HH24:MI'),
                      'to', to_char(s.to_time, 'HH24:MI'),
                      'arrival_times', (
                        select coalesce(jsonb_agg(to_char(t.arrival_time, 'HH24:MI') order by t.arrival_time), '[]'::jsonb)
                          from public.restaurant_arrival_times t
                         where t.restaurant_id = p_restaurant_id and t.day = d.day and t.service = s.service),
                      'group_size', jsonb_build_object('min', s.group_min, 'max', s.group_max),
                      'capacity', s.capacity,
                      'a_la_carte', jsonb_build_object('allowed', s.allow_a_la_carte, 'max_group_size', s.max_a_la_carte_size),
                      'partial_privatization', jsonb_build_object(
                        'supplement', s.privatization_supplement,
                        'min_group_size', s.privatization_min_size,
                        'amount', s.privatization_amount)
                    ) order by s.position), '[]'::jsonb)
               from (values
                 (1, 'lunch', h.lunch_is_open, h.lunch_from_time, h.lunch_to_time, h.lunch_group_min, h.lunch_group_max,
                  h.lunch_capacity, h.lunch_allow_a_la_carte, h.lunch_max_a_la_carte_size,
                  h.lunch_partial_privatization_supplement, h.lunch_partial_privatization_min_size, h.lunch_partial_privatization_amount),
                 (2, 'dinner', h.dinner_is_open, h.dinner_from_time, h.dinner_to_time, h.dinner_group_min, h.dinner_group_max,
                  h.dinner_capacity, h.dinner_allow_a_la_carte, h.dinner_max_a_la_carte_size,
                  h.dinner_partial_privatization_supplement, h.dinner_partial_privatization_min_size, h.dinner_partial_privatization_amount)
               ) s(position, service, is_open, from_time, to_time, group_min, group_max, capacity, allow_a_la_carte,
                   max_a_la_carte_size, privatization_supplement, privatization_min_size, privatization_amount)
              where s.is_open)
           end
         ) order by d.position), '[]'::jsonb)
    from unnest(array['monday','tuesday','wednesday','thursday','friday','saturday','sunday']) with ordinality d(day, position)
    left join public.restaurant_hours h on h.restaurant_id = p_restaurant_id and h.day = d.day
$$;

-- 'menus': the regular menus in the owner's order, then the kids menu, each with its items and
-- dietary alternatives in their order.
create function private.assistant_menus(p_restaurant_id uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'name', m.name,
           'price_per_person', m.price_per_person,
           'menu_type', m.menu_type,
           'content', m.content,
           'available_lunch', m.available_lunch,
           'available_dinner', m.available_dinner,
           'is_children_menu', m.is_children_menu,
           'items', (
             select coalesce(jsonb_agg(jsonb_build_object('name', i.name, 'type', i.type) order by i.display_order, i.created_at), '[]'::jsonb)
               from public.menu_items i where i.menu_id = m.id),
           'alternatives', (
             select coalesce(jsonb_agg(jsonb_build_object(
                      'name', x.name, 'type', x.type, 'is_gluten_free', x.is_gluten_free, 'is_vegan', x.is_vegan,
                      'other_dietary_notes', x.other_dietary_notes) order by x.display_order, x.created_at), '[]'::jsonb)
               from public.menu_item_alternatives x where x.menu_id = m.id)
         ) order by m.is_children_menu, m.display_order, m.created_at), '[]'::jsonb)
    from public.restaurant_menus m where m.restaurant_id = p_restaurant_id
$$;

revoke all on function private.assistant_days(uuid, text[]) from public;
revoke all on function private.assistant_menus(uuid) from public;
grant execute on function private.assistant_days(uuid, text[]) to authenticated, service_role;
grant execute on function private.assistant_menus(uuid) to authenticated, service_role;

-- The whole profile as the chatbot reads it, in one call (documented in the README, 'The
-- assistant's knowledge'). Under the caller's rights: the chatbot calls it with the service role,
-- an owner reads their own restaurant, anyone else is told the restaurant is not found.
-- `version` changes whenever a field is removed or changes meaning; added fields keep it.
create or replace function public.assistant_knowledge(p_restaurant_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  result jsonb;
begin
  select jsonb_build_object(
    'version', 1,
    'restaurant', jsonb_build_object(
      'id', r.id,
      'name', r.name,
      'address', r.address,
      'description', r.description,
      'url', r.url
    ),
    'first_message', coalesce(nullif(btrim(r.first_message), ''), private.default_first_message(r.name)),
    'first_message_is_default', nullif(btrim(r.first_message), '') is null,
    'contact', jsonb_build_object(
      'email', c.email,
      'whatsapp', c.whatsapp,
      'response_time', coalesce(c.response_time, 'medium'),
      'response_time_label', case coalesce(c.response_time, 'medium') when 'fast' then '1-2h' when 'slow' then 'Sous 24h' else 'Sous 6h' end
    ),
    'amenities', jsonb_build_object(
      'ground_floor', coalesce(a.ground_floor, false),
      'accessible_to_disabled', coalesce(a.accessible_to_disabled, false),
      'parking', coalesce(a.parking, false),
      'air_conditioning', coalesce(a.air_conditioning, false),
      'wifi', coalesce(a.wifi, false),
      'valet_parking', coalesce(a.valet_parking, false)
    ),
    'days', private.assistant_days(r.id, r.days_open),
    'menus', private.assistant_menus(r.id),
    'options', (
      select coalesce(jsonb_agg(jsonb_build_object('title', o.title, 'price', o.price, 'price_type', o.price_type)
                                order by o.display_order, o.created_at), '[]'::jsonb)
        from public.restaurant_options o where o.restaurant_id = r.id
    ),
    'deposit', jsonb_build_object(
      'required', coalesce(b.requires_deposit, false),
      'method', case when b.requires_deposit then b.deposit_method end,
      'type', case when b.requires_deposit then b.deposit_type end,
      'amount', case when b.requires_deposit then b.deposit_amount end
    ),
    'payment', jsonb_build_object(
      'on_site', coalesce(b.payment_onsite, true),
      'online', coalesce(b.payment_online, false),
      'payment_link', b.payment_link
    ),
    'cgv', (
      select jsonb_build_object('cancellation_policy', g.cancellation_policy, 'modification_policy', g.modification_policy, 'link', g.link)
        from public.restaurant_cgv g where g.restaurant_id = r.id
    ),
    'faq', (
      select coalesce(jsonb_agg(jsonb_build_object('question', f.question, 'answer', f.answer) order by f.display_order, f.created_at), '[]'::jsonb)
        from public.restaurant_faqs f where f.restaurant_id = r.id
    ),
    'completeness', jsonb_build_object('complete', k.missing_count = 0, 'missing', k.missing)
  )
    into result
    from public.restaurants r
    left join public.restaurant_contacts c on c.restaurant_id = r.id
    left join public.restaurant_amenities a on a.restaurant_id = r.id
    left join public.restaurant_billing b on b.restaurant_id = r.id
    join public.restaurant_completeness k on k.restaurant_id = r.id
   where r.id = p_restaurant_id;

  if result is null then
    raise exception 'Restaurant non trouvé ou accès non autorisé' using errcode = '42501';
  end if;
  return result;
end
$$;
