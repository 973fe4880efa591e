-- Issue 18, consistent rules: which arrival times belong to a service, and the default set
-- proposed for one. Written once here; the hours form has its twin in TypeScript
-- (sections/src/hours/slots.ts), kept equal by a test that asks this function.
--
-- A service runs from `from` to `to`; a dinner may end after midnight (to <= from). Its
-- arrival slots are the quarter hours from `from` up to, not including, `to`: a group does not
-- arrive as the service closes.

create function private.is_service_slot(p_time time, p_from time, p_to time)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    when p_to > p_from then p_time >= p_from and p_time < p_to
    -- Past midnight: the evening part, then the early-morning part.
    else p_time >= p_from or p_time < p_to
  end
$$;
revoke all on function private.is_service_slot(time, time, time) from public;
grant execute on function private.is_service_slot(time, time, time) to authenticated, service_role;

-- The default set: every half hour from the start until one hour before the end (at least the
-- start), e.g. lunch 12:00-14:00 -> 12:00, 12:30, 13:00; dinner 19:00-22:00 -> 19:00 ... 21:00.
create function private.default_arrival_times(p_from time, p_to time)
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
  select array_agg(make_interval(secs => (start_s + step) % 86400)::time order by step)
    from span, generate_series(0, greatest(length_s - 3600, 0), 1800) as step
$$;
revoke all on function private.default_arrival_times(time, time) from public;
grant execute on function private.default_arrival_times(time, time) to authenticated, service_role;
