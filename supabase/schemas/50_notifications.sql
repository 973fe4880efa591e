-- The outbox: the one way out for a message (claimed, leased, finished or released by the sender).
-- A function's body is checked when it runs, not here: it may name what a later file declares (pg_dump's own output does the same).
set check_function_bodies = off;

-- -------------------- Tables

CREATE TABLE public.notification_outbox (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    reservation_id uuid,
    kind text NOT NULL,
    channel text NOT NULL,
    recipient text NOT NULL,
    payload jsonb DEFAULT '{}'::jsonb NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    claimed_until timestamp with time zone,
    last_error text,
    sent_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    event_id uuid,
    invitation_id uuid,
    conversation_id uuid,
    message_id uuid,
    CONSTRAINT notification_outbox_pkey PRIMARY KEY (id),
    CONSTRAINT notification_outbox_one_per_channel UNIQUE NULLS NOT DISTINCT (reservation_id, kind, channel, event_id, invitation_id, message_id),
    CONSTRAINT notification_outbox_channel_check CHECK ((channel = ANY (ARRAY['email'::text, 'whatsapp'::text]))),
    CONSTRAINT notification_outbox_kind_check CHECK ((kind = ANY (ARRAY['owner_new_request'::text, 'customer_request_received'::text, 'customer_reservation_accepted'::text, 'customer_reservation_rejected'::text, 'customer_reservation_paid'::text, 'customer_reservation_cancelled'::text, 'customer_reservation_modified'::text, 'team_invitation'::text, 'owner_reminder'::text, 'conversation_reply'::text, 'owner_customer_changed'::text, 'owner_customer_cancelled'::text, 'owner_customer_message'::text, 'customer_reminder_headcount'::text, 'customer_reminder_day_before'::text, 'customer_reminder_deposit'::text, 'customer_no_show_fee'::text]))) not valid,
    CONSTRAINT notification_outbox_last_error_check CHECK ((char_length(last_error) <= 1000)),
    CONSTRAINT notification_outbox_recipient_check CHECK ((char_length(recipient) <= 320)),
    CONSTRAINT notification_outbox_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'sending'::text, 'sent'::text, 'failed'::text]))),
    CONSTRAINT notification_outbox_subject_check CHECK (
CASE
    WHEN (kind = 'team_invitation'::text) THEN ((invitation_id IS NOT NULL) AND (reservation_id IS NULL) AND (conversation_id IS NULL) AND (message_id IS NULL))
    WHEN (kind = 'conversation_reply'::text) THEN ((conversation_id IS NOT NULL) AND (message_id IS NOT NULL) AND (invitation_id IS NULL) AND (CASE WHEN (channel = 'whatsapp'::text) THEN (reservation_id IS NULL) ELSE (reservation_id IS NOT NULL) END))
    WHEN (kind = 'owner_customer_message'::text) THEN ((reservation_id IS NOT NULL) AND (conversation_id IS NOT NULL) AND (message_id IS NOT NULL) AND (invitation_id IS NULL))
    ELSE ((reservation_id IS NOT NULL) AND (invitation_id IS NULL) AND (conversation_id IS NULL) AND (message_id IS NULL))
END),
    CONSTRAINT notification_outbox_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES public.conversations(id) ON DELETE CASCADE,
    CONSTRAINT notification_outbox_message_id_fkey FOREIGN KEY (message_id) REFERENCES public.messages(id) ON DELETE CASCADE,
    CONSTRAINT notification_outbox_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.reservation_events(id) ON DELETE CASCADE,
    CONSTRAINT notification_outbox_invitation_id_fkey FOREIGN KEY (invitation_id) REFERENCES public.restaurant_invitations(id) ON DELETE CASCADE,
    CONSTRAINT notification_outbox_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.restaurant_reservations(id) ON DELETE CASCADE,
    CONSTRAINT notification_outbox_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
COMMENT ON TABLE public.notification_outbox IS 'The messages to send, written in the transaction that makes them due: a row per message and channel. The reservation service claims due rows (claim_notifications), sends them and records the outcomes (finish_notifications).';
COMMENT ON COLUMN public.notification_outbox.reservation_id IS 'The reservation the message is about; null for a team_invitation and a conversation_reply.';
COMMENT ON COLUMN public.notification_outbox.kind IS 'owner_new_request: the restaurant told of a request; customer_request_received: the customer''s acknowledgement; customer_reservation_accepted, _rejected, _paid, _cancelled: the customer told of the restaurant''s decision (event_id: the decision); customer_reservation_modified: the new details of an accepted or paid reservation the owner changed; team_invitation: the link that joins a restaurant''s team (invitation_id); owner_reminder: the restaurant reminded of a request left past its response time (public.queue_due_reminders); conversation_reply: a reply to a customer, the assistant''s or a member''s (conversation_id, message_id), sent as a text message to their number on WhatsApp, or by e-mail (reservation_id: the request of the conversation) to the customer of a request who wrote from its page or the web chat; owner_customer_changed, owner_customer_cancelled (event_id: the change), owner_customer_message (conversation_id, message_id): the restaurant told of what the customer did on their own page; customer_reminder_headcount, _day_before, _deposit: the customer''s reminders (private.queue_customer_reminders), by e-mail or by a WhatsApp template from the restaurant''s number (payload phone_number_id; modify_until and deposit: the deadline and the acompte they speak of).';
COMMENT ON COLUMN public.notification_outbox.payload IS 'Which request the message is about, for whoever reads the outbox; the message itself is rendered from the reservation as it is when sent. A conversation_reply''s is its text and the restaurant''s WhatsApp number it is sent from ({text, phone_number_id}), as they were when written.';
COMMENT ON COLUMN public.notification_outbox.event_id IS 'The change (reservation_events) the message tells of: the decision of a customer_reservation_accepted/_rejected/_paid/_cancelled (its reason, proposal, acompte), the change of a customer_reservation_modified; null for the others.';
COMMENT ON COLUMN public.notification_outbox.invitation_id IS 'The invitation a team_invitation message carries (its link is drawn when sent, never stored); null for the others.';
COMMENT ON COLUMN public.notification_outbox.conversation_id IS 'The conversation a conversation_reply answers in; null for the others.';
COMMENT ON COLUMN public.notification_outbox.message_id IS 'The assistant''s or staff''s message a conversation_reply carries (one row per message); null for the others.';
ALTER TABLE public.notification_outbox ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.notification_outbox FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.notification_outbox TO authenticated;
GRANT SELECT, UPDATE ON TABLE public.notification_outbox TO service_role;

CREATE INDEX notification_outbox_due_idx ON public.notification_outbox USING btree (next_attempt_at) WHERE (status = ANY (ARRAY['pending'::text, 'sending'::text]));
CREATE INDEX notification_outbox_conversation_idx ON public.notification_outbox USING btree (conversation_id, created_at) WHERE (conversation_id IS NOT NULL);
CREATE INDEX notification_outbox_message_idx ON public.notification_outbox USING btree (message_id) WHERE (message_id IS NOT NULL);

-- -------------------- Functions

CREATE OR REPLACE FUNCTION private.queue_customer_message(p_reservation_id uuid, p_kind text, p_event_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_queued boolean;
begin
  insert into public.notification_outbox (restaurant_id, reservation_id, kind, channel, recipient, payload, event_id)
  select r.restaurant_id, r.id, p_kind, 'email', r.email_address,
         jsonb_build_object('numero_reservation', r.numero_reservation, 'numero_restaurateur', r.numero_reservation_restaurateur,
                            'reservation_date', r.reservation_date, 'arrival_time', to_char(r.arrival_time, 'HH24:MI')),
         p_event_id
    from public.restaurant_reservations r
   where r.id = p_reservation_id and r.email_address is not null;
  v_queued := found;
  if v_queued then
    perform pg_notify('notification_outbox', p_reservation_id::text);
  end if;
  return v_queued;
end
$function$;
REVOKE ALL ON FUNCTION private.queue_customer_message(uuid,text,uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.queue_customer_message(uuid,text,uuid) TO service_role;

CREATE OR REPLACE FUNCTION private.queue_conversation_reply(p_message_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_conversation uuid;
begin
  -- WhatsApp: to the customer's number. Elsewhere a member's reply reaches the customer of the conversation's
  -- request by e-mail, with their page's link (the web chat also reads its replies itself).
  insert into public.notification_outbox (restaurant_id, conversation_id, message_id, reservation_id, kind, channel, recipient, payload)
  select c.restaurant_id, c.id, m.id, null, 'conversation_reply', 'whatsapp', c.customer_contact,
         jsonb_build_object('text', m.content, 'phone_number_id', w.phone_number_id)
    from public.messages m
    join public.conversations c on c.id = m.conversation_id
    left join public.restaurant_whatsapp_numbers w on w.restaurant_id = c.restaurant_id
   where m.id = p_message_id and m.role in ('assistant', 'staff')
     and c.channel = 'whatsapp' and nullif(btrim(c.customer_contact), '') is not null
  union all
  select c.restaurant_id, c.id, m.id, r.id, 'conversation_reply', 'email', r.email_address,
         jsonb_build_object('text', m.content, 'numero_reservation', r.numero_reservation)
    from public.messages m
    join public.conversations c on c.id = m.conversation_id
    cross join lateral (select r.* from public.restaurant_reservations r where r.conversation_id = c.id order by r.created_at desc limit 1) r
   where m.id = p_message_id and m.role = 'staff' and c.channel <> 'whatsapp' and r.email_address is not null
  returning conversation_id into v_conversation;
  if v_conversation is null then
    return false;
  end if;
  perform pg_notify('notification_outbox', v_conversation::text);
  return true;
end
$function$;
COMMENT ON FUNCTION private.queue_conversation_reply(uuid) IS 'Queues the assistant''s or a member''s message for the customer of a WhatsApp conversation (a conversation_reply to their number, from the restaurant''s WhatsApp number), or a member''s for the customer of the request another conversation led to (by e-mail, with their page''s link), in the transaction that writes it. Answers whether one was queued.';
REVOKE ALL ON FUNCTION private.queue_conversation_reply(uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.queue_request_notifications(p_reservation_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  insert into public.notification_outbox (restaurant_id, reservation_id, kind, channel, recipient, payload)
  select r.restaurant_id, r.id, m.kind, m.channel, m.recipient,
         jsonb_build_object('numero_reservation', r.numero_reservation, 'numero_restaurateur', r.numero_reservation_restaurateur,
                            'reservation_date', r.reservation_date, 'arrival_time', to_char(r.arrival_time, 'HH24:MI'))
    from public.restaurant_reservations r
    left join public.restaurant_contacts c on c.restaurant_id = r.restaurant_id
   cross join lateral (values
     ('owner_new_request', 'email', c.email_address),
     ('owner_new_request', 'whatsapp', nullif(btrim(c.whatsapp), '')),
     ('customer_request_received', 'email', r.email_address)
   ) m(kind, channel, recipient)
   where r.id = p_reservation_id and m.recipient is not null
     and (m.kind <> 'owner_new_request' or r.source <> 'phone');
  perform pg_notify('notification_outbox', p_reservation_id::text);
end
$function$;
REVOKE ALL ON FUNCTION private.queue_request_notifications(uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.claim_notifications(p_limit integer DEFAULT 20, p_lease interval DEFAULT '00:02:00'::interval, p_restaurant_id uuid DEFAULT NULL::uuid)
 RETURNS SETOF public.notification_outbox
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  -- A row claimed by an instance that stopped before finishing is claimed again once its lease ends.
  update public.notification_outbox n
     set status = 'sending', attempts = n.attempts + 1, claimed_until = clock_timestamp() + p_lease
   where n.id in (
     select d.id from public.notification_outbox d
      where ((d.status = 'pending' and d.next_attempt_at <= clock_timestamp()) or (d.status = 'sending' and d.claimed_until < clock_timestamp()))
        and (p_restaurant_id is null or d.restaurant_id = p_restaurant_id)
        -- A conversation's replies go out in the order written: not while an earlier one waits for its retry or is on its way.
        and (d.conversation_id is null or not exists (
          select 1 from public.notification_outbox e
           where e.conversation_id = d.conversation_id and (e.created_at, e.id) < (d.created_at, d.id)
             and ((e.status = 'pending' and e.next_attempt_at > clock_timestamp()) or (e.status = 'sending' and e.claimed_until >= clock_timestamp()))))
      -- The restaurant is told first: under a burst, the customers' acknowledgements wait for its messages.
      order by d.kind <> 'owner_new_request', d.next_attempt_at
      limit greatest(p_limit, 0)
        for update skip locked)
  returning n.*
$function$;
COMMENT ON FUNCTION public.claim_notifications(integer,interval,uuid) IS 'Due notifications for one sender to send, the restaurants'' before the customers'' (skip locked: no two instances claim the same row); a conversation''s reply waits while an earlier one of its conversation is not sent (waiting for a retry, or claimed by a sender). p_restaurant_id: one restaurant''s only (tests).';
REVOKE ALL ON FUNCTION public.claim_notifications(integer,interval,uuid) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.finish_notifications(p_outcomes jsonb)
 RETURNS integer
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  -- Each outcome: {id, error, released}. Sent (no error); or tried again after 30 s, 2 min, 10 min, 1 h,
  -- and failed after the fifth attempt; or, released (nothing was handed to SMTP or WhatsApp: the
  -- database away while the sender read what to say), due again now, the attempt not counted.
  with outcome as (
    select o.id, o.error, coalesce(o.released, false) as released
      from jsonb_to_recordset(coalesce(p_outcomes, '[]'::jsonb)) as o(id uuid, error text, released boolean)
  ), recorded as (
    update public.notification_outbox n
       set status = case when o.released or (o.error is not null and n.attempts < 5) then 'pending' when o.error is null then 'sent' else 'failed' end,
           attempts = case when o.released then greatest(n.attempts - 1, 0) else n.attempts end,
           sent_at = case when o.error is null and not o.released then clock_timestamp() end,
           last_error = left(o.error, 1000),
           claimed_until = null,
           next_attempt_at = case when o.released then clock_timestamp()
             when o.error is null or n.attempts >= 5 then n.next_attempt_at
             else clock_timestamp() + (array[interval '30 seconds', interval '2 minutes', interval '10 minutes', interval '1 hour'])[n.attempts] end
      from outcome o
     where n.id = o.id and n.status = 'sending'
    returning 1
  )
  select count(*)::integer from recorded
$function$;
COMMENT ON FUNCTION public.finish_notifications(jsonb) IS 'Records the outcomes of claimed notifications, in one statement for a sender''s round: [{id, error, released}]. Sent (error null); or retried later with a growing delay, failed after five attempts; or released (the sender failed before sending anything): due again at once, the attempt not counted. Answers how many were recorded.';
REVOKE ALL ON FUNCTION public.finish_notifications(jsonb) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.renew_notification_leases(p_ids uuid[], p_lease interval)
 RETURNS integer
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  with renewed as (
    update public.notification_outbox n
       set claimed_until = clock_timestamp() + p_lease
     where n.id = any (p_ids) and n.status = 'sending'
    returning 1
  )
  select count(*)::integer from renewed
$function$;
COMMENT ON FUNCTION public.renew_notification_leases(uuid[],interval) IS 'Extends the lease of notifications a sender is still working on (claimed, not yet finished): a short lease, renewed, instead of one longer than any send. Answers how many were renewed.';
REVOKE ALL ON FUNCTION public.renew_notification_leases(uuid[],interval) FROM PUBLIC, anon, authenticated;

-- -------------------- Row Level Security policies

CREATE POLICY "Members read their reservations' notifications" ON public.notification_outbox AS PERMISSIVE FOR SELECT TO authenticated
  USING (((invitation_id IS NULL) AND (restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role))));
CREATE POLICY "Who reads an invitation reads its e-mail" ON public.notification_outbox AS PERMISSIVE FOR SELECT TO authenticated
  USING ((invitation_id IN ( SELECT i.id
   FROM public.restaurant_invitations i)));
