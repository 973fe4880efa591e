-- The customer's e-mail of a decision (accepted, refused, acompte received, cancelled) is written into
-- the outbox by the transition that decides, in its transaction: with SMTP down it waits there and is
-- sent once SMTP is back, whatever instance sends it. What it says (reason, proposal, acompte) is read
-- from the history row the transition records (event_id), not copied.

alter table public.notification_outbox
  drop constraint notification_outbox_kind_check,
  add constraint notification_outbox_kind_check check (kind in (
    'owner_new_request', 'customer_request_received', 'customer_reservation_accepted', 'customer_reservation_rejected',
    'customer_reservation_paid', 'customer_reservation_cancelled', 'customer_reservation_modified', 'team_invitation'));

comment on column public.notification_outbox.kind is 'owner_new_request: the restaurant told of a request; customer_request_received: the customer''s acknowledgement; customer_reservation_accepted, _rejected, _paid, _cancelled: the customer told of the restaurant''s decision (event_id: the decision; none for a booking the owner accepted as they took it); customer_reservation_modified: the new details of an accepted or paid reservation the owner changed; team_invitation: the link that joins a restaurant''s team (invitation_id).';
comment on column public.notification_outbox.event_id is 'The change (reservation_events) the message tells of: the decision of a customer_reservation_accepted/_rejected/_paid/_cancelled (its reason, proposal, acompte), the change of a customer_reservation_modified; null for the others.';

create or replace function private.decision_message_kind(p_status smallint)
returns text
language sql
stable
set search_path = ''
as $$
  -- A no-show is the restaurant's record: the customer is not told.
  select 'customer_reservation_' || s.name from private.reservation_statuses s
   where s.code = p_status and s.name in ('accepted', 'rejected', 'paid', 'cancelled')
$$;
comment on function private.decision_message_kind(smallint) is 'The outbox kind of the customer''s e-mail when a reservation moves to that status; null when the customer is not told (no-show, pending).';
revoke all on function private.decision_message_kind(smallint) from public, anon, authenticated;
grant execute on function private.decision_message_kind(smallint) to service_role;

-- The transitions run as the reservation service (service_role), which may not write the outbox itself:
-- the one function that queues a customer's message does it as its owner.
alter function private.queue_customer_message(uuid, text, uuid) security definer;
revoke all on function private.queue_customer_message(uuid, text, uuid) from public, anon, authenticated;
grant execute on function private.queue_customer_message(uuid, text, uuid) to service_role;

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
  returning id into v_event;
  -- The customer's e-mail, in this transaction: sent by the outbox's sender, once, whenever SMTP takes it.
  if v_kind is not null then
    v_queued := private.queue_customer_message(v_res.id, v_kind, v_event);
  end if;

  return jsonb_build_object('outcome', 'ok', 'status', p_target_status,
    'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur, 'reservation_id', v_res.id,
    'deposit', p_deposit, 'amount', v_amount, 'email_queued', v_queued);
end
$function$;
COMMENT ON FUNCTION public.transition_reservation_by_id(uuid,smallint,text,uuid,text,text,text,text,numeric) IS 'One status change over private.reservation_transitions (row lock, one history row, and the customer''s e-mail of the decision queued in the outbox with that row as its event: email_queued says whether the customer has an address to be told at); called by the reservation service only.';

-- A booking accepted as it is taken: its confirmation is the acceptance's own message (transition_reservation_by_id).
create or replace function public.submit_owner_reservation(p_restaurant_id uuid, p_request jsonb, p_notes text DEFAULT NULL::text, p_accept boolean DEFAULT false, p_preview boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_notes text;
  v_submitted jsonb;
  v_id uuid;
  v_outcome jsonb;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  v_notes := private.request_text(to_jsonb(p_notes), 'notes', 'Les notes internes', 2000, false);

  if p_preview then
    -- The request made and rolled back: its refusals, or what accepting it would mean for the plan.
    begin
      v_submitted := public.submit_group_request(p_restaurant_id, p_request, 'phone');
      perform private.end_preview();
    exception when sqlstate 'TBLPV' then
      null;
    end;
    return v_submitted || jsonb_build_object('preview', true);
  end if;

  v_submitted := public.submit_group_request(p_restaurant_id, p_request, 'phone');
  -- The same form sent twice (its external_id): the reservation made the first time, as it is.
  if (v_submitted ->> 'replayed')::boolean then
    return v_submitted;
  end if;
  v_id := (v_submitted #>> '{reservation,id}')::uuid;
  update public.restaurant_reservations r set notes = v_notes where r.id = v_id;

  if p_accept then
    v_outcome := public.transition_reservation_by_id(
      p_reservation_id => v_id, p_target_status => private.reservation_status('accepted'), p_actor => 'owner', p_actor_user_id => auth.uid());
    if v_outcome ->> 'outcome' <> 'ok' then
      raise exception 'accepting the new booking failed: %', v_outcome ->> 'outcome';
    end if;
    -- Accepted as it is taken: the customer gets the confirmation (queued by the acceptance) instead of the acknowledgement.
    delete from public.notification_outbox n where n.reservation_id = v_id and n.kind = 'customer_request_received';
    v_submitted := jsonb_set(v_submitted, '{reservation,status}', to_jsonb('accepted'::text));
  end if;
  return v_submitted;
end
$function$;
COMMENT ON FUNCTION public.submit_owner_reservation(uuid,jsonb,text,boolean,boolean) IS 'Nouvelle réservation: a booking a member (owner or manager) takes (by phone), through submit_group_request with source phone (the same checks and refusals; the owner is not notified of it, the customer is acknowledged). p_notes: the owner''s internal notes. p_accept: accepted at once (the history names the member; the customer gets the acceptance e-mail, not the acknowledgement). p_preview: nothing is stored; answers what submit_group_request would (its acceptance check: the warnings to confirm before accepting).';
GRANT EXECUTE ON FUNCTION public.submit_owner_reservation(uuid,jsonb,text,boolean,boolean) TO authenticated;
GRANT EXECUTE ON FUNCTION public.submit_owner_reservation(uuid,jsonb,text,boolean,boolean) TO service_role;
