-- Issue 17: each service (midi, soir; per day when the settings differ by day) may have a maximum
-- number of covers, 'Capacité du service (couverts)'. Empty (null) means no limit. Stored on the
-- day's hours row like the other service fields and validated by the same parser; the planning and
-- the warning before an acceptance read it.

alter table public.restaurant_hours
  add column lunch_capacity int constraint restaurant_hours_lunch_capacity_check check (lunch_capacity between 1 and 999),
  add column dinner_capacity int constraint restaurant_hours_dinner_capacity_check check (dinner_capacity between 1 and 999);
comment on column public.restaurant_hours.lunch_capacity is 'Maximum covers of the lunch service (null: no limit).';
comment on column public.restaurant_hours.dinner_capacity is 'Maximum covers of the dinner service (null: no limit).';

-- The parser gains the capacity (its result type changes: drop and create).
drop function private.parse_service(jsonb, text, time, time);

create function private.parse_service(p_service jsonb, p_label text, p_from time, p_to time)
returns table (
  is_open boolean,
  from_time time,
  to_time time,
  group_min int,
  group_max int,
  allow_a_la_carte boolean,
  max_a_la_carte_size int,
  privatization_supplement boolean,
  privatization_min_size int,
  privatization_amount numeric,
  capacity int
)
language plpgsql
immutable
set search_path = ''
as $$
declare
  s jsonb := coalesce(p_service, '{}');
begin
  if jsonb_typeof(s) <> 'object' then
    raise exception 'Service % invalide', p_label using errcode = '22023';
  end if;
  is_open := coalesce((s ->> 'isOpen')::boolean, true);
  from_time := coalesce(private.parse_slot(s -> 'hours' ->> 'from', p_label), p_from);
  to_time := coalesce(private.parse_slot(s -> 'hours' ->> 'to', p_label), p_to);
  group_min := coalesce((s -> 'groupSize' ->> 'min')::int, 1);
  group_max := coalesce((s -> 'groupSize' ->> 'max')::int, 20);
  allow_a_la_carte := coalesce((s ->> 'allowALaCarte')::boolean, true);
  max_a_la_carte_size := coalesce((s ->> 'maxALaCarteSize')::int, 10);
  privatization_supplement := coalesce((s ->> 'partialPrivatizationSupplement')::boolean, false);
  privatization_min_size := coalesce((s ->> 'partialPrivatizationMinSize')::int, 10);
  privatization_amount := coalesce(private.to_amount(s ->> 'partialPrivatizationAmount',
    format('Service %s : le montant de privatisation doit être un montant positif ou nul', p_label)), 0);

  if group_min not between 1 and 30 then
    raise exception 'Service % : la taille de groupe minimale doit être comprise entre 1 et 30', p_label
      using errcode = '22023';
  end if;
  if group_max not between group_min and 50 then
    raise exception 'Service % : la taille de groupe maximale doit être comprise entre % et 50', p_label, group_min
      using errcode = '22023';
  end if;
  if max_a_la_carte_size not between 1 and 50 then
    raise exception 'Service % : la taille maximale à la carte doit être comprise entre 1 et 50', p_label
      using errcode = '22023';
  end if;
  if privatization_min_size not between 1 and 50 then
    raise exception 'Service % : la taille minimale de privatisation doit être comprise entre 1 et 50', p_label
      using errcode = '22023';
  end if;
  -- Optional: absent or null is no limit; otherwise a whole number of covers.
  if jsonb_typeof(s -> 'capacity') <> 'null' then
    if jsonb_typeof(s -> 'capacity') <> 'number' then
      capacity := 0; -- refused below, with the same message
    elsif (s ->> 'capacity')::numeric % 1 = 0 and (s ->> 'capacity')::numeric between 1 and 999 then
      capacity := (s ->> 'capacity')::int;
    end if;
    if capacity is null or capacity not between 1 and 999 then
      raise exception 'Service % : la capacité doit être un nombre entier de couverts entre 1 et 999 (vide : sans limite)', p_label
        using errcode = '22023';
    end if;
  end if;
  return next;
end
$$;

revoke all on function private.parse_service(jsonb, text, time, time) from public;
grant execute on function private.parse_service(jsonb, text, time, time) to authenticated, service_role;

-- As in 20261121000003_functions.sql, with the two capacities.
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

  -- Open days the client sent no settings for: spec defaults.
  insert into public.restaurant_hours (restaurant_id, day)
  select p_restaurant_id, d from unnest(v_days) d where d <> all (v_seen);
end
$$;
