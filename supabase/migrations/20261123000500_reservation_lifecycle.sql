-- Issue 16: the reservation after the decision. Beside accept and refuse, the owner marks an accepted
-- reservation 'Acompte reçu' (paid) and cancels an accepted or paid one with a reason; a refusal
-- may carry a reason and another date or time to propose. Every change is one call of
-- public.transition_reservation_by_id (only the allowed transitions, a row lock so that of two
-- simultaneous clicks exactly one wins), and leaves one row in public.reservation_events: who
-- (the owner in the app, or the one-click link) and when, with the reason — the detail's history.

-- The allowed transitions, once: the function below and nothing else reads them.
create table private.reservation_transitions (
  from_status smallint not null references private.reservation_statuses (code),
  to_status smallint not null references private.reservation_statuses (code),
  primary key (from_status, to_status)
);
insert into private.reservation_transitions (from_status, to_status) values
  (0, 1), -- pending -> accepted
  (0, 2), -- pending -> rejected
  (1, 3), -- accepted -> paid ('Acompte reçu')
  (1, 4), -- accepted -> cancelled
  (3, 4); -- paid -> cancelled
revoke all on table private.reservation_transitions from public, anon, authenticated;
grant select on table private.reservation_transitions to service_role;

-- Why a request was refused, or a reservation cancelled (the French labels are the app's).
create table private.reservation_reasons (
  code text not null,
  for_status smallint not null references private.reservation_statuses (code),
  primary key (code, for_status)
);
insert into private.reservation_reasons (code, for_status) values
  ('complet', 2), ('fermeture_exceptionnelle', 2), ('groupe_trop_important', 2), ('horaire_indisponible', 2), ('autre', 2),
  ('demande_du_client', 4), ('fermeture_exceptionnelle', 4), ('acompte_non_recu', 4), ('autre', 4);
revoke all on table private.reservation_reasons from public, anon, authenticated;
grant select on table private.reservation_reasons to service_role;

create table public.reservation_events (
  id uuid primary key default gen_random_uuid(),
  reservation_id uuid not null references public.restaurant_reservations (id) on delete cascade,
  restaurant_id uuid not null references public.restaurants (id) on delete cascade,
  from_status smallint not null references private.reservation_statuses (code),
  to_status smallint not null references private.reservation_statuses (code),
  -- A code of private.reservation_reasons for to_status (checked by the function that writes here).
  reason text constraint reservation_events_reason_length check (char_length(reason) <= 40),
  reason_detail text constraint reservation_events_reason_detail_length check (char_length(reason_detail) <= 500),
  proposal text constraint reservation_events_proposal_length check (char_length(proposal) <= 200),
  -- 'owner': in the app, by actor_user_id; 'link': the one-click link of the e-mail (no sign-in).
  actor text not null constraint reservation_events_actor_check check (actor in ('owner', 'link')),
  actor_user_id uuid references auth.users (id) on delete set null,
  -- The clock, not now(): a transaction that began before another but waited for the row lock
  -- records its change after it, so the history reads in the order the changes were made.
  created_at timestamptz not null default clock_timestamp()
);
comment on table public.reservation_events is
  'One row per status change of a reservation (issue 16), written by transition_reservation_by_id only.';
create index reservation_events_reservation_idx on public.reservation_events (reservation_id, created_at);

alter table public.reservation_events enable row level security;
revoke all on table public.reservation_events from public, anon, authenticated;
grant select on table public.reservation_events to authenticated;
grant all on table public.reservation_events to service_role;
create policy "Owners read their reservations' history" on public.reservation_events
  for select to authenticated
  using (restaurant_id in (select r.id from public.restaurants r where r.user_id = (select auth.uid())));

-- The target check of the first transitions gives way to the table above.
drop function public.transition_reservation(text, text, smallint, uuid);
drop function public.transition_reservation_by_id(uuid, smallint);
drop function private.check_reservation_target(smallint);

-- One status change. Outcomes: ok; not_found; not_pending (a link or a decision on a reservation no
-- longer pending: 409 'déjà traitée'); not_allowed (e.g. 'Acompte reçu' on a refused one: 409);
-- reason_required / reason_invalid (a cancellation needs a reason, 'autre' its text; 422).
create function public.transition_reservation_by_id(
  p_reservation_id uuid,
  p_target_status smallint,
  p_actor text default 'owner',
  p_actor_user_id uuid default null,
  p_reason text default null,
  p_reason_detail text default null,
  p_proposal text default null
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_res public.restaurant_reservations%rowtype;
  v_pending smallint := (select s.code from private.reservation_statuses s where s.name = 'pending');
  v_cancelled smallint := (select s.code from private.reservation_statuses s where s.name = 'cancelled');
  v_detail text := nullif(btrim(coalesce(p_reason_detail, '')), '');
  v_proposal text := nullif(btrim(coalesce(p_proposal, '')), '');
begin
  if p_target_status is null or not exists (select 1 from private.reservation_transitions t where t.to_status = p_target_status) then
    raise exception 'Statut non supporté par l''API: %', coalesce(p_target_status::text, 'null') using errcode = '22023';
  end if;

  -- The row lock makes concurrent calls queue: exactly one 'ok'.
  select * into v_res from public.restaurant_reservations r where r.id = p_reservation_id for update;
  if not found then
    return jsonb_build_object('outcome', 'not_found', 'status', null, 'numero_reservation_restaurateur', null, 'reservation_id', null);
  end if;

  if not exists (select 1 from private.reservation_transitions t where t.from_status = v_res.status and t.to_status = p_target_status) then
    return jsonb_build_object(
      'outcome', case when exists (select 1 from private.reservation_transitions t where t.from_status = v_pending and t.to_status = p_target_status)
                      then 'not_pending' else 'not_allowed' end,
      'status', v_res.status, 'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur, 'reservation_id', v_res.id);
  end if;

  if (p_reason is not null and not exists (select 1 from private.reservation_reasons r where r.code = p_reason and r.for_status = p_target_status))
     or (p_reason = 'autre' and v_detail is null)
     or (p_target_status = v_cancelled and p_reason is null) then
    return jsonb_build_object('outcome', case when p_reason is null or p_reason = 'autre' then 'reason_required' else 'reason_invalid' end,
      'status', v_res.status, 'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur, 'reservation_id', v_res.id);
  end if;

  update public.restaurant_reservations r set status = p_target_status where r.id = v_res.id;
  insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, reason, reason_detail, proposal, actor, actor_user_id)
  values (v_res.id, v_res.restaurant_id, v_res.status, p_target_status, p_reason, v_detail, v_proposal, p_actor, p_actor_user_id);

  return jsonb_build_object('outcome', 'ok', 'status', p_target_status,
    'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur, 'reservation_id', v_res.id);
end
$$;

-- The one-click links: accept or refuse a pending request, authorised by code_manage. A pending
-- request whose date has passed is accepted only after a confirmation naming the date: the app asks
-- for it; the link cannot, so it does not accept such a request ('past_date', with the date) and the
-- owner decides in the app. Refusing by link stays.
create function public.transition_reservation(
  p_numero_reservation text,
  p_code_manage text,
  p_target_status smallint,
  p_restaurant_id uuid default null
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
  v_restaurant_id uuid;
  v_code text;
  v_date date;
  v_status smallint;
  v_numero text;
begin
  if p_target_status is null or p_target_status not in (select t.to_status from private.reservation_transitions t
      join private.reservation_statuses s on s.code = t.from_status where s.name = 'pending') then
    raise exception 'Statut non supporté par l''API: %', coalesce(p_target_status::text, 'null') using errcode = '22023';
  end if;

  -- Number, restaurant, code and date never change: no lock needed to check them.
  select r.id, r.restaurant_id, r.code_manage, r.reservation_date, r.status, r.numero_reservation_restaurateur
    into v_id, v_restaurant_id, v_code, v_date, v_status, v_numero
    from public.restaurant_reservations r
   where r.numero_reservation = p_numero_reservation;

  if not found or (p_restaurant_id is not null and v_restaurant_id <> p_restaurant_id) then
    return jsonb_build_object('outcome', 'not_found', 'status', null, 'numero_reservation_restaurateur', null, 'reservation_id', null);
  end if;

  -- Compare digests: the time taken does not depend on how much of the code matches. A wrong code
  -- learns nothing (no status, no number).
  if p_code_manage is null
     or extensions.digest(v_code, 'sha256') <> extensions.digest(p_code_manage, 'sha256') then
    return jsonb_build_object('outcome', 'wrong_code', 'status', null, 'numero_reservation_restaurateur', null, 'reservation_id', null);
  end if;

  -- A day already gone in France: not accepted by link (a pending one only; a decided one answers as before).
  if p_target_status = (select s.code from private.reservation_statuses s where s.name = 'accepted')
     and v_status = (select s.code from private.reservation_statuses s where s.name = 'pending')
     and v_date < (now() at time zone 'Europe/Paris')::date then
    return jsonb_build_object('outcome', 'past_date', 'status', v_status, 'numero_reservation_restaurateur', v_numero,
                              'reservation_id', v_id, 'reservation_date', v_date);
  end if;

  return public.transition_reservation_by_id(v_id, p_target_status, 'link');
end
$$;

revoke all on function public.transition_reservation_by_id(uuid, smallint, text, uuid, text, text, text) from public, anon, authenticated;
revoke all on function public.transition_reservation(text, text, smallint, uuid) from public, anon, authenticated;
grant execute on function public.transition_reservation_by_id(uuid, smallint, text, uuid, text, text, text) to service_role;
grant execute on function public.transition_reservation(text, text, smallint, uuid) to service_role;
