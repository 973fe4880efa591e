-- Issue 13, item 12: the dashboard decides reservations with the owner's access token, not with
-- code_manage, and the owner's browser no longer reads code_manage at all.
--
-- 1. code_manage authorises the one-click links of the e-mails; only the service role reads it. The
--    owner keeps SELECT on every other column (RLS still picks the rows). A table-level SELECT would
--    include the column, so it becomes column-level: a column added later must be granted here too
--    (reservation-service/test/integration/dashboard-auth.test.ts reads the catalog and fails otherwise).
--    PostgREST's `select=*` is refused for `authenticated` from now on: select the columns by name.

revoke select on public.restaurant_reservations from anon, authenticated;

do $$
declare
  v_columns text;
begin
  select string_agg(quote_ident(a.attname), ', ' order by a.attnum) into v_columns
    from pg_attribute a
   where a.attrelid = 'public.restaurant_reservations'::regclass
     and a.attnum > 0 and not a.attisdropped
     and a.attname <> 'code_manage';
  execute format('grant select (%s) on public.restaurant_reservations to authenticated', v_columns);
end $$;

comment on column public.restaurant_reservations.code_manage is
  'Secret of the one-click accept/reject links and of the sheet links; never shown to customers. '
  'Not readable by anon or authenticated (column privileges): the reservation service hands the '
  'sheet links to the authenticated owner.';

-- 2. One place for the transition itself (lock, pending check, update), reached two ways by the
--    reservation service (service_role only):
--    - transition_reservation: the one-click links, authorised by code_manage;
--    - transition_reservation_by_id: the dashboard, after the service has found the reservation
--      with the owner's own JWT through PostgREST, so that RLS ("Owners read their reservations")
--      decided the ownership.
--    Same answer as before: { outcome, status, numero_reservation_restaurateur, reservation_id }.

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
begin
  if p_target_status is null or p_target_status not in (1, 2) then
    raise exception 'Statut non supporté par l''API: %', coalesce(p_target_status::text, 'null')
      using errcode = '22023';
  end if;

  -- The row lock makes concurrent calls queue: exactly one 'ok'.
  select * into v_res from public.restaurant_reservations r where r.id = p_reservation_id for update;

  if not found then
    return jsonb_build_object('outcome', 'not_found', 'status', null,
                              'numero_reservation_restaurateur', null, 'reservation_id', null);
  end if;

  if v_res.status <> 0 then
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
  if p_target_status is null or p_target_status not in (1, 2) then
    raise exception 'Statut non supporté par l''API: %', coalesce(p_target_status::text, 'null')
      using errcode = '22023';
  end if;

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

-- Supabase grants EXECUTE on new functions to PUBLIC and to every API role.
revoke all on function public.transition_reservation_by_id(uuid, smallint) from public, anon, authenticated;
grant execute on function public.transition_reservation_by_id(uuid, smallint) to service_role;
