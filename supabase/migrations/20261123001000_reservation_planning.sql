-- Issue 17: the planning. A week (or a month) of a restaurant at a glance: per day and service, the
-- covers accepted or paid against the service's capacity, the pending requests and their covers,
-- the closed services. Computed here in one call (one request per view), under the caller's rights.

-- Which service a reservation belongs to, once: lunch ('midi') when the group arrives before 16:00,
-- dinner ('soir') otherwise. A request without an arrival time counts in the evening (the groups'
-- usual service); the list and the planning read this same column.
alter table public.restaurant_reservations
  add column service text not null generated always as (case when arrival_time < time '16:00' then 'lunch' else 'dinner' end) stored;
comment on column public.restaurant_reservations.service is
  'lunch when arrival_time is before 16:00, else dinner (no arrival time: dinner). Computed; never written.';
-- Owners read every column but code_manage, column by column (migration 20261123000200).
grant select (service) on public.restaurant_reservations to authenticated;

-- (The list's search returns this column from 20261123001100_answered_on_time.sql on.)

-- One row per day of [p_from, p_to] and service (lunch, dinner), in order. A service is closed when
-- its day is not an open day of the restaurant or the day's settings close it; capacity is null when
-- the service has no limit. Covers are adults and children. Accepted and paid count as confirmed;
-- pending requests apart; refused and cancelled not at all. Another owner's restaurant (or none)
-- answers no rows: Row Level Security on restaurants and reservations decides.
create function public.reservation_planning(p_restaurant_id uuid, p_from date, p_to date)
returns table (
  day date,
  service text,
  is_open boolean,
  capacity int,
  confirmed_covers int,
  confirmed_reservations int,
  pending_covers int,
  pending_requests int
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  if p_from is null or p_to is null or p_to < p_from then
    raise exception 'Période du planning invalide' using errcode = '22023';
  end if;
  -- A month view shows six weeks at most.
  if p_to - p_from > 41 then
    raise exception 'Le planning couvre au plus 42 jours' using errcode = '22023';
  end if;
  return query
  with restaurant as (
    select r.id, r.days_open from public.restaurants r where r.id = p_restaurant_id
  ),
  slots as (
    -- Dates, not timestamps: no time zone can move a day.
    select p_from + i as day, lower(to_char(p_from + i, 'FMDay')) as weekday, v.service, v.position
      from generate_series(0, p_to - p_from) i
     cross join (values ('lunch', 1), ('dinner', 2)) v(service, position)
  ),
  booked as (
    -- Pending is status 0; accepted and paid are is_accepted (migration 20261123000301).
    select x.reservation_date, x.service,
           sum(x.number_people + coalesce(x.children, 0)) filter (where x.is_accepted) as confirmed_covers,
           count(*) filter (where x.is_accepted) as confirmed_reservations,
           sum(x.number_people + coalesce(x.children, 0)) filter (where x.status = 0) as pending_covers,
           count(*) filter (where x.status = 0) as pending_requests
      from public.restaurant_reservations x
     where x.restaurant_id = p_restaurant_id
       and x.reservation_date between p_from and p_to
       and (x.is_accepted or x.status = 0)
     group by x.reservation_date, x.service
  )
  select s.day, s.service,
         coalesce(s.weekday = any (r.days_open), false)
           and coalesce(case s.service when 'lunch' then h.lunch_is_open else h.dinner_is_open end, true),
         case s.service when 'lunch' then h.lunch_capacity else h.dinner_capacity end,
         coalesce(b.confirmed_covers, 0)::int, coalesce(b.confirmed_reservations, 0)::int,
         coalesce(b.pending_covers, 0)::int, coalesce(b.pending_requests, 0)::int
    from restaurant r
   cross join slots s
    left join public.restaurant_hours h on h.restaurant_id = r.id and h.day = s.weekday
    left join booked b on b.reservation_date = s.day and b.service = s.service
   order by s.day, s.position;
end
$$;

revoke all on function public.reservation_planning(uuid, date, date) from public, anon;
grant execute on function public.reservation_planning(uuid, date, date) to authenticated, service_role;
