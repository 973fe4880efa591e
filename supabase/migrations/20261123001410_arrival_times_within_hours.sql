-- Issue 18, consistent rules: an arrival time belongs to its service's own hours. The hours form
-- offers only those slots (sections/src/hours/slots.ts, the twin of private.is_service_slot); the save
-- refuses any other, naming the day, the service and the time. Same function as in
-- 20261123000900_service_capacity.sql, with the check after the rows are written: it reads them back
-- (the hours as parsed, the arrival times as stored) and raises, which undoes the whole save.

create function private.day_label(p_day text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_day
    when 'monday' then 'Lundi' when 'tuesday' then 'Mardi' when 'wednesday' then 'Mercredi'
    when 'thursday' then 'Jeudi' when 'friday' then 'Vendredi' when 'saturday' then 'Samedi'
    when 'sunday' then 'Dimanche' else p_day end
$$;
revoke all on function private.day_label(text) from public;
grant execute on function private.day_label(text) to authenticated, service_role;

-- The first arrival time of that restaurant's day outside its open service's hours, if any.
create function private.check_arrival_times_within_hours(p_restaurant_id uuid, p_day text)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  v_outside record;
begin
  select t.service, t.arrival_time, x.from_time, x.to_time
    into v_outside
    from public.restaurant_arrival_times t
    join public.restaurant_hours h on h.restaurant_id = t.restaurant_id and h.day = t.day
    cross join lateral (
      select case t.service when 'lunch' then h.lunch_from_time else h.dinner_from_time end as from_time,
             case t.service when 'lunch' then h.lunch_to_time else h.dinner_to_time end as to_time
    ) x
   where t.restaurant_id = p_restaurant_id and t.day = p_day
     and not private.is_service_slot(t.arrival_time, x.from_time, x.to_time)
   order by t.service desc, t.arrival_time
   limit 1;
  if found then
    raise exception '%, service % : l''heure d''arrivée % est en dehors des horaires du service (% – %)',
      private.day_label(p_day), case v_outside.service when 'lunch' then 'midi' else 'soir' end,
      to_char(v_outside.arrival_time, 'HH24:MI'), to_char(v_outside.from_time, 'HH24:MI'), to_char(v_outside.to_time, 'HH24:MI')
      using errcode = '22023';
  end if;
end
$$;
revoke all on function private.check_arrival_times_within_hours(uuid, text) from public;
grant execute on function private.check_arrival_times_within_hours(uuid, text) to authenticated, service_role;

create or replace function public.save_restaurant_hours(p_restaurant_id uuid, p_hours jsonb)
returns void
language plpgsql
security invoker
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

    insert into public.restaurant_hours (
      restaurant_id, day,
      lunch_is_open, lunch_from_time, lunch_to_time, lunch_group_min, lunch_group_max,
      lunch_allow_a_la_carte, lunch_max_a_la_carte_size, lunch_partial_privatization_supplement,
      lunch_partial_privatization_min_size, lunch_partial_privatization_amount, lunch_capacity,
      dinner_is_open, dinner_from_time, dinner_to_time, dinner_group_min, dinner_group_max,
      dinner_allow_a_la_carte, dinner_max_a_la_carte_size, dinner_partial_privatization_supplement,
      dinner_partial_privatization_min_size, dinner_partial_privatization_amount, dinner_capacity)
    select
      p_restaurant_id, v_day,
      l.is_open, l.from_time, l.to_time, l.group_min, l.group_max,
      l.allow_a_la_carte, l.max_a_la_carte_size, l.privatization_supplement,
      l.privatization_min_size, l.privatization_amount, l.capacity,
      d.is_open, d.from_time, d.to_time, d.group_min, d.group_max,
      d.allow_a_la_carte, d.max_a_la_carte_size, d.privatization_supplement,
      d.privatization_min_size, d.privatization_amount, d.capacity
    from private.parse_service(v_entry -> 'lunchService', 'midi', '12:00', '14:00') l,
         private.parse_service(v_entry -> 'dinnerService', 'soir', '19:00', '22:00') d;

    insert into public.restaurant_arrival_times (restaurant_id, day, service, arrival_time)
    select distinct p_restaurant_id, v_day, s.service, private.parse_slot(a.value, s.label)
      from (values ('lunch', 'midi', v_entry -> 'lunchService'),
                   ('dinner', 'soir', v_entry -> 'dinnerService')) as s(service, label, cfg)
      cross join lateral jsonb_array_elements_text(
        case when jsonb_typeof(s.cfg -> 'arrivalTimes') = 'array' then s.cfg -> 'arrivalTimes' else '[]' end) a
     where coalesce((s.cfg ->> 'isOpen')::boolean, true)
       and nullif(a.value, '') is not null;
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
