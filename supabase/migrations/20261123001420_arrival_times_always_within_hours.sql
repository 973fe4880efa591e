-- Issue 18, consistent rules, whatever writes the rows: save_restaurant_hours refuses an arrival
-- time outside its service's hours (20261123001410), but RLS also lets an owner write
-- restaurant_arrival_times and restaurant_hours through the table API. These constraint triggers
-- make the rule hold for every write, with the same check (private.check_arrival_times_within_hours,
-- in 20261123001410). Deferred to the end of the transaction, so that a save that rewrites hours
-- and arrival times together is judged on what it leaves, and the function's own message (the
-- first time outside, in week order) is the one an owner of the app sees.

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
