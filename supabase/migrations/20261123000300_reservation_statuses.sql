-- Issue 14, one place per rule: the reservation status codes and their names, once in SQL.
-- The TypeScript mapping (shared/src/domain/reservation-status.ts, RESERVATION_STATUS_CODES) is
-- checked against this table by shared/test/integration/reservation-status.test.ts.
--
-- In `private`, not `public`: it is a constant of the schema, not data of the API (PostgREST does not
-- expose it; the front end reads the codes from its own generated-and-checked mapping).

create table private.reservation_statuses (
  code smallint primary key,
  name text not null constraint reservation_statuses_name_key unique
);
comment on table private.reservation_statuses is
  'The one SQL definition of restaurant_reservations.status (spec §4, first reading). '
  'Only the reservation service moves a reservation, from pending to accepted or rejected.';

insert into private.reservation_statuses (code, name) values
  (0, 'pending'),
  (1, 'accepted'),
  (2, 'rejected'),
  (3, 'paid'),
  (4, 'cancelled');

revoke all on table private.reservation_statuses from public, anon, authenticated;

-- The status column takes its codes from the table instead of a `between 0 and 4` check of its own.
-- (Foreign-key checks run as the referenced table's owner: writers need no grant on it.)
alter table public.restaurant_reservations
  drop constraint restaurant_reservations_status_check,
  add constraint restaurant_reservations_status_fkey
    foreign key (status) references private.reservation_statuses (code);

comment on column public.restaurant_reservations.status is
  'A code of private.reservation_statuses (0 pending, 1 accepted, 2 rejected, 3 paid, 4 cancelled). '
  'Only the reservation service changes it (transition_reservation: pending -> accepted | rejected).';

-- The transitions name their statuses instead of repeating their numbers; the one rule on the target
-- (accepted or rejected) is here, for both ways in (the links and the dashboard).
create function private.check_reservation_target(p_target_status smallint)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_target_status is null
     or p_target_status not in (select s.code from private.reservation_statuses s where s.name in ('accepted', 'rejected')) then
    raise exception 'Statut non supporté par l''API: %', coalesce(p_target_status::text, 'null')
      using errcode = '22023';
  end if;
end
$$;
revoke all on function private.check_reservation_target(smallint) from public, anon, authenticated;
grant execute on function private.check_reservation_target(smallint) to service_role;
grant select on table private.reservation_statuses to service_role;

create or replace function public.transition_reservation_by_id(
  p_reservation_id uuid,
  p_target_status smallint
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_res public.restaurant_reservations%rowtype;
  v_pending smallint := (select s.code from private.reservation_statuses s where s.name = 'pending');
begin
  perform private.check_reservation_target(p_target_status);

  -- The row lock makes concurrent calls queue: exactly one 'ok'.
  select * into v_res from public.restaurant_reservations r where r.id = p_reservation_id for update;

  if not found then
    return jsonb_build_object('outcome', 'not_found', 'status', null,
                              'numero_reservation_restaurateur', null, 'reservation_id', null);
  end if;

  if v_res.status <> v_pending then
    return jsonb_build_object('outcome', 'not_pending', 'status', v_res.status,
                              'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur,
                              'reservation_id', v_res.id);
  end if;

  update public.restaurant_reservations r
     set status = p_target_status,
         is_accepted = (p_target_status = 1)
   where r.id = v_res.id;

  return jsonb_build_object('outcome', 'ok', 'status', p_target_status,
                            'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur,
                            'reservation_id', v_res.id);
end
$$;

create or replace function public.transition_reservation(
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
begin
  perform private.check_reservation_target(p_target_status);

  -- Number, restaurant and code never change: no lock needed to check them.
  select r.id, r.restaurant_id, r.code_manage into v_id, v_restaurant_id, v_code
    from public.restaurant_reservations r
   where r.numero_reservation = p_numero_reservation;

  if not found or (p_restaurant_id is not null and v_restaurant_id <> p_restaurant_id) then
    return jsonb_build_object('outcome', 'not_found', 'status', null,
                              'numero_reservation_restaurateur', null, 'reservation_id', null);
  end if;

  -- Compare digests: the time taken does not depend on how much of the code matches. A wrong code
  -- learns nothing (no status, no number).
  if p_code_manage is null
     or extensions.digest(v_code, 'sha256') <> extensions.digest(p_code_manage, 'sha256') then
    return jsonb_build_object('outcome', 'wrong_code', 'status', null,
                              'numero_reservation_restaurateur', null, 'reservation_id', null);
  end if;

  return public.transition_reservation_by_id(v_id, p_target_status);
end
$$;
