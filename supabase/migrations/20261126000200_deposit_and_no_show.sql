-- Issue 30, items 3 and 4: what becomes of the acompte when a paid reservation is cancelled, and the
-- no-show.
--
-- 3. Marking a reservation paid records what was received (restaurant_reservations.amount_received:
--    the acompte under the billing terms of that day, or the whole total when no acompte is taken), so
--    that 'Reste à régler' and the cap of a refund stay what they were whatever the terms or the total
--    become. Cancelling a paid reservation says what becomes of that money: refunded (an amount, more
--    than zero and at most what was received) or kept (the CGV's cancellation policy), recorded in the
--    history (reservation_events.deposit, .amount).
-- 4. 'Non présenté' (no_show): a status of its own, from accepted or paid, once the arrival time has
--    passed; apart in the planning (not among the covers expected) and labelled in the export.

-- 4. The status and its two transitions, in the one table of each.
insert into private.reservation_statuses (code, name, label) values (5, 'no_show', 'Non présenté');
insert into private.reservation_transitions (from_status, to_status)
select f.code, t.code
  from private.reservation_statuses f, private.reservation_statuses t
 where f.name in ('accepted', 'paid') and t.name = 'no_show';

comment on column public.restaurant_reservations.status is
  'A code of private.reservation_statuses (pending, accepted, rejected, paid, cancelled, no_show). '
  'Only the reservation service changes it, through transition_reservation(_by_id) and the allowed transitions.';
comment on function private.reservation_status(text) is
  'The code of a status of private.reservation_statuses by its name (pending, accepted, rejected, paid, cancelled, no_show).';

-- 3. What was received when the reservation was marked paid.
alter table public.restaurant_reservations add column amount_received public.amount;
comment on column public.restaurant_reservations.amount_received is
  'What the restaurant received when the reservation was marked paid (''Acompte reçu''): the acompte, '
  'or the whole total when no acompte is taken; null before. Written by transition_reservation_by_id only.';
-- Owners read every column but code_manage (migration 20261123000200): a new column is granted by name.
grant select (amount_received) on public.restaurant_reservations to authenticated;

-- What 'paid' meant under the restaurant's billing terms, as the reservation service computes it for
-- the e-mails (reservation-service/src/lib/deposit.ts, balance(…).received; a test checks both agree):
-- an acompte (a percentage of the total, or a fixed amount never above it), or the whole total when
-- no acompte is taken (none asked, or a card imprint, which takes nothing).
create function private.received_when_paid(p_total numeric, p_restaurant_id uuid)
returns numeric
language sql
stable
set search_path = ''
as $$
  select coalesce((
    select case when b.deposit_type = 'fixed' then round(least(b.deposit_amount, p_total), 2)
                else round(p_total * least(b.deposit_amount, 100) / 100, 2) end
      from public.restaurant_billing b
     where b.restaurant_id = p_restaurant_id
       and b.requires_deposit and b.deposit_amount > 0
       and b.deposit_method is distinct from 'empreinte'
  ), p_total)
$$;
revoke all on function private.received_when_paid(numeric, uuid) from public, anon, authenticated;
grant execute on function private.received_when_paid(numeric, uuid) to service_role;

-- The reservations already paid: what they were told they paid.
alter table public.restaurant_reservations disable trigger restaurant_reservations_set_updated_at;
update public.restaurant_reservations r
   set amount_received = private.received_when_paid(r.total_amount, r.restaurant_id)
 where r.status = private.reservation_status('paid');
alter table public.restaurant_reservations enable trigger restaurant_reservations_set_updated_at;

-- The history says what became of the money: on a cancellation, the acompte refunded (the amount
-- refunded) or kept (the amount kept); on 'Acompte reçu', the amount received.
alter table public.reservation_events
  add column deposit text constraint reservation_events_deposit_check check (deposit in ('refunded', 'kept')),
  add column amount public.amount;
comment on column public.reservation_events.deposit is
  'Cancelling a paid reservation: ''refunded'' or ''kept'' (per the CGV), what became of the money received.';
comment on column public.reservation_events.amount is
  'Euros: received (to paid), refunded or kept (cancelled from paid, with deposit); null otherwise.';

-- Why a transition is refused, or null when it may be made: the allowed transitions, the reasons, the
-- no-show's arrival time, the acompte of a cancelled paid reservation. Apart from the function below
-- to keep it short.
create function private.transition_refusal(
  p_res public.restaurant_reservations,
  p_target_status smallint,
  p_reason text,
  p_detail text,
  p_deposit text,
  p_amount numeric
)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_received numeric := coalesce(p_res.amount_received, p_res.total_amount);
begin
  if not exists (select 1 from private.reservation_transitions t where t.from_status = p_res.status and t.to_status = p_target_status) then
    return case when exists (select 1 from private.reservation_transitions t
                              where t.from_status = private.reservation_status('pending') and t.to_status = p_target_status)
                then 'not_pending' else 'not_allowed' end;
  end if;

  -- Nobody is absent before the time they were expected (Europe/Paris).
  if p_target_status = private.reservation_status('no_show')
     and (p_res.reservation_date + coalesce(p_res.arrival_time, time '00:00')) at time zone 'Europe/Paris' > now() then
    return 'too_early';
  end if;

  if (p_reason is not null and not exists (select 1 from private.reservation_reasons r where r.code = p_reason and r.for_status = p_target_status))
     or (p_reason = 'autre' and p_detail is null)
     or (p_target_status = private.reservation_status('cancelled') and p_reason is null) then
    return case when p_reason is null or p_reason = 'autre' then 'reason_required' else 'reason_invalid' end;
  end if;

  -- The acompte: said only of a paid reservation being cancelled, and then required when money was received.
  if p_deposit is not null and (p_deposit not in ('refunded', 'kept')
       or p_target_status <> private.reservation_status('cancelled') or p_res.status <> private.reservation_status('paid')) then
    return 'deposit_invalid';
  end if;
  if p_deposit is null and p_target_status = private.reservation_status('cancelled')
     and p_res.status = private.reservation_status('paid') and v_received > 0 then
    return 'deposit_required';
  end if;
  if (p_deposit = 'refunded' and (p_amount is null or p_amount <= 0 or p_amount > v_received or p_amount <> round(p_amount, 2)))
     or (p_deposit is distinct from 'refunded' and p_amount is not null) then
    return 'amount_invalid';
  end if;
  return null;
end
$$;
revoke all on function private.transition_refusal(public.restaurant_reservations, smallint, text, text, text, numeric) from public, anon, authenticated;
grant execute on function private.transition_refusal(public.restaurant_reservations, smallint, text, text, text, numeric) to service_role;

-- The acompte's choice and amount are new arguments: the function is dropped and created again.
drop function public.transition_reservation_by_id(uuid, smallint, text, uuid, text, text, text);

-- One status change. Outcomes: ok; not_found; not_pending (a link or a decision on a reservation no
-- longer pending: 409 'déjà traitée'); not_allowed (e.g. 'Acompte reçu' on a refused one: 409);
-- too_early ('Non présenté' before the arrival time, with the date and time: 422); reason_required /
-- reason_invalid (a cancellation needs a reason, 'autre' its text; 422); deposit_required /
-- deposit_invalid / amount_invalid (cancelling a paid one: refunded with an amount, more than zero and
-- at most what was received, or kept; with amount_received: 422).
create function public.transition_reservation_by_id(
  p_reservation_id uuid,
  p_target_status smallint,
  p_actor text default 'owner',
  p_actor_user_id uuid default null,
  p_reason text default null,
  p_reason_detail text default null,
  p_proposal text default null,
  p_deposit text default null,
  p_amount numeric default null
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_res public.restaurant_reservations%rowtype;
  v_detail text := nullif(btrim(coalesce(p_reason_detail, '')), '');
  v_proposal text := nullif(btrim(coalesce(p_proposal, '')), '');
  v_refusal text;
  v_received numeric;
  v_amount numeric;
begin
  if p_target_status is null or not exists (select 1 from private.reservation_transitions t where t.to_status = p_target_status) then
    raise exception 'Statut non supporté par l''API: %', coalesce(p_target_status::text, 'null') using errcode = '22023';
  end if;

  -- The row lock makes concurrent calls queue: exactly one 'ok'.
  select * into v_res from public.restaurant_reservations r where r.id = p_reservation_id for update;
  if not found then
    return jsonb_build_object('outcome', 'not_found', 'status', null, 'numero_reservation_restaurateur', null, 'reservation_id', null);
  end if;

  v_refusal := private.transition_refusal(v_res, p_target_status, p_reason, v_detail, p_deposit, p_amount);
  if v_refusal is not null then
    return jsonb_build_object('outcome', v_refusal, 'status', v_res.status,
      'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur, 'reservation_id', v_res.id)
      || case v_refusal
           when 'too_early' then jsonb_build_object('reservation_date', v_res.reservation_date, 'arrival_time', to_char(v_res.arrival_time, 'HH24:MI'))
           when 'amount_invalid' then jsonb_build_object('amount_received', coalesce(v_res.amount_received, v_res.total_amount))
           else '{}'::jsonb end;
  end if;

  -- Marked paid: what was received, under today's terms. Cancelled from paid: what is refunded, or kept.
  if p_target_status = private.reservation_status('paid') then
    v_received := private.received_when_paid(v_res.total_amount, v_res.restaurant_id);
    v_amount := v_received;
  elsif p_deposit = 'refunded' then
    v_amount := p_amount;
  elsif p_deposit = 'kept' then
    v_amount := coalesce(v_res.amount_received, v_res.total_amount);
  end if;

  update public.restaurant_reservations r
     set status = p_target_status, amount_received = coalesce(v_received, r.amount_received)
   where r.id = v_res.id;
  insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, reason, reason_detail, proposal, actor, actor_user_id, deposit, amount)
  values (v_res.id, v_res.restaurant_id, v_res.status, p_target_status, p_reason, v_detail, v_proposal, p_actor, p_actor_user_id, p_deposit, v_amount);

  return jsonb_build_object('outcome', 'ok', 'status', p_target_status,
    'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur, 'reservation_id', v_res.id,
    'deposit', p_deposit, 'amount', v_amount);
end
$$;
comment on function public.transition_reservation_by_id(uuid, smallint, text, uuid, text, text, text, text, numeric) is
  'One status change over private.reservation_transitions (row lock, one history row); called by the reservation service only.';
revoke all on function public.transition_reservation_by_id(uuid, smallint, text, uuid, text, text, text, text, numeric) from public, anon, authenticated;
grant execute on function public.transition_reservation_by_id(uuid, smallint, text, uuid, text, text, text, text, numeric) to service_role;

-- 4. The planning: no-shows apart (covers and reservations), not among the covers expected (they
-- are not accepted: is_accepted is accepted or paid). The answer gains two columns: dropped and
-- created again.
drop function public.reservation_planning(uuid, date, date);

-- One row per day of [p_from, p_to] and service (lunch, dinner), in order. A service is closed when
-- its day is not an open day of the restaurant or the day's settings close it; capacity is null when
-- the service has no limit. Covers are adults and children. Accepted and paid (is_accepted) count as
-- confirmed; pending requests apart; no-shows apart; refused and cancelled not at all. Another owner's
-- restaurant (or none) answers no rows: Row Level Security on restaurants and reservations decides.
create function public.reservation_planning(p_restaurant_id uuid, p_from date, p_to date)
returns table (
  day date,
  service text,
  is_open boolean,
  capacity int,
  confirmed_covers int,
  confirmed_reservations int,
  pending_covers int,
  pending_requests int,
  no_show_covers int,
  no_show_reservations int
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
           count(*) filter (where x.status = private.reservation_status('pending')) as pending_requests,
           sum(x.number_people + coalesce(x.children, 0)) filter (where x.status = private.reservation_status('no_show')) as no_show_covers,
           count(*) filter (where x.status = private.reservation_status('no_show')) as no_show_reservations
      from public.restaurant_reservations x
     where x.restaurant_id = p_restaurant_id
       and x.reservation_date between p_from and p_to
       and (x.is_accepted or x.status in (private.reservation_status('pending'), private.reservation_status('no_show')))
     group by x.reservation_date, x.service
  )
  select s.day, s.service,
         coalesce(s.weekday = any (r.days_open), false)
           and coalesce(case s.service when 'lunch' then h.lunch_is_open else h.dinner_is_open end, true),
         case s.service when 'lunch' then h.lunch_capacity else h.dinner_capacity end,
         coalesce(b.confirmed_covers, 0)::int, coalesce(b.confirmed_reservations, 0)::int,
         coalesce(b.pending_covers, 0)::int, coalesce(b.pending_requests, 0)::int,
         coalesce(b.no_show_covers, 0)::int, coalesce(b.no_show_reservations, 0)::int
    from restaurant r
   cross join slots s
    left join public.restaurant_hours h on h.restaurant_id = r.id and h.day = s.weekday
    left join booked b on b.reservation_date = s.day and b.service = s.service
   order by s.day, s.position;
end
$$;
revoke all on function public.reservation_planning(uuid, date, date) from public, anon;
grant execute on function public.reservation_planning(uuid, date, date) to authenticated, service_role;

-- 3 and 4. The export: the status's label of the lookup table ('Non présenté' included), and a paid
-- reservation with money still due reads 'Acompte reçu', as its badge in the app.
create or replace function public.export_reservations_csv(
  p_restaurant_id uuid,
  p_search text default '',
  p_status smallint default null,
  p_from date default null,
  p_to date default null,
  p_service text default null,
  p_due_first boolean default false
)
returns text
language plpgsql
-- Not stable: the ownership check (private.assert_restaurant_owner) locks the restaurant's row.
volatile
security invoker
set search_path = ''
as $$
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
  -- The header, then each reservation on a line of its own (CRLF), in the list's order.
  return (
  select chr(65279)
      || 'N° de réservation;Client;Email;Téléphone;Date;Heure;Service;Adultes;Enfants;Menu;Montant total (€);Statut;Demande reçue le'
      || coalesce(string_agg(
           E'\r\n' || concat_ws(';',
             private.csv_field(r.numero_reservation_restaurateur),
             private.csv_field(r.customer_name),
             private.csv_field(r.email),
             private.csv_field(r.phone_number),
             to_char(r.reservation_date, 'DD/MM/YYYY'),
             coalesce(to_char(r.arrival_time, 'HH24:MI'), ''),
             case r.service when 'lunch' then 'Midi' else 'Soir' end,
             r.number_people::text,
             coalesce(r.children, 0)::text,
             private.csv_field(r.selected_menu),
             replace(to_char(r.total_amount, 'FM999999990.00'), '.', ','),
             case when r.status = private.reservation_status('paid') and x.amount_received < r.total_amount
                  then 'Acompte reçu' else s.label end,
             to_char(r.created_at at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI')),
           '' order by case when p_due_first then r.respond_by end, r.created_at desc, r.id desc), '')
      || E'\r\n'
    from public.search_reservations(p_restaurant_id, coalesce(p_search, '')) r
    join private.reservation_statuses s on s.code = r.status
    -- What was received: not among the search's columns.
    join public.restaurant_reservations x on x.id = r.id
   where (p_status is null or r.status = p_status)
     and (p_from is null or r.reservation_date >= p_from)
     and (p_to is null or r.reservation_date <= p_to)
     and (p_service is null or r.service = p_service)
  );
end
$$;
comment on function public.export_reservations_csv(uuid, text, smallint, date, date, text, boolean) is
  'The reservation list, as filtered, as a CSV file for French spreadsheets (BOM, '';'', CRLF, French headers and labels).';
revoke all on function public.export_reservations_csv(uuid, text, smallint, date, date, text, boolean) from public, anon;
grant execute on function public.export_reservations_csv(uuid, text, smallint, date, date, text, boolean) to authenticated, service_role;
