-- Issue 16: a pending request whose date has passed is accepted only after a confirmation naming the
-- date. The app asks for it; the one-click link cannot, so the link does not accept such a request:
-- it answers 'past_date' (with the date) and the owner decides in the app. Refusing by link stays.

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
