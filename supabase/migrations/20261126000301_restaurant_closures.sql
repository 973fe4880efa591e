-- Issue 30, item 5: closing a date (Christmas, a private event, holidays). An exceptional closure
-- is one service (lunch or dinner) of one date, with an optional reason; closing a whole day is
-- its two services. Owners edit them on Horaires ('Fermetures exceptionnelles') and from a planning
-- cell ('Fermer ce service' / 'Rouvrir'). A closed service refuses new requests (private.request_slot:
-- 'closed_date'), the acceptance check says so, and the assistant knows the upcoming ones. The
-- reservations already made for that service stay as they are: the owner decides about each one.

create table public.restaurant_closures (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null references public.restaurants (id) on delete cascade,
  closure_date date not null,
  service text not null constraint restaurant_closures_service_check check (service in ('lunch', 'dinner')),
  reason text constraint restaurant_closures_reason_max_200 check (char_length(reason) <= 200),
  created_at timestamptz not null default now(),
  constraint restaurant_closures_restaurant_date_service_key unique (restaurant_id, closure_date, service)
);
comment on table public.restaurant_closures is
  'Exceptional closures: one row per restaurant, date and service (lunch, dinner) closed, with the owner''s optional reason. A closed service takes no new request (private.request_slot).';

alter table public.restaurant_closures enable row level security;
revoke all on public.restaurant_closures from anon, authenticated, service_role;
grant select, insert, update, delete on public.restaurant_closures to authenticated;
grant select, insert, update, delete on public.restaurant_closures to service_role;

create policy "Owners read" on public.restaurant_closures for select to authenticated
  using (restaurant_id in (select r.id from public.restaurants r where r.user_id = (select auth.uid())));
create policy "Owners insert" on public.restaurant_closures for insert to authenticated
  with check (restaurant_id in (select r.id from public.restaurants r where r.user_id = (select auth.uid())));
create policy "Owners update" on public.restaurant_closures for update to authenticated
  using (restaurant_id in (select r.id from public.restaurants r where r.user_id = (select auth.uid())))
  with check (restaurant_id in (select r.id from public.restaurants r where r.user_id = (select auth.uid())));
create policy "Owners delete" on public.restaurant_closures for delete to authenticated
  using (restaurant_id in (select r.id from public.restaurants r where r.user_id = (select auth.uid())));

-- 'jeudi 25 décembre 2026': a date in French, whatever the server's locale.
create function private.french_date(p_date date)
returns text
language sql
immutable
set search_path = ''
as $$
  select lower(private.day_label(lower(to_char(p_date, 'FMDay')))) || ' ' || extract(day from p_date)::int
         || case when extract(day from p_date) = 1 then 'er' else '' end || ' '
         || (array['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre',
                   'novembre', 'décembre'])[extract(month from p_date)::int]
         || ' ' || extract(year from p_date)::int
$$;
-- Like the other checks of a request, run inside submit_group_request only.
revoke all on function private.french_date(date) from public;

-- Why a service of a date takes no request, in French, or null when it is not closed that day:
-- 'Le restaurant est fermé le jeudi 25 décembre 2026 au dîner (Noël).', or 'au déjeuner comme au
-- dîner' when the whole day is closed.
create function private.closed_date_message(p_restaurant_id uuid, p_date date, p_service text)
returns text
language sql
stable
set search_path = ''
as $$
  select 'Le restaurant est fermé le ' || private.french_date(p_date)
         || case when count(*) = 2 then ', au déjeuner comme au dîner'
                 else ' au ' || private.service_label(min(c.service)) end
         || coalesce(' (' || string_agg(distinct c.reason, ', ') || ')', '') || '.'
    from public.restaurant_closures c
   where c.restaurant_id = p_restaurant_id and c.closure_date = p_date
  having bool_or(p_service is null or c.service = p_service)
$$;
revoke all on function private.closed_date_message(uuid, date, text) from public;

-- Closes services of a date (one transaction): 'services' is ['lunch'], ['dinner'] or both; closing
-- one already closed updates its reason. Bad input: a French message, nothing changed.
create function public.close_services(p_restaurant_id uuid, p_date date, p_services text[], p_reason text default null)
returns setof public.restaurant_closures
language plpgsql
set search_path = ''
as $$
declare
  v_reason text := nullif(btrim(p_reason), '');
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
  if p_date is null then
    raise exception 'Choisissez la date à fermer' using errcode = '22023';
  end if;
  if p_date < (now() at time zone 'Europe/Paris')::date then
    raise exception 'Cette date est déjà passée : choisissez une date à venir' using errcode = '22023';
  end if;
  if coalesce(cardinality(p_services), 0) = 0 or not p_services <@ array['lunch', 'dinner'] then
    raise exception 'Choisissez le service à fermer : midi, soir ou les deux' using errcode = '22023';
  end if;
  if char_length(v_reason) > 200 then
    raise exception 'Le motif ne doit pas dépasser 200 caractères' using errcode = '22023';
  end if;
  return query
  insert into public.restaurant_closures as c (restaurant_id, closure_date, service, reason)
  select p_restaurant_id, p_date, s, v_reason from (select distinct unnest(p_services) as s) x
  on conflict (restaurant_id, closure_date, service) do update set reason = excluded.reason
  returning c.*;
end
$$;
revoke all on function public.close_services(uuid, date, text[], text) from public, anon;
grant execute on function public.close_services(uuid, date, text[], text) to authenticated, service_role;

-- Restated (20261125000100): a service closed that date refuses the request ('closed_date', on
-- `date`); the arrival times offered when the time is not one leave out the closed services.
create or replace function private.request_slot(p_restaurant_id uuid, p_date text, p_time text, out service text, out group_min integer, out group_max integer)
returns record
language plpgsql
stable
set search_path = ''
as $$
declare
  v_today date := (now() at time zone 'Europe/Paris')::date;
  v_date date;
  v_time time;
  v_day text;
  v_hours public.restaurant_hours;
  v_open boolean;
  v_times text;
  v_closed text;
begin
  begin
    v_date := case when p_date ~ '^\d{4}-\d{2}-\d{2}$' then p_date::date end;
  exception when others then
    v_date := null;
  end;
  if v_date is null then
    perform private.refuse_request(422, 'invalid_date', 'date', 'La date doit être une date réelle au format AAAA-MM-JJ.');
  end if;
  if p_time is null or p_time !~ '^([01]\d|2[0-3]):[0-5]\d$' then
    perform private.refuse_request(422, 'invalid_arrival_time', 'arrival_time', 'L''heure d''arrivée doit être au format HH:MM.');
  end if;
  v_time := p_time::time;
  if v_date < v_today or (v_date = v_today and v_time <= (now() at time zone 'Europe/Paris')::time) then
    perform private.refuse_request(422, 'date_in_past', 'date', 'Cette date est déjà passée : choisissez une date à venir.');
  end if;
  if v_date > v_today + interval '1 year' then
    perform private.refuse_request(422, 'date_too_far', 'date', 'Le restaurant ne prend pas de demandes à plus d''un an.');
  end if;

  v_day := lower(to_char(v_date, 'FMDay'));
  select h.* into v_hours from public.restaurant_hours h where h.restaurant_id = p_restaurant_id and h.day = v_day;
  if v_hours.id is null or not exists (select 1 from public.restaurants r where r.id = p_restaurant_id and v_day = any (r.days_open)) then
    perform private.refuse_request(422, 'closed_day', 'date', 'Le restaurant est fermé le ' || lower(private.day_label(v_day)) || '.');
  end if;

  select t.service into service from public.restaurant_arrival_times t
   where t.restaurant_id = p_restaurant_id and t.day = v_day and t.arrival_time = v_time;
  v_open := case service when 'lunch' then v_hours.lunch_is_open when 'dinner' then v_hours.dinner_is_open end;
  if service is not null and not v_open then
    perform private.refuse_request(422, 'closed_service', 'arrival_time',
      'Le restaurant ne sert pas le ' || private.service_label(service) || ' le ' || lower(private.day_label(v_day)) || '.');
  end if;
  -- An exceptional closure of that service (or, for a time that is none, of every open service that day).
  v_closed := private.closed_date_message(p_restaurant_id, v_date, service);
  if v_closed is not null and (service is not null or not exists (
       select 1 from (values ('lunch', v_hours.lunch_is_open), ('dinner', v_hours.dinner_is_open)) s(service, is_open)
        where s.is_open and not exists (select 1 from public.restaurant_closures c
                                         where c.restaurant_id = p_restaurant_id and c.closure_date = v_date and c.service = s.service))) then
    perform private.refuse_request(422, 'closed_date', 'date', v_closed);
  end if;
  if service is null then
    select string_agg(to_char(t.arrival_time, 'HH24:MI'), ', ' order by t.arrival_time) into v_times
      from public.restaurant_arrival_times t
     where t.restaurant_id = p_restaurant_id and t.day = v_day
       and case t.service when 'lunch' then v_hours.lunch_is_open else v_hours.dinner_is_open end
       and not exists (select 1 from public.restaurant_closures c
                        where c.restaurant_id = p_restaurant_id and c.closure_date = v_date and c.service = t.service);
    perform private.refuse_request(422, 'arrival_time_unavailable', 'arrival_time',
      'Le restaurant n''accueille pas de groupe à ' || to_char(v_time, 'HH24:MI') || ' le ' || lower(private.day_label(v_day))
      || coalesce('. Heures d''arrivée possibles : ' || v_times || '.', '.'));
  end if;
  group_min := case service when 'lunch' then v_hours.lunch_group_min else v_hours.dinner_group_min end;
  group_max := case service when 'lunch' then v_hours.lunch_group_max else v_hours.dinner_group_max end;
end
$$;

-- Restated (20261126000300) with two more columns: whether the service is closed that date
-- (restaurant_closures) and the reason given. Dropped first: its columns change.
drop function public.reservation_acceptance_check(uuid, text);
create function public.reservation_acceptance_check(p_restaurant_id uuid, p_numero text)
returns table (
  day date,
  service text,
  is_open boolean,
  capacity int,
  confirmed_covers int,
  covers int,
  covers_after int,
  arrival_time time,
  from_time time,
  to_time time,
  outside_hours boolean,
  closed boolean,
  closure_reason text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select r.reservation_date, r.service, p.is_open, p.capacity, p.confirmed_covers,
         r.number_people + coalesce(r.children, 0),
         -- Accepted or paid already: it is among the confirmed covers.
         p.confirmed_covers + case when r.is_accepted then 0 else r.number_people + coalesce(r.children, 0) end,
         r.arrival_time, hours.from_time, hours.to_time,
         coalesce(not private.is_service_slot(r.arrival_time, hours.from_time, hours.to_time), false),
         closure.id is not null, closure.reason
    from public.restaurant_reservations r
   cross join lateral public.reservation_planning(r.restaurant_id, r.reservation_date, r.reservation_date) p
    left join lateral (
      select case r.service when 'lunch' then h.lunch_from_time else h.dinner_from_time end as from_time,
             case r.service when 'lunch' then h.lunch_to_time else h.dinner_to_time end as to_time
        from public.restaurant_hours h
       where h.restaurant_id = r.restaurant_id and h.day = lower(to_char(r.reservation_date, 'FMDay'))
    ) hours on true
    left join public.restaurant_closures closure
      on closure.restaurant_id = r.restaurant_id and closure.closure_date = r.reservation_date and closure.service = r.service
   where r.restaurant_id = p_restaurant_id and r.numero_reservation_restaurateur = p_numero and p.service = r.service
$$;
comment on function public.reservation_acceptance_check(uuid, text) is
  'What accepting a reservation does to its service that day: covers against capacity, closed (weekly: is_open; exceptionally: closed, closure_reason), arrival outside the hours. Read by the app before accepting and by the reservation service (@tablee/domain acceptanceWarnings).';
revoke all on function public.reservation_acceptance_check(uuid, text) from public, anon;
grant execute on function public.reservation_acceptance_check(uuid, text) to authenticated, service_role;

-- The upcoming closures the assistant tells a group about: from today (Paris) to a year ahead (the
-- requests' horizon), one entry per date with its closed services and reasons.
create function private.assistant_closures(p_restaurant_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('date', x.closure_date, 'services', x.services, 'reason', x.reason) order by x.closure_date), '[]'::jsonb)
    from (
      select c.closure_date,
             jsonb_agg(c.service order by c.service = 'dinner') as services,
             string_agg(distinct c.reason, ', ') as reason
        from public.restaurant_closures c
       where c.restaurant_id = p_restaurant_id
         and c.closure_date between (now() at time zone 'Europe/Paris')::date and (now() at time zone 'Europe/Paris')::date + interval '1 year'
       group by c.closure_date
    ) x
$$;
revoke all on function private.assistant_closures(uuid) from public;
grant execute on function private.assistant_closures(uuid) to authenticated, service_role;

-- Restated (20261125000200): adds 'closures' (a new field: the version stays 2).
create or replace function public.assistant_knowledge(p_restaurant_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
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
    'closures', private.assistant_closures(r.id),
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
revoke all on function public.assistant_knowledge(uuid) from public, anon;
grant execute on function public.assistant_knowledge(uuid) to authenticated, service_role;
