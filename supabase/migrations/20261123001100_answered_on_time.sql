-- Issue 17, requests answered on time. The restaurant promises a response time (Informations:
-- '1-2h', 'Sous 6h', 'Sous 24h'); a pending request older than that promise is late ('En retard'):
-- flagged in the list and the detail, counted beside the pending ones, and the restaurant's contact
-- address gets one reminder for it from the reservation service's periodic job.

-- The promise, once: fast 2 h, medium 6 h (the column's default), slow 24 h.
create function private.response_delay(p_response_time text)
returns interval
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case p_response_time when 'fast' then interval '2 hours' when 'slow' then interval '24 hours' else interval '6 hours' end
$$;
revoke all on function private.response_delay(text) from public;
grant execute on function private.response_delay(text) to service_role;

-- When the request must be answered by: the promise in force when it arrived (a promise changed
-- later does not move the deadline of a request already made). Written by the trigger below only.
alter table public.restaurant_reservations add column respond_by timestamptz;
update public.restaurant_reservations r
   set respond_by = r.created_at + private.response_delay((select c.response_time from public.restaurant_contacts c where c.restaurant_id = r.restaurant_id));
alter table public.restaurant_reservations alter column respond_by set not null;
-- Always replaced by the trigger below; the default only says that an insert need not send it.
alter table public.restaurant_reservations alter column respond_by set default now();
comment on column public.restaurant_reservations.respond_by is
  'created_at plus the restaurant''s promised response time when the request arrived; a pending request past it is late.';
grant select (respond_by) on public.restaurant_reservations to authenticated;

-- The list's search returns the list's columns (RESERVATION_COLUMNS): as in 20261123000400, with
-- email_address (20261123000800), service (20261123001000) and respond_by.
drop function public.search_reservations(uuid, text);
create function public.search_reservations(p_restaurant_id uuid, p_search text default '')
returns table (
  id public.restaurant_reservations.id%type,
  restaurant_id public.restaurant_reservations.restaurant_id%type,
  conversation_id public.restaurant_reservations.conversation_id%type,
  numero_reservation_restaurateur public.restaurant_reservations.numero_reservation_restaurateur%type,
  numero_reservation public.restaurant_reservations.numero_reservation%type,
  code_reservation public.restaurant_reservations.code_reservation%type,
  status public.restaurant_reservations.status%type,
  is_accepted public.restaurant_reservations.is_accepted%type,
  customer_name public.restaurant_reservations.customer_name%type,
  email public.restaurant_reservations.email%type,
  email_address public.restaurant_reservations.email_address%type,
  phone_number public.restaurant_reservations.phone_number%type,
  selected_menu public.restaurant_reservations.selected_menu%type,
  total_amount public.restaurant_reservations.total_amount%type,
  number_people public.restaurant_reservations.number_people%type,
  children public.restaurant_reservations.children%type,
  reservation_date public.restaurant_reservations.reservation_date%type,
  arrival_time public.restaurant_reservations.arrival_time%type,
  service public.restaurant_reservations.service%type,
  respond_by public.restaurant_reservations.respond_by%type,
  options public.restaurant_reservations.options%type,
  created_at public.restaurant_reservations.created_at%type
)
language sql
stable
as $$
  -- The typed text's patterns are worked out once per call (a materialized CTE), not once per row.
  with term as materialized (
    select private.search_words_pattern(p_search) as words, private.search_phone_pattern(p_search) as phone
  )
  select r.id, r.restaurant_id, r.conversation_id, r.numero_reservation_restaurateur, r.numero_reservation, r.code_reservation, r.status, r.is_accepted, r.customer_name, r.email, r.email_address, r.phone_number, r.selected_menu, r.total_amount, r.number_people, r.children, r.reservation_date, r.arrival_time, r.service, r.respond_by, r.options, r.created_at
  from public.restaurant_reservations r, term
  where r.restaurant_id = p_restaurant_id
    and (coalesce(btrim(p_search), '') = '' or r.search_text like term.words or r.search_text like term.phone)
$$;

revoke all on function public.search_reservations(uuid, text) from public, anon;
grant execute on function public.search_reservations(uuid, text) to authenticated, service_role;

-- Definer: the chatbot's insert (service role) as any other reads the restaurant's promise.
create function private.set_respond_by()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.respond_by := new.created_at
    + private.response_delay((select c.response_time from public.restaurant_contacts c where c.restaurant_id = new.restaurant_id));
  return new;
end
$$;
revoke all on function private.set_respond_by() from public;
create trigger restaurant_reservations_respond_by
  before insert on public.restaurant_reservations
  for each row execute function private.set_respond_by();

-- The 'À traiter' list: pending, the earliest deadline first (late ones on top).
create index restaurant_reservations_pending_respond_by_idx on public.restaurant_reservations (restaurant_id, respond_by) where status = 0;

-- The counts gain the late requests (the sidebar badge, the dashboard cards, the list's filter).
create or replace view public.reservation_status_counts
with (security_invoker = true) as
select r.restaurant_id, r.status, count(*)::int as count,
       (count(*) filter (where r.status = 0 and r.respond_by < now()))::int as late
from public.restaurant_reservations r
group by r.restaurant_id, r.status;

-- One reminder per late request, ever. The row is written when a service instance claims the
-- request, before it sends: a crash between the two loses a reminder rather than sending two.
create table private.reservation_reminders (
  reservation_id uuid primary key references public.restaurant_reservations (id) on delete cascade,
  claimed_at timestamptz not null default clock_timestamp(),
  -- 'sent', or 'no_address' (the restaurant has no valid contact address: nothing to send).
  outcome text constraint reservation_reminders_outcome_check check (outcome in ('sent', 'no_address')),
  done_at timestamptz
);
revoke all on table private.reservation_reminders from public, anon, authenticated;
grant select, insert, update, delete on table private.reservation_reminders to service_role;

-- Claims up to p_limit late requests nobody has claimed: rows another instance holds are skipped
-- (skip locked), a request already claimed is never returned again (the primary key). Of one
-- restaurant when p_restaurant_id is given (the job passes none: every restaurant).
create function public.claim_late_reservations(p_limit int default 20, p_restaurant_id uuid default null)
returns setof uuid
language sql
volatile
set search_path = ''
as $$
  with late as (
    select r.id
      from public.restaurant_reservations r
     where r.status = 0 and r.respond_by < now()
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

-- After the send: what became of the claim. A send that failed gives the claim back (nothing was
-- sent, the next round tries again).
create function public.finish_reservation_reminder(p_reservation_id uuid, p_outcome text)
returns void
language sql
volatile
set search_path = ''
as $$
  update private.reservation_reminders set outcome = p_outcome, done_at = clock_timestamp()
   where reservation_id = p_reservation_id and p_outcome is not null;
  delete from private.reservation_reminders where reservation_id = p_reservation_id and p_outcome is null;
$$;

revoke all on function public.claim_late_reservations(int, uuid) from public, anon, authenticated;
revoke all on function public.finish_reservation_reminder(uuid, text) from public, anon, authenticated;
grant execute on function public.claim_late_reservations(int, uuid) to service_role;
grant execute on function public.finish_reservation_reminder(uuid, text) to service_role;
