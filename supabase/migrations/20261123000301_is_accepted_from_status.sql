-- Issue 14, one place per rule: is_accepted duplicated status and was written by two rules
-- (the transition: status = accepted; the seed: accepted or paid). It is now computed from status by
-- the database, with the seed's rule (a paid reservation was accepted), so the two cannot disagree and
-- its readers (the owner's list, the mappers, the tests) keep reading it.
--
-- A column cannot become generated in place: drop it and add it back. A generated expression cannot
-- read private.reservation_statuses, hence the codes: 1 accepted, 3 paid.

alter table public.restaurant_reservations drop column is_accepted;
alter table public.restaurant_reservations
  add column is_accepted boolean not null generated always as (status in (1, 3)) stored;
comment on column public.restaurant_reservations.is_accepted is
  'Computed from status (accepted or paid); never written.';

-- Dropping the column dropped its column privilege: owners read every column but code_manage
-- (migration 20261123000200).
grant select (is_accepted) on public.restaurant_reservations to authenticated;

-- The transition no longer writes it.
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
     set status = p_target_status
   where r.id = v_res.id;

  return jsonb_build_object('outcome', 'ok', 'status', p_target_status,
                            'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur,
                            'reservation_id', v_res.id);
end
$$;
