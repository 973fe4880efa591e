-- When the restaurant must have answered a request: its promised delay (Informations › temps de
-- réponse) counted within its opening hours, Europe/Paris. A request at 00:38 to a restaurant that
-- promises 1-2 h and opens at 12:00 is due at 14:00, not at 02:38; one that comes 30 minutes before
-- the end of lunch takes those 30 minutes and the rest from the opening of dinner.
--
-- The hours are the open services (lunch, dinner) of the days open (restaurants.days_open,
-- restaurant_hours), less the exceptional closures; a dinner past midnight counts up to its end the
-- next day. A restaurant with no hours at all (or none in a year) counts the delay on the clock.

create function private.respond_by_within_hours(p_restaurant_id uuid, p_from timestamptz, p_delay interval, p_days integer)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  -- The open spans from the day before (a dinner past midnight may still be open) to p_days ahead,
  -- each cut to start at p_from at the earliest; the delay runs out in the first span where their
  -- running total reaches it.
  with spans as (
    select greatest(o.opens, p_from) as opens, o.closes
      from generate_series((p_from at time zone 'Europe/Paris')::date - 1, (p_from at time zone 'Europe/Paris')::date + p_days, interval '1 day') d
      join public.restaurants r on r.id = p_restaurant_id and lower(to_char(d, 'FMDay')) = any (r.days_open)
      join public.restaurant_hours h on h.restaurant_id = r.id and h.day = lower(to_char(d, 'FMDay'))
      cross join lateral (values ('lunch', h.lunch_is_open, h.lunch_from_time, h.lunch_to_time),
                                 ('dinner', h.dinner_is_open, h.dinner_from_time, h.dinner_to_time)) s(service, is_open, from_time, to_time)
      cross join lateral (select (d::date + s.from_time) at time zone 'Europe/Paris' as opens,
                                 (d::date + s.to_time + case when s.to_time <= s.from_time then interval '1 day' else interval '0' end) at time zone 'Europe/Paris' as closes) o
     where s.is_open
       and o.closes > p_from
       and not exists (select 1 from public.restaurant_closures c
                        where c.restaurant_id = p_restaurant_id and c.closure_date = d::date and c.service = s.service)
  ), counted as (
    select opens, closes, sum(closes - opens) over (order by opens rows between unbounded preceding and current row) as total
      from spans
  )
  select closes - (total - p_delay) from counted where total >= p_delay order by opens limit 1
$$;
comment on function private.respond_by_within_hours(uuid, timestamptz, interval, integer) is
  'The instant p_delay of the restaurant''s opening hours (open services of its open days, less closures; Europe/Paris) after p_from, looking p_days ahead; null when its hours over that time are shorter.';
revoke all on function private.respond_by_within_hours(uuid, timestamptz, interval, integer) from public;

-- Definer: the chatbot's insert (service role) as any other reads the restaurant's promise and hours.
-- Four weeks ahead answers nearly every restaurant at once; a year only for one closed that long.
create or replace function private.set_respond_by()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_delay interval := private.response_delay((select c.response_time from public.restaurant_contacts c where c.restaurant_id = new.restaurant_id));
begin
  new.respond_by := coalesce(private.respond_by_within_hours(new.restaurant_id, new.created_at, v_delay, 28),
                             private.respond_by_within_hours(new.restaurant_id, new.created_at, v_delay, 366),
                             new.created_at + v_delay);
  return new;
end
$$;
comment on function private.set_respond_by() is
  'Sets a new reservation''s respond_by: the restaurant''s promised response time counted within its opening hours from created_at (private.respond_by_within_hours); on the clock when it has no hours.';
revoke all on function private.set_respond_by() from public;

comment on column public.restaurant_reservations.respond_by is
  'When the owner should have answered: created_at plus the restaurant''s promised response time, counted within its opening hours (private.set_respond_by); a pending request past it is late.';
