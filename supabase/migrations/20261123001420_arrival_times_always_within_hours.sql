-- Issue 18, consistent rules, whatever writes the rows: save_restaurant_hours refuses an arrival
-- time outside its service's hours (20261123001410), but RLS also lets an owner write
-- restaurant_arrival_times and restaurant_hours through the table API. These constraint triggers
-- make the rule hold for every write. Deferred to the end of the transaction, so that a save that
-- rewrites hours and arrival times together is judged on what it leaves, and the function's own
-- message (the first time outside, in week order) is the one an owner of the app sees.

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

-- Security definer: the check reads the restaurant's own rows, whoever (owner, service role, seed) wrote them.
create function private.arrival_times_stay_within_hours()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.check_arrival_times_within_hours(new.restaurant_id, new.day);
  return null;
end
$$;
revoke all on function private.arrival_times_stay_within_hours() from public;

create constraint trigger restaurant_arrival_times_within_hours
  after insert or update on public.restaurant_arrival_times
  deferrable initially deferred
  for each row execute function private.arrival_times_stay_within_hours();

create constraint trigger restaurant_hours_keep_arrival_times
  after insert or update on public.restaurant_hours
  deferrable initially deferred
  for each row execute function private.arrival_times_stay_within_hours();
