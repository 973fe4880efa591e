-- A decision taken through the one-click link of the owner's e-mail (Accepter, Refuser) can be undone
-- from the link page for a short while: a mis-tap on a phone, or a mail scanner that opened the link.
-- Its e-mail to the customer is held in the outbox until then (next_attempt_at), and the undo puts the
-- reservation back to pending, removes that e-mail and records itself in the history.

create or replace function private.link_undo_window()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '2 minutes' $$;
comment on function private.link_undo_window() is 'How long a decision of the one-click link can be undone from the link page, its e-mail to the customer held meanwhile.';
revoke all on function private.link_undo_window() from public, anon, authenticated;
grant execute on function private.link_undo_window() to service_role;

alter table public.reservation_events
  drop constraint reservation_events_kind_check,
  add constraint reservation_events_kind_check check (kind in ('status', 'modified', 'undone'));
comment on table public.reservation_events is 'The history of a reservation: one row per status change (kind status, written by transition_reservation_by_id), per change of its details (kind modified, written by modify_reservation; from_status = to_status, summary says who changed what), and per one-click decision undone from its link (kind undone, written by undo_link_decision; to_status pending).';

create or replace function public.transition_reservation_by_id(p_reservation_id uuid, p_target_status smallint, p_actor text DEFAULT 'owner'::text, p_actor_user_id uuid DEFAULT NULL::uuid, p_reason text DEFAULT NULL::text, p_reason_detail text DEFAULT NULL::text, p_proposal text DEFAULT NULL::text, p_deposit text DEFAULT NULL::text, p_amount numeric DEFAULT NULL::numeric)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_res public.restaurant_reservations%rowtype;
  v_detail text := nullif(btrim(coalesce(p_reason_detail, '')), '');
  v_proposal text := nullif(btrim(coalesce(p_proposal, '')), '');
  v_refusal text;
  v_received numeric;
  v_amount numeric;
  v_event uuid;
  v_kind text := private.decision_message_kind(p_target_status);
  v_queued boolean := false;
  v_undo_until timestamptz;
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
  values (v_res.id, v_res.restaurant_id, v_res.status, p_target_status, p_reason, v_detail, v_proposal, p_actor, p_actor_user_id, p_deposit, v_amount)
  returning id, created_at + private.link_undo_window() into v_event, v_undo_until;
  -- The customer's e-mail, in this transaction: sent by the outbox's sender, once, whenever SMTP takes it.
  if v_kind is not null then
    v_queued := private.queue_customer_message(v_res.id, v_kind, v_event);
  end if;
  -- A one-click decision may be undone from its link for a while (undo_link_decision): its e-mail waits until then.
  if p_actor = 'link' then
    update public.notification_outbox n set next_attempt_at = v_undo_until where n.event_id = v_event;
  else
    v_undo_until := null;
  end if;

  return jsonb_build_object('outcome', 'ok', 'status', p_target_status,
    'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur, 'reservation_id', v_res.id,
    'deposit', p_deposit, 'amount', v_amount, 'email_queued', v_queued, 'undo_until', v_undo_until);
end
$function$;
COMMENT ON FUNCTION public.transition_reservation_by_id(uuid,smallint,text,uuid,text,text,text,text,numeric) IS 'One status change over private.reservation_transitions (row lock, one history row, and the customer''s e-mail of the decision queued in the outbox with that row as its event: email_queued says whether the customer has an address to be told at). A decision of the one-click link (p_actor link) holds that e-mail until undo_until, while undo_link_decision may undo it. Called by the reservation service only.';

create or replace function public.undo_link_decision(p_numero_reservation text, p_code_manage text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_res public.restaurant_reservations%rowtype;
  v_last public.reservation_events%rowtype;
  v_pending smallint := private.reservation_status('pending');
begin
  select * into v_res from public.restaurant_reservations r where r.numero_reservation = p_numero_reservation;
  if not found then
    return jsonb_build_object('outcome', 'not_found', 'status', null, 'numero_reservation_restaurateur', null, 'reservation_id', null);
  end if;
  -- As transition_reservation: digests compared, and a wrong code learns nothing.
  if p_code_manage is null
     or extensions.digest(v_res.code_manage, 'sha256') <> extensions.digest(p_code_manage, 'sha256') then
    return jsonb_build_object('outcome', 'wrong_code', 'status', null, 'numero_reservation_restaurateur', null, 'reservation_id', null);
  end if;

  -- The row lock queues it behind any decision under way: what follows reads the last one.
  select * into v_res from public.restaurant_reservations r where r.id = v_res.id for update;
  select * into v_last from public.reservation_events e where e.reservation_id = v_res.id order by e.created_at desc, e.id desc limit 1;

  -- Only the link's decision, and only while it is the reservation's last change.
  if v_last.id is null or v_last.kind <> 'status' or v_last.actor <> 'link' or v_last.to_status <> v_res.status then
    return jsonb_build_object('outcome', 'not_undoable', 'status', v_res.status,
      'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur, 'reservation_id', v_res.id);
  end if;
  -- Past the window, or its e-mail already taken by a sender: the customer is (being) told.
  if v_last.created_at + private.link_undo_window() <= clock_timestamp()
     or exists (select 1 from public.notification_outbox n where n.event_id = v_last.id and (n.status <> 'pending' or n.attempts > 0)) then
    return jsonb_build_object('outcome', 'too_late', 'status', v_res.status,
      'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur, 'reservation_id', v_res.id);
  end if;

  delete from public.notification_outbox n where n.event_id = v_last.id;
  update public.restaurant_reservations r set status = v_pending where r.id = v_res.id;
  insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, kind)
  values (v_res.id, v_res.restaurant_id, v_res.status, v_pending, 'link', 'undone');
  return jsonb_build_object('outcome', 'ok', 'status', v_pending,
    'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur, 'reservation_id', v_res.id);
end
$$;
comment on function public.undo_link_decision(text, text) is 'Undoes a decision of the one-click link (the code checked as transition_reservation does, the row locked): while it is the reservation''s last change, within private.link_undo_window() and before a sender took its e-mail, the reservation is pending again, the held e-mail removed and the undo recorded (kind undone). Else outcome too_late or not_undoable, nothing changed. Called by the reservation service only.';
revoke all on function public.undo_link_decision(text, text) from public, anon, authenticated;
grant execute on function public.undo_link_decision(text, text) to service_role;
