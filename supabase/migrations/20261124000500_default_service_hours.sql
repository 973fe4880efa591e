-- Default hours, once: a service's default opening hours (spec §3, §9: lunch 12:00-14:00, dinner
-- 19:00-22:00) are a function that the columns' defaults and the hours' save read; the app's
-- DEFAULT_LUNCH_HOURS and DEFAULT_DINNER_HOURS mirror it (shared/test/integration/profile-rules.test.ts
-- checks they agree).

create function private.default_service_hours(p_service text, out from_time time, out to_time time)
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
begin
  case p_service
    when 'lunch' then from_time := '12:00'; to_time := '14:00';
    when 'dinner' then from_time := '19:00'; to_time := '22:00';
    else raise exception 'Service inconnu : %', coalesce(p_service, 'null') using errcode = '22023';
  end case;
end
$$;
comment on function private.default_service_hours(text) is
  'The default opening hours of a service (lunch, dinner): what a new restaurant''s days and a save without hours get.';
-- EXECUTE stays open to PUBLIC: whoever inserts hours evaluates the columns' defaults.

alter table public.restaurant_hours
  alter column lunch_from_time set default (private.default_service_hours('lunch')).from_time,
  alter column lunch_to_time set default (private.default_service_hours('lunch')).to_time,
  alter column dinner_from_time set default (private.default_service_hours('dinner')).from_time,
  alter column dinner_to_time set default (private.default_service_hours('dinner')).to_time;

-- As in 20261123001410_arrival_times_within_hours.sql, a service sent without hours gets the defaults
-- above instead of hours written here.
-- p_hours:
--   { daysOpen: ['monday', ...], hasDifferentSettings: bool,
--     days: [ { day, lunchService: Service, dinnerService: Service }, ... ] }   -- one per open day
--   Service = { isOpen, hours: { from: 'HH:MM', to: 'HH:MM' }, arrivalTimes: ['HH:MM', ...],
--               groupSize: { min, max }, allowALaCarte, maxALaCarteSize, capacity,
--               partialPrivatizationSupplement, partialPrivatizationMinSize, partialPrivatizationAmount }
-- Replaces all hours and arrival times of the restaurant. An open day without
-- an entry gets the default settings; an entry for a closed day is an error.
-- Arrival times are only stored for open services, within their service's hours.
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
    from private.default_service_hours('lunch') lh,
         private.default_service_hours('dinner') dh,
         private.parse_service(v_entry -> 'lunchService', 'midi', lh.from_time, lh.to_time) l,
         private.parse_service(v_entry -> 'dinnerService', 'soir', dh.from_time, dh.to_time) d;

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

