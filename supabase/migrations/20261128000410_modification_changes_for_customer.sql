-- The customer's e-mail of a change says what changed: modify_reservation writes the change as the
-- customer sees it (the history's summary without the internal notes) in the outbox row's payload
-- (`changes`), which the sender prints (« Ce qui change : 18 → 22 personnes, total … »).

create or replace function public.modify_reservation(p_reservation_id uuid, p_changes jsonb, p_preview boolean DEFAULT false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_old public.restaurant_reservations;
  v_new public.restaurant_reservations;
  v_seen public.restaurant_reservations;
  v_status text;
  v_diff text;
  v_seen_diff text;
  v_summary text;
  v_check jsonb;
  v_event uuid;
  v_notified boolean := false;
begin
  if auth.uid() is null then
    raise exception 'Utilisateur non authentifié' using errcode = '42501';
  end if;
  -- The row lock: a change and a decision (or two changes) on the same reservation go one after the other.
  -- A reservation of a restaurant the caller is no member of is not found, as one that does not exist.
  select r.* into v_old from public.restaurant_reservations r
   where r.id = p_reservation_id
     and private.has_role(r.restaurant_id, 'manager')
     for update of r;
  if v_old.id is null then
    perform private.raise_not_found('Réservation non trouvée');
  end if;
  select s.name into v_status from private.reservation_statuses s where s.code = v_old.status;
  if v_status not in ('pending', 'accepted', 'paid') then
    perform private.refuse_request(409, 'not_modifiable', null,
      'Cette réservation ne peut plus être modifiée : seules les réservations en attente, acceptées ou payées peuvent l''être.');
  end if;

  begin
    v_new := private.apply_reservation_changes(v_old, p_changes);
    v_diff := private.reservation_change_summary(v_old, v_new);
    -- What the plan says of the reservation as changed (for a pending one: once accepted).
    select to_jsonb(c) into v_check from public.reservation_acceptance_check(v_new.restaurant_id, v_new.numero_reservation_restaurateur) c;
    if p_preview then
      perform private.end_preview();
    end if;
  exception when sqlstate 'TBLPV' then
    return jsonb_build_object('preview', true, 'changed', v_diff is not null, 'summary', v_diff, 'acceptance', v_check);
  end;

  if v_diff is not null then
    v_summary := 'Modifiée par ' || coalesce((select u.email from auth.users u where u.id = auth.uid()), 'le restaurant') || ' : ' || v_diff;
    insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, actor_user_id, kind, summary)
    values (v_new.id, v_new.restaurant_id, v_new.status, v_new.status, 'owner', auth.uid(), 'modified', left(v_summary, 4000))
    returning id into v_event;
    -- The customer of a standing reservation gets its new details; internal notes are not theirs to know.
    v_seen := v_new;
    v_seen.notes := v_old.notes;
    v_seen_diff := private.reservation_change_summary(v_old, v_seen);
    if v_status in ('accepted', 'paid') and v_seen_diff is not null then
      v_notified := private.queue_customer_message(v_new.id, 'customer_reservation_modified', v_event);
      -- What the customer's e-mail says changed (the sender prints it).
      update public.notification_outbox o set payload = o.payload || jsonb_build_object('changes', v_seen_diff)
       where o.event_id = v_event and o.kind = 'customer_reservation_modified';
    end if;
  end if;
  return jsonb_build_object('preview', false, 'changed', v_diff is not null, 'summary', v_summary, 'acceptance', v_check,
    'customer_notified', v_notified, 'numero_restaurateur', v_new.numero_reservation_restaurateur, 'total_amount', v_new.total_amount);
end
$function$;
comment on function public.modify_reservation(uuid,jsonb,boolean) IS 'Modifier: a member''s (owner or manager) change of a pending, accepted or paid reservation, in one call. p_changes: any of the request''s fields (date, arrival_time, adults, children, menu_id, options, customer, dietary_notes) and notes, laid over the reservation and checked as submit_group_request checks a request (refusals: {code, message, details = field}, 422); the total recomputed; one history row « Modifiée par <e-mail> : … »; the customer of an accepted or paid reservation e-mailed the new details and what changed (outbox payload `changes`, internal notes left out). p_preview: nothing is changed; answers what would change and the acceptance check of the reservation as changed.';
revoke all on function public.modify_reservation(uuid,jsonb,boolean) from public, anon;
grant execute on function public.modify_reservation(uuid,jsonb,boolean) to authenticated, service_role;

