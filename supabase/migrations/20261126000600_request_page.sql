-- Issue 31, the restaurant's public group request page (/demande/{restaurantId}, mfe-public-links):
--   1. The owner switches it on ('Votre assistant', 'Demandes en ligne'): public.restaurant_request_pages,
--      written only through public.set_request_page (its owner). Off by default (no row).
--   2. What a customer may see of the restaurant, for the page's form: public.request_form, the one
--      function of the API that anonymous callers may run. It answers only for a restaurant whose page
--      is on and whose profile is ready for requests (submit_group_request's rule for
--      'restaurant_not_ready'), and never the contact e-mail, WhatsApp, billing, bank or capacities.
-- The request itself goes through the reservation service's public path (no key, source 'web') and
-- public.submit_group_request, the one way in.

-- ---------------------------------------------------------------- 1. the switch

create table public.restaurant_request_pages (
  restaurant_id uuid primary key references public.restaurants (id) on delete cascade,
  enabled boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);
comment on table public.restaurant_request_pages is
  'Whether the restaurant''s public request page (/demande/{restaurantId}) takes requests: switched by its owner (set_request_page); no row means off.';

alter table public.restaurant_request_pages enable row level security;
-- Supabase's default privileges gave every API role everything on the new table: owners only read,
-- and write through set_request_page.
revoke all on public.restaurant_request_pages from anon, authenticated, service_role;
grant select on public.restaurant_request_pages to authenticated, service_role;
create policy "Owners read their restaurants' request page" on public.restaurant_request_pages for select to authenticated
  using (restaurant_id in (select r.id from public.restaurants r where r.user_id = (select auth.uid())));

create or replace function public.set_request_page(p_restaurant_id uuid, p_enabled boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
  if p_enabled is null then
    raise exception 'Indiquez si la page de demande est ouverte ou fermée.' using errcode = '22023';
  end if;
  insert into public.restaurant_request_pages as p (restaurant_id, enabled, updated_at, updated_by)
  values (p_restaurant_id, p_enabled, now(), auth.uid())
  on conflict (restaurant_id) do update set enabled = excluded.enabled, updated_at = excluded.updated_at, updated_by = excluded.updated_by;
  return p_enabled;
end
$$;
comment on function public.set_request_page(uuid, boolean) is 'Switches the restaurant''s public request page on or off (its owner only).';
revoke all on function public.set_request_page(uuid, boolean) from public, anon;
grant execute on function public.set_request_page(uuid, boolean) to authenticated;

-- The page takes requests: switched on, and the restaurant ready for requests, as submit_group_request
-- decides 'restaurant_not_ready' (onboarding finished, nothing missing in restaurant_completeness).
create or replace function private.request_page_open(p_restaurant_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.restaurants r
      join public.restaurant_request_pages p on p.restaurant_id = r.id and p.enabled
      join public.restaurant_completeness k on k.restaurant_id = r.id
     where r.id = p_restaurant_id and r.onboarding_finished_at is not null and k.missing_count = 0)
$$;
revoke all on function private.request_page_open(uuid) from public;
grant execute on function private.request_page_open(uuid) to service_role;

-- For the reservation service's public path (service role): may this restaurant be asked from its page?
create or replace function public.request_page_open(p_restaurant_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$ select private.request_page_open(p_restaurant_id) $$;
comment on function public.request_page_open(uuid) is 'Whether the restaurant''s public request page takes requests (switched on and profile ready): the reservation service checks it before a request without a key.';
revoke all on function public.request_page_open(uuid) from public, anon, authenticated;
grant execute on function public.request_page_open(uuid) to service_role;

-- ---------------------------------------------------------------- 2. what the page shows

-- The open days, Monday first, with their open services: hours, arrival times, group sizes (no
-- capacity, à la carte or privatisation terms: the owner's, not the customer's).
create or replace function private.request_form_days(p_restaurant_id uuid, p_days_open text[])
returns jsonb
language sql
stable
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
                      'group_size', jsonb_build_object('min', s.group_min, 'max', s.group_max)
                    ) order by s.position), '[]'::jsonb)
               from (values
                 (1, 'lunch', h.lunch_is_open, h.lunch_from_time, h.lunch_to_time, h.lunch_group_min, h.lunch_group_max),
                 (2, 'dinner', h.dinner_is_open, h.dinner_from_time, h.dinner_to_time, h.dinner_group_min, h.dinner_group_max)
               ) s(position, service, is_open, from_time, to_time, group_min, group_max)
              where s.is_open)
           end
         ) order by d.position), '[]'::jsonb)
    from unnest(array['monday','tuesday','wednesday','thursday','friday','saturday','sunday']) with ordinality d(day, position)
    left join public.restaurant_hours h on h.restaurant_id = p_restaurant_id and h.day = d.day
$$;
revoke all on function private.request_form_days(uuid, text[]) from public;

-- The menus in the owner's order, the children's menu last, with what they hold.
create or replace function private.request_form_menus(p_restaurant_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
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
revoke all on function private.request_form_menus(uuid) from public;

-- Security definer so that anonymous callers read through it only what it returns, of one restaurant
-- whose page is open; every field is named (no to_jsonb of a row: a new column never leaks).
create or replace function public.request_form(p_restaurant_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'version', 1,
    'restaurant', jsonb_build_object(
      'id', r.id,
      'name', r.name,
      'address', r.address,
      'description', r.description,
      'photo', (select jsonb_build_object('url', ph.url, 'alt_text', ph.alt_text)
                  from public.restaurant_photos ph where ph.restaurant_id = r.id
                 order by ph.display_order, ph.created_at limit 1)
    ),
    'response_time', jsonb_build_object('code', t.code, 'label', t.label),
    'today', to_char((now() at time zone 'Europe/Paris')::date, 'YYYY-MM-DD'),
    'last_date', to_char((now() at time zone 'Europe/Paris')::date + interval '1 year', 'YYYY-MM-DD'),
    'days', private.request_form_days(r.id, r.days_open),
    'menus', private.request_form_menus(r.id),
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
    'cgv', (
      select jsonb_build_object('cancellation_policy', g.cancellation_policy, 'modification_policy', g.modification_policy, 'link', g.link)
        from public.restaurant_cgv g where g.restaurant_id = r.id
    )
  )
    from public.restaurants r
    left join public.restaurant_contacts c on c.restaurant_id = r.id
    left join private.response_times t on t.code = coalesce(c.response_time, private.default_response_time())
    left join public.restaurant_billing b on b.restaurant_id = r.id
   where r.id = p_restaurant_id and private.request_page_open(r.id)
$$;
comment on function public.request_form(uuid) is 'What a customer may see of a restaurant on its public request page (README, "The public request page"): null unless the owner switched the page on and the profile is ready for requests. Open to anonymous callers; nothing private (no contact, billing, bank, capacity).';
revoke all on function public.request_form(uuid) from public;
grant execute on function public.request_form(uuid) to anon, authenticated, service_role;
