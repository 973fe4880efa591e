-- Reservation statuses by name. The planning, the late requests, their counts and their index read
-- the codes of private.reservation_statuses through one function instead of writing 0 for pending.

-- The code of a status name, from the table that defines them. Immutable although it reads a table:
-- that table is a constant of the schema (its rows change only with a migration), and immutable is
-- what lets an index predicate name a status and the planner fold the call into its number before it
-- plans, so every query keeps the plan (and the partial index) it had with the number written out.
-- Security definer: whoever plans a query on the reservations (any role, a cascade from a deleted
-- account included) evaluates it without a grant on the table; EXECUTE stays open to PUBLIC for the
-- same reason, and it tells nothing that the status column's comment does not.
create function private.reservation_status(p_name text)
returns smallint
language plpgsql
immutable
parallel safe
security definer
set search_path = ''
as $$
declare
  v_code smallint;
begin
  select s.code into v_code from private.reservation_statuses s where s.name = p_name;
  if not found then
    raise exception 'Statut de réservation inconnu : %', coalesce(p_name, 'null') using errcode = '22023';
  end if;
  return v_code;
end
$$;
comment on function private.reservation_status(text) is
  'The code of a status of private.reservation_statuses by its name (pending, accepted, rejected, paid, cancelled).';

-- A new request is pending.
alter table public.restaurant_reservations alter column status set default private.reservation_status('pending');
-- is_accepted keeps its codes (1 accepted, 3 paid; migration 20261123000301): a stored generated
-- column computed through a table would be computed wrong when a dump is restored before that
-- table's rows.

-- The 'À traiter' list's index: pending, the earliest deadline first.
drop index public.restaurant_reservations_pending_respond_by_idx;
create index restaurant_reservations_pending_respond_by_idx on public.restaurant_reservations (restaurant_id, respond_by)
  where status = private.reservation_status('pending');

-- The counts with the late requests (the sidebar badge, the dashboard cards, the list's filter).
create or replace view public.reservation_status_counts
with (security_invoker = true) as
select r.restaurant_id, r.status, count(*)::int as count,
       (count(*) filter (where r.status = private.reservation_status('pending') and r.respond_by < now()))::int as late
from public.restaurant_reservations r
group by r.restaurant_id, r.status;

-- As in 20261123001100_answered_on_time.sql, pending named. Claims up to p_limit late requests nobody
-- has claimed: rows another instance holds are skipped (skip locked), a request already claimed is
-- never returned again (the primary key). Of one restaurant when p_restaurant_id is given (the job
-- passes none: every restaurant).
create or replace function public.claim_late_reservations(p_limit int default 20, p_restaurant_id uuid default null)
returns setof uuid
language sql
volatile
set search_path = ''
as $$
  with late as (
    select r.id
      from public.restaurant_reservations r
     where r.status = private.reservation_status('pending') and r.respond_by < now()
       and (p_restaurant_id is null or r.restaurant_id = p_restaurant_id)
       and not exists (select 1 from private.reservation_reminders m where m.reservation_id = r.id)
     order by r.respond_by
     limit greatest(p_limit, 0)
       for update of r skip locked
  )
  insert into private.reservation_reminders (reservation_id)
  select late.id from late
  on conflict (reservation_id) do nothing
  returning reservation_id
$$;

-- As in 20261123001000_reservation_planning.sql, pending named. One row per day of [p_from, p_to] and
-- service (lunch, dinner), in order. A service is closed when its day is not an open day of the
-- restaurant or the day's settings close it; capacity is null when the service has no limit. Covers
-- are adults and children. Accepted and paid (is_accepted) count as confirmed; pending requests apart;
-- refused and cancelled not at all. Another owner's restaurant (or none) answers no rows: Row Level
-- Security on restaurants and reservations decides.
create or replace function public.reservation_planning(p_restaurant_id uuid, p_from date, p_to date)
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
    select x.reservation_date, x.service,
           sum(x.number_people + coalesce(x.children, 0)) filter (where x.is_accepted) as confirmed_covers,
           count(*) filter (where x.is_accepted) as confirmed_reservations,
           sum(x.number_people + coalesce(x.children, 0)) filter (where x.status = private.reservation_status('pending')) as pending_covers,
           count(*) filter (where x.status = private.reservation_status('pending')) as pending_requests
      from public.restaurant_reservations x
     where x.restaurant_id = p_restaurant_id
       and x.reservation_date between p_from and p_to
       and (x.is_accepted or x.status = private.reservation_status('pending'))
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
