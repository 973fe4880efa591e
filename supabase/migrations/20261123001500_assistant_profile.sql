-- Issue 18, a profile the assistant can rely on.
--   1. Stored as shown: a new restaurant gets, at creation, the rows its screens would otherwise
--      only show: hours for its open days with a default set of arrival times, contact
--      (response time 'Sous 6h'), amenities (none) and billing (France, remaining payment on site).
--   2. Complete before going live: public.restaurant_completeness, the one list of what is
--      missing, read by the onboarding, the dashboard, 'Votre assistant' and the chatbot.
--   3. An onboarding is finished once the owner says so (restaurants.onboarding_finished_at).
--   4. The assistant's knowledge: public.assistant_knowledge, one versioned JSON document.

-- ---------------------------------------------------------------- 3. onboarding state

-- Null while the onboarding wizard has not been finished: the wizard's 'Démarrer' creates the
-- restaurant with null; a restaurant created any other way is not in an onboarding.
alter table public.restaurants
  add column onboarding_finished_at timestamptz default now();
comment on column public.restaurants.onboarding_finished_at is
  'When the owner finished the onboarding wizard; null while it is unfinished (the dashboard resumes it).';

-- ---------------------------------------------------------------- 1. defaults at creation

-- Security definer: the rows belong to the new restaurant whoever inserts it (an owner, the
-- service role, a seed), and they must exist before the inserting statement returns.
create function private.store_restaurant_defaults()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Every column default of restaurant_hours is the spec's default service (§3, §9).
  insert into public.restaurant_hours (restaurant_id, day)
  select new.id, d from unnest(new.days_open) d;

  insert into public.restaurant_arrival_times (restaurant_id, day, service, arrival_time)
  select new.id, h.day, s.service, a
    from public.restaurant_hours h
   cross join lateral (values
     ('lunch', h.lunch_is_open, h.lunch_from_time, h.lunch_to_time),
     ('dinner', h.dinner_is_open, h.dinner_from_time, h.dinner_to_time)
   ) s(service, is_open, from_time, to_time)
   cross join lateral unnest(private.default_arrival_times(s.from_time, s.to_time)) a
   where h.restaurant_id = new.id and s.is_open;

  insert into public.restaurant_contacts (restaurant_id) values (new.id);
  insert into public.restaurant_amenities (restaurant_id) values (new.id);
  insert into public.restaurant_billing (restaurant_id) values (new.id);
  return null;
end
$$;
revoke all on function private.store_restaurant_defaults() from public;

create trigger restaurants_store_defaults
  after insert on public.restaurants
  for each row execute function private.store_restaurant_defaults();

-- ---------------------------------------------------------------- 2. completeness

-- What the assistant needs to answer a group, in the order of the onboarding's steps (then the
-- CGV tab, which the onboarding does not have). `section` is the tab (and step) that fixes it.
-- The required fields are spec §5's; the rest is what a group's questions need: an open service
-- with arrival times, a menu with a price, the cancellation and modification policies.
create view public.restaurant_completeness
with (security_invoker = true)
as
select r.id as restaurant_id,
       count(m.item)::int as missing_count,
       coalesce(
         jsonb_agg(jsonb_build_object('item', m.item, 'section', m.section, 'label', m.label) order by m.position)
           filter (where m.item is not null),
         '[]'::jsonb
       ) as missing
  from public.restaurants r
  left join public.restaurant_contacts c on c.restaurant_id = r.id
  left join public.restaurant_billing b on b.restaurant_id = r.id
  left join lateral (
    select v.position, v.item, v.section, v.label
      from (values
        (1, 'name', 'information', 'Nom du restaurant',
           btrim(r.name) = ''),
        (2, 'address', 'information', 'Adresse du restaurant',
           btrim(r.address) = ''),
        (3, 'contact_email', 'information', 'Email de contact',
           coalesce(btrim(c.email), '') = ''),
        (4, 'whatsapp', 'information', 'Numéro WhatsApp',
           coalesce(btrim(c.whatsapp), '') = ''),
        (5, 'service', 'hours', 'Au moins un service ouvert avec des heures d''arrivée',
           not exists (
             select 1
               from public.restaurant_arrival_times t
               join public.restaurant_hours h on h.restaurant_id = t.restaurant_id and h.day = t.day
              where t.restaurant_id = r.id
                and t.day = any (r.days_open)
                and case t.service when 'lunch' then h.lunch_is_open else h.dinner_is_open end)),
        (6, 'menu', 'menus', 'Au moins un menu avec un prix',
           not exists (
             select 1 from public.restaurant_menus m
              where m.restaurant_id = r.id and not m.is_children_menu and m.price_per_person > 0)),
        (7, 'legal', 'billing', 'Informations légales (raison sociale, forme juridique, SIRET, RCS, TVA)',
           '' in (coalesce(btrim(b.company_name), ''), coalesce(btrim(b.legal_form), ''), coalesce(btrim(b.siret_number), ''),
                  coalesce(btrim(b.rcs_city), ''), coalesce(btrim(b.vat_number), ''))),
        (8, 'headquarters', 'billing', 'Adresse du siège',
           '' in (coalesce(btrim(b.address), ''), coalesce(btrim(b.postal_code), ''), coalesce(btrim(b.city), ''),
                  coalesce(btrim(b.country), ''))),
        (9, 'bank', 'billing', 'Coordonnées bancaires (IBAN, BIC)',
           '' in (coalesce(btrim(b.iban), ''), coalesce(btrim(b.bic), ''))),
        (10, 'billing_contact', 'billing', 'Contact de facturation',
           '' in (coalesce(btrim(b.contact_name), ''), coalesce(btrim(b.contact_email), ''), coalesce(btrim(b.contact_phone), ''))),
        (11, 'cgv', 'cgv', 'Conditions d''annulation et de modification (CGV)',
           not exists (select 1 from public.restaurant_cgv g where g.restaurant_id = r.id))
      ) v(position, item, section, label, is_missing)
     where v.is_missing
  ) m on true
 group by r.id;

comment on view public.restaurant_completeness is
  'What a restaurant''s profile still lacks for its assistant: missing = [{item, section, label}] in the onboarding''s order.';
revoke all on public.restaurant_completeness from anon;
revoke insert, update, delete, truncate, references, trigger on public.restaurant_completeness from authenticated;
grant select on public.restaurant_completeness to authenticated, service_role;

-- ---------------------------------------------------------------- 4. the assistant's knowledge

-- The first message the assistant says when the owner has not written one.
create function private.default_first_message(p_name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'Bonjour et bienvenue'
         || case when btrim(coalesce(p_name, '')) = '' then '' else ' chez ' || btrim(p_name) end
         || ' ! Je suis l''assistant du restaurant : je réponds à vos questions et j''organise la réservation de votre groupe. '
         || 'Pour quelle date et combien de personnes souhaitez-vous réserver ?'
$$;
revoke all on function private.default_first_message(text) from public;
grant execute on function private.default_first_message(text) to authenticated, service_role;

-- The whole profile as the chatbot reads it, in one call (documented in the README, 'The
-- assistant's knowledge'). Under the caller's rights: the chatbot calls it with the service role,
-- an owner reads their own restaurant, anyone else is told the restaurant is not found.
-- `version` changes whenever a field is removed or changes meaning; added fields keep it.
create function public.assistant_knowledge(p_restaurant_id uuid)
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
    'days', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'day', d.day,
               'is_open', h.id is not null and d.day = any (r.days_open),
               'services', case when h.id is null or not d.day = any (r.days_open) then '[]'::jsonb else (
                 select coalesce(jsonb_agg(jsonb_build_object(
                          'service', s.service,
                          'from', to_char(s.from_time, 'HH24:MI'),
                          'to', to_char(s.to_time, 'HH24:MI'),
                          'arrival_times', (
                            select coalesce(jsonb_agg(to_char(t.arrival_time, 'HH24:MI') order by t.arrival_time), '[]'::jsonb)
                              from public.restaurant_arrival_times t
                             where t.restaurant_id = r.id and t.day = d.day and t.service = s.service),
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
        left join public.restaurant_hours h on h.restaurant_id = r.id and h.day = d.day
    ),
    'menus', (
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
        from public.restaurant_menus m where m.restaurant_id = r.id
    ),
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
revoke all on function public.assistant_knowledge(uuid) from public, anon;
grant execute on function public.assistant_knowledge(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------- the onboarding's start

-- 'Démarrer': a restaurant in its onboarding, stored with the onboarding step's own defaults
-- (spec §3: all seven days; §5: its group minimum starts at 10), in one transaction. An onboarding
-- of the caller's that was started and left before anything was typed in it is resumed instead,
-- so that clicking 'Démarrer' again does not pile up empty restaurants.
create function public.start_restaurant_onboarding()
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  new_id uuid;
begin
  select r.id into new_id
    from public.restaurants r
   where r.user_id = auth.uid()
     and r.onboarding_finished_at is null
     and btrim(r.name) = '' and btrim(r.address) = '' and btrim(r.description) = ''
     and not exists (select 1 from public.restaurant_contacts c
                      where c.restaurant_id = r.id and (coalesce(btrim(c.email), '') <> '' or coalesce(btrim(c.whatsapp), '') <> ''))
     and not exists (select 1 from public.restaurant_photos p where p.restaurant_id = r.id)
     and not exists (select 1 from public.restaurant_menus m where m.restaurant_id = r.id)
     and not exists (select 1 from public.restaurant_options o where o.restaurant_id = r.id)
   order by r.created_at desc
   limit 1;
  if found then
    return new_id;
  end if;

  insert into public.restaurants (days_open, onboarding_finished_at)
  values ('{monday,tuesday,wednesday,thursday,friday,saturday,sunday}', null)
  returning id into new_id;
  update public.restaurant_hours
     set lunch_group_min = 10, dinner_group_min = 10
   where restaurant_id = new_id;
  return new_id;
end
$$;
revoke all on function public.start_restaurant_onboarding() from public, anon;
grant execute on function public.start_restaurant_onboarding() to authenticated;
