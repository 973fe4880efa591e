-- The assistant's knowledge, version 2: the ids of the menus and options, which a request names
-- (public.submit_group_request's menu_id and options[].option_id). Version 1's fields are unchanged.

CREATE OR REPLACE FUNCTION private.assistant_menus(p_restaurant_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', m.id,
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
GRANT EXECUTE ON FUNCTION private.assistant_menus(uuid) TO authenticated;
GRANT EXECUTE ON FUNCTION private.assistant_menus(uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.assistant_knowledge(p_restaurant_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $$
declare
  result jsonb;
begin
  select jsonb_build_object(
    'version', 2,
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
      'response_time', t.code,
      'response_time_label', t.label
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
      select coalesce(jsonb_agg(jsonb_build_object('id', o.id, 'title', o.title, 'price', o.price, 'price_type', o.price_type)
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
    left join private.response_times t on t.code = coalesce(c.response_time, private.default_response_time())
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
GRANT EXECUTE ON FUNCTION public.assistant_knowledge(uuid) TO authenticated;
GRANT EXECUTE ON FUNCTION public.assistant_knowledge(uuid) TO service_role;
