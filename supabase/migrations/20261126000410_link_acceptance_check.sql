-- The e-mailed one-click 'Accepter' accepts only what the plan allows without asking: a request that
-- public.reservation_acceptance_check would warn about (over capacity, a closed service, an arrival
-- outside the hours, any warning it comes to give) is left pending, and the link page sends the owner
-- to the reservation in the app, where the warning is shown and 'Accepter malgré le planning ?' asked.
--
-- Which check results call for a warning is decided once, in TypeScript (@tablee/domain/acceptance,
-- acceptanceWarnings: the app's words), not restated here. So the acceptance is a compare-and-set: the
-- reservation service reads the check (p_expected_check null: the answer is 'plan_check' with it),
-- decides, and asks again with the check it decided on; the acceptance is made only if the check is
-- still exactly that one, read under the locks below, in the same transaction as the transition.
--
-- How atomic: every reservation of that restaurant and day is locked first (in one order, so two links
-- never deadlock). Any transition of any of them locks its own row (transition_reservation_by_id), so
-- an acceptance from another link or from the app either committed before the check is read (and the
-- check shows it) or waits until this one has committed. A request created directly as accepted, or a
-- capacity changed in Horaires, in the same instant is not held back: the owner made that change.
create function public.accept_reservation_by_link(p_numero_reservation text, p_code_manage text, p_expected_check jsonb default null)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_res public.restaurant_reservations%rowtype;
  v_accepted smallint := private.reservation_status('accepted');
  v_check jsonb;
begin
  select * into v_res from public.restaurant_reservations r where r.numero_reservation = p_numero_reservation;

  -- What transition_reservation refuses (unknown number, wrong code, decided, a past date) it answers in
  -- its own words, before anything of the plan is read: a wrong code learns nothing. The restaurant goes
  -- with the answer when the code was right: the link page opens the reservation in the app.
  if not found or p_code_manage is null
     or extensions.digest(v_res.code_manage, 'sha256') <> extensions.digest(p_code_manage, 'sha256') then
    return public.transition_reservation(p_numero_reservation, p_code_manage, v_accepted);
  end if;
  if v_res.status <> private.reservation_status('pending')
     or v_res.reservation_date < (now() at time zone 'Europe/Paris')::date then
    return public.transition_reservation(p_numero_reservation, p_code_manage, v_accepted)
           || jsonb_build_object('restaurant_id', v_res.restaurant_id);
  end if;

  perform 1 from public.restaurant_reservations r
   where r.restaurant_id = v_res.restaurant_id and r.reservation_date = v_res.reservation_date
   order by r.id
     for update;

  -- Read after the locks: a new statement, a new snapshot, every transition of that day committed.
  v_check := jsonb_build_object('check', (
    select to_jsonb(c) from public.reservation_acceptance_check(v_res.restaurant_id, v_res.numero_reservation_restaurateur) c limit 1));

  if p_expected_check is distinct from v_check then
    return jsonb_build_object('outcome', 'plan_check', 'status', v_res.status,
                              'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur,
                              'reservation_id', v_res.id, 'restaurant_id', v_res.restaurant_id, 'check', v_check -> 'check');
  end if;

  return public.transition_reservation(p_numero_reservation, p_code_manage, v_accepted)
         || jsonb_build_object('restaurant_id', v_res.restaurant_id);
end
$$;

comment on function public.accept_reservation_by_link(text, text, jsonb) is
  'The one-click Accepter: accepts (transition_reservation) only if public.reservation_acceptance_check, read under a '
  'lock of the day''s reservations, is still p_expected_check ({"check": row or null}); else answers outcome '
  'plan_check with the check, nothing changed. Refusals of transition_reservation as it answers them.';

revoke all on function public.accept_reservation_by_link(text, text, jsonb) from public, anon, authenticated;
grant execute on function public.accept_reservation_by_link(text, text, jsonb) to service_role;
