-- The request page's calendar does not offer what the restaurant closed exceptionally (Horaires,
-- 'Fermetures exceptionnelles'; the planning's 'Fermer ce service'): public.request_form also answers
-- those closures, dates and services only. The contract refuses them anyway ('closed_date').

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
    ),
    -- The services closed exceptionally from today to the last date: their date and service, never the
    -- owner's reason (a private event is nobody else's business).
    'closures', (
      select coalesce(jsonb_agg(jsonb_build_object('date', to_char(x.closure_date, 'YYYY-MM-DD'), 'service', x.service)
                                order by x.closure_date, x.service), '[]'::jsonb)
        from public.restaurant_closures x
       where x.restaurant_id = r.id
         and x.closure_date between (now() at time zone 'Europe/Paris')::date and ((now() at time zone 'Europe/Paris')::date + interval '1 year')::date
    )
  )
    from public.restaurants r
    left join public.restaurant_contacts c on c.restaurant_id = r.id
    left join private.response_times t on t.code = coalesce(c.response_time, private.default_response_time())
    left join public.restaurant_billing b on b.restaurant_id = r.id
   where r.id = p_restaurant_id and private.request_page_open(r.id)
$$;
comment on function public.request_form(uuid) is 'What a customer may see of a restaurant on its public request page (README, "The public request page"): null unless the owner switched the page on and the profile is ready for requests. Open to anonymous callers; nothing private (no contact, billing, bank, capacity; of its exceptional closures, the dates and services only).';
revoke all on function public.request_form(uuid) from public;
grant execute on function public.request_form(uuid) to anon, authenticated, service_role;
