-- A claimed notification is the sender's for a short lease, renewed while it works on it, and a
-- failure before anything was sent gives it back at once: a database blip never leaves the owner's
-- alert waiting for a long lease to run out (the sender's lease was 15 minutes).

create or replace function public.release_notification(p_id uuid, p_error text default null)
returns public.notification_outbox
language sql
set search_path = ''
as $$
  -- Nothing was sent: due again now, and the attempt that never reached the send is not counted.
  update public.notification_outbox n
     set status = 'pending',
         attempts = greatest(n.attempts - 1, 0),
         claimed_until = null,
         next_attempt_at = clock_timestamp(),
         last_error = left(p_error, 1000)
   where n.id = p_id and n.status = 'sending'
  returning n.*
$$;
comment on function public.release_notification(uuid, text) is 'Gives a claimed notification back when the sender failed before sending anything (the database away while it read what to send): due again at once, the attempt not counted.';
revoke all on function public.release_notification(uuid, text) from public, anon, authenticated;
grant execute on function public.release_notification(uuid, text) to service_role;

create or replace function public.renew_notification_leases(p_ids uuid[], p_lease interval)
returns integer
language sql
set search_path = ''
as $$
  with renewed as (
    update public.notification_outbox n
       set claimed_until = clock_timestamp() + p_lease
     where n.id = any (p_ids) and n.status = 'sending'
    returning 1
  )
  select count(*)::integer from renewed
$$;
comment on function public.renew_notification_leases(uuid[], interval) is 'Extends the lease of notifications a sender is still working on (claimed, not yet finished): a short lease, renewed, instead of one longer than any send. Answers how many were renewed.';
revoke all on function public.renew_notification_leases(uuid[], interval) from public, anon, authenticated;
grant execute on function public.renew_notification_leases(uuid[], interval) to service_role;
