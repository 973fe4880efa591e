-- Issue 17, accepting with the plan in mind: for one reservation, its service that day as the
-- planning counts it (public.reservation_planning: confirmed covers, capacity, open or closed), the
-- covers once it is accepted, and whether its arrival time lies outside the service's hours. The app
-- reads it before the owner accepts; the reservation service after a one-click acceptance, for the
-- link page. Named as the app's addresses name it (the restaurant, its reservation number), so that
-- the screen asks for it with the reservation, not after it. Under the caller's rights: another
-- owner's reservation answers no row.
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
         coalesce(r.arrival_time not between hours.from_time and hours.to_time, false)
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
