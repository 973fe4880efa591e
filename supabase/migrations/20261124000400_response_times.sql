-- Response times, once: the codes the restaurant promises (Informations), their French labels, the
-- delay each promises and the default, in one table that SQL reads (the late requests' deadline, the
-- save's check, the assistant's knowledge) and that the app's RESPONSE_TIME_OPTIONS and
-- DEFAULT_RESPONSE_TIME mirror (shared/test/integration/profile-rules.test.ts checks they agree).
-- In `private`, as private.reservation_statuses: a constant of the schema, not data of the API.

create table private.response_times (
  code text primary key,
  label text not null constraint response_times_label_key unique,
  -- How long a request may wait for an answer: past it, a pending request is late.
  delay interval not null,
  -- The order of the Informations screen's choices.
  position smallint not null constraint response_times_position_key unique,
  is_default boolean not null default false
);
-- One default at most (the rows below give exactly one).
create unique index response_times_one_default_idx on private.response_times (is_default) where is_default;
comment on table private.response_times is
  'The response times a restaurant may promise (restaurant_contacts.response_time): label, delay, the default.';

insert into private.response_times (code, label, delay, position, is_default) values
  ('fast', '1-2h', interval '2 hours', 1, false),
  ('medium', 'Sous 6h', interval '6 hours', 2, true),
  ('slow', 'Sous 24h', interval '24 hours', 3, false);

revoke all on table private.response_times from public, anon, authenticated;
-- Read under the caller's rights by the save and the assistant's knowledge.
grant select on table private.response_times to authenticated, service_role;

-- The response time of a restaurant that has not chosen one.
create function private.default_response_time()
returns text
language sql
stable
set search_path = ''
as $$
  select t.code from private.response_times t where t.is_default
$$;
revoke all on function private.default_response_time() from public;
grant execute on function private.default_response_time() to authenticated, service_role;

-- The column keeps its closed list (restaurant_contacts_response_time_check, the codes above: the
-- test checks it) and takes its default from the table.
alter table public.restaurant_contacts alter column response_time set default private.default_response_time();

-- As in 20261123001100_answered_on_time.sql, from the table: the promise of a response time; a
-- restaurant without one (no contact row) promises the default's.
create or replace function private.response_delay(p_response_time text)
returns interval
language sql
stable
parallel safe
set search_path = ''
as $$
  select coalesce((select t.delay from private.response_times t where t.code = p_response_time),
                  (select t.delay from private.response_times t where t.is_default))
$$;

-- As in 20261121000003_functions.sql, the response time checked against the table.
-- p_information (spec §3 `information`, plus url):
--   { name, address, description, url, firstMessage?,
--     amenities: { groundFloor, accessibleToDisabled, parking, airConditioning, wifi, valetParking },
--     contact:   { email, whatsapp, responseTime: 'fast'|'medium'|'slow' } }
-- Keys that are absent keep their stored value; `amenities` / `contact`, when
-- present, are saved whole (missing booleans = false, responseTime = the default response time).

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
    v_response_time := coalesce(nullif(c ->> 'responseTime', ''), private.default_response_time());
    if not exists (select 1 from private.response_times t where t.code = v_response_time) then
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

-- As in 20261124000200_assistant_knowledge_parts.sql, the response time's label from the table.
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
