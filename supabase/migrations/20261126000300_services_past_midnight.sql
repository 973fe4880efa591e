-- Issue 30, item 6: a service may end after midnight (a dinner 19:00 -> 00:30), everywhere.
--
-- The rule, written once here (the hours form has its twins in sections/src/hours/slots.ts, kept
-- equal by sections/test/integration/slots.test.ts):
--   * A service ends after its start, or after midnight (`to < from`), at 06:00 at the latest: a
--     service of 14:00 -> 12:00 is two times typed the wrong way round, not a 22-hour service, and
--     a start equal to the end is no service at all. A closed service is not checked (its hours
--     are kept as they are, as the form keeps them).
--   * Arrivals are on the service's own date: from its start to 23:45, and before its end. A group
--     does not arrive after midnight: such a reservation would be filed on the wrong date (the
--     request's date is the service's) and as a lunch (restaurant_reservations.service is lunch
--     before 16:00). Until now the slots ran on past midnight; the arrival times stored there
--     (e.g. 00:15 for a dinner ending at 01:00) are removed below.

-- Whether a service of these hours is possible: ends after it starts, or after midnight by 06:00.
create function private.is_service_span(p_from time, p_to time)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_to > p_from or (p_to < p_from and p_to <= time '06:00')
$$;
comment on function private.is_service_span(time, time) is
  'Whether a service from p_from to p_to is possible: it ends after it starts, or after midnight (p_to < p_from) at 06:00 at the latest. Twin: isServiceSpan of sections/src/hours/slots.ts.';
revoke all on function private.is_service_span(time, time) from public;
grant execute on function private.is_service_span(time, time) to authenticated, service_role;

-- Restated (20261123001400): past midnight, the slots stop at 23:45 of the service's date.
create or replace function private.is_service_slot(p_time time, p_from time, p_to time)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    when p_to > p_from then p_time >= p_from and p_time < p_to
    -- Past midnight: from the start to 23:45, on the service's own date.
    else p_time >= p_from
  end
$$;
comment on function private.is_service_slot(time, time, time) is
  'Whether a group may arrive at p_time in a service from p_from to p_to: a quarter hour from the start up to, not including, the end; past midnight, up to 23:45 (arrivals are on the service''s date). Twin: isServiceSlot of sections/src/hours/slots.ts.';
revoke all on function private.is_service_slot(time, time, time) from public;
grant execute on function private.is_service_slot(time, time, time) to authenticated, service_role;

-- Restated (20261123001400): the default set: every half hour from the start until one hour before
-- the end (at least the start), and never after 23:45 (19:00 -> 02:00 gives 19:00 ... 23:30).
create or replace function private.default_arrival_times(p_from time, p_to time)
returns time[]
language sql
immutable
set search_path = ''
as $$
  with span as (
    select extract(epoch from p_from)::int as start_s,
           extract(epoch from p_to)::int
             + case when p_to <= p_from then 86400 else 0 end
             - extract(epoch from p_from)::int as length_s
  )
  select array_agg(make_interval(secs => start_s + step)::time order by step)
    from span, generate_series(0, least(greatest(length_s - 3600, 0), 86400 - 900 - start_s), 1800) as step
$$;
comment on function private.default_arrival_times(time, time) is
  'The arrival times proposed for a service: every half hour from the start until one hour before the end (at least the start), on the service''s date (23:45 at the latest). Twin: defaultArrivalTimes of sections/src/hours/slots.ts.';
revoke all on function private.default_arrival_times(time, time) from public;
grant execute on function private.default_arrival_times(time, time) to authenticated, service_role;

-- Refuses the hours of an open service that are not a possible service, naming the day and the service.
create function private.check_service_span(p_day text, p_label text, p_is_open boolean, p_from time, p_to time)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_is_open and not private.is_service_span(p_from, p_to) then
    raise exception '%, service % : l''heure de fin (%) doit être après l''heure de début (%), ou après minuit jusqu''à 06:00',
      private.day_label(p_day), p_label, to_char(p_to, 'HH24:MI'), to_char(p_from, 'HH24:MI')
      using errcode = '22023';
  end if;
end
$$;
revoke all on function private.check_service_span(text, text, boolean, time, time) from public;
grant execute on function private.check_service_span(text, text, boolean, time, time) to authenticated, service_role;

-- One open day's settings of a save_restaurant_hours payload: its two services checked, its row and
-- its arrival times (of open services) stored. Split from save_restaurant_hours (100 lines at most).
create function private.store_day_hours(p_restaurant_id uuid, p_day text, p_entry jsonb)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.check_service_span(p_day, s.label, s.is_open, s.from_time, s.to_time)
     from private.default_service_hours('lunch') lh,
          private.default_service_hours('dinner') dh,
          lateral (
            select 'midi' as label, l.is_open, l.from_time, l.to_time
              from private.parse_service(p_entry -> 'lunchService', 'midi', lh.from_time, lh.to_time) l
            union all
            select 'soir', d.is_open, d.from_time, d.to_time
              from private.parse_service(p_entry -> 'dinnerService', 'soir', dh.from_time, dh.to_time) d
          ) s;

  insert into public.restaurant_hours (
    restaurant_id, day,
    lunch_is_open, lunch_from_time, lunch_to_time, lunch_group_min, lunch_group_max,
    lunch_allow_a_la_carte, lunch_max_a_la_carte_size, lunch_partial_privatization_supplement,
    lunch_partial_privatization_min_size, lunch_partial_privatization_amount, lunch_capacity,
    dinner_is_open, dinner_from_time, dinner_to_time, dinner_group_min, dinner_group_max,
    dinner_allow_a_la_carte, dinner_max_a_la_carte_size, dinner_partial_privatization_supplement,
    dinner_partial_privatization_min_size, dinner_partial_privatization_amount, dinner_capacity)
  select
    p_restaurant_id, p_day,
    l.is_open, l.from_time, l.to_time, l.group_min, l.group_max,
    l.allow_a_la_carte, l.max_a_la_carte_size, l.privatization_supplement,
    l.privatization_min_size, l.privatization_amount, l.capacity,
    d.is_open, d.from_time, d.to_time, d.group_min, d.group_max,
    d.allow_a_la_carte, d.max_a_la_carte_size, d.privatization_supplement,
    d.privatization_min_size, d.privatization_amount, d.capacity
  from private.default_service_hours('lunch') lh,
       private.default_service_hours('dinner') dh,
       private.parse_service(p_entry -> 'lunchService', 'midi', lh.from_time, lh.to_time) l,
       private.parse_service(p_entry -> 'dinnerService', 'soir', dh.from_time, dh.to_time) d;

  insert into public.restaurant_arrival_times (restaurant_id, day, service, arrival_time)
  select distinct p_restaurant_id, p_day, s.service, private.parse_slot(a.value, s.label)
    from (values ('lunch', 'midi', p_entry -> 'lunchService'),
                 ('dinner', 'soir', p_entry -> 'dinnerService')) as s(service, label, cfg)
    cross join lateral jsonb_array_elements_text(
      case when jsonb_typeof(s.cfg -> 'arrivalTimes') = 'array' then s.cfg -> 'arrivalTimes' else '[]' end) a
   where coalesce((s.cfg ->> 'isOpen')::boolean, true)
     and nullif(a.value, '') is not null;
end
$$;
revoke all on function private.store_day_hours(uuid, text, jsonb) from public;
grant execute on function private.store_day_hours(uuid, text, jsonb) to authenticated, service_role;

-- Restated (20261121000003 and later): each day's settings go through private.store_day_hours,
-- which refuses the hours of an open service that are not a possible service.
create or replace function public.save_restaurant_hours(p_restaurant_id uuid, p_hours jsonb)
returns void
language plpgsql
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
    perform private.store_day_hours(p_restaurant_id, v_day, v_entry);
  end loop;

  -- Every arrival time lies within its service's hours (the first one outside, in week order, is named).
  foreach v_day in array v_days loop
    perform private.check_arrival_times_within_hours(p_restaurant_id, v_day);
  end loop;

  -- Open days the client sent no settings for: spec defaults.
  insert into public.restaurant_hours (restaurant_id, day)
  select p_restaurant_id, d from unnest(v_days) d where d <> all (v_seen);
end
$$;
revoke all on function public.save_restaurant_hours(uuid, jsonb) from public, anon;
grant execute on function public.save_restaurant_hours(uuid, jsonb) to authenticated, service_role;

-- Whatever writes the rows (RLS lets an owner write restaurant_hours through the table API): an open
-- service's hours are a possible service. Not validated against rows written before: a save rewrites
-- them, and the form shows what to fix.
alter table public.restaurant_hours
  add constraint restaurant_hours_lunch_span_check
    check (not lunch_is_open or private.is_service_span(lunch_from_time, lunch_to_time)) not valid,
  add constraint restaurant_hours_dinner_span_check
    check (not dinner_is_open or private.is_service_span(dinner_from_time, dinner_to_time)) not valid;

-- Arrival times stored after midnight under the former rule: no longer slots of their service.
delete from public.restaurant_arrival_times t
 using public.restaurant_hours h
 where h.restaurant_id = t.restaurant_id and h.day = t.day
   and not private.is_service_slot(t.arrival_time,
         case t.service when 'lunch' then h.lunch_from_time else h.dinner_from_time end,
         case t.service when 'lunch' then h.lunch_to_time else h.dinner_to_time end);

-- Restated (20261123001200): outside the hours is not a slot of the service (private.is_service_slot),
-- so that 23:30 in a dinner 19:00 -> 00:30 is within them (`between` called every arrival of a service
-- ending after midnight outside).
create or replace function public.reservation_acceptance_check(p_restaurant_id uuid, p_numero text)
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
  outside_hours boolean
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
         coalesce(not private.is_service_slot(r.arrival_time, hours.from_time, hours.to_time), false)
    from public.restaurant_reservations r
   cross join lateral public.reservation_planning(r.restaurant_id, r.reservation_date, r.reservation_date) p
    left join lateral (
      select case r.service when 'lunch' then h.lunch_from_time else h.dinner_from_time end as from_time,
             case r.service when 'lunch' then h.lunch_to_time else h.dinner_to_time end as to_time
        from public.restaurant_hours h
       where h.restaurant_id = r.restaurant_id and h.day = lower(to_char(r.reservation_date, 'FMDay'))
    ) hours on true
   where r.restaurant_id = p_restaurant_id and r.numero_reservation_restaurateur = p_numero and p.service = r.service
$$;
revoke all on function public.reservation_acceptance_check(uuid, text) from public, anon;
grant execute on function public.reservation_acceptance_check(uuid, text) to authenticated, service_role;
