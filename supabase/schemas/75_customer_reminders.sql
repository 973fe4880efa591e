-- The customers' reminders, which cut no-shows: the final headcount, the day before, the acompte due.
-- Queued in the outbox by the reservation service's reminder round (public.queue_due_reminders), once per
-- reservation and kind whatever the instances; set by the owners on 'Votre assistant' › 'Messages automatiques'.
-- A function's body is checked when it runs, not here: it may name what a later file declares (pg_dump's own output does the same).
set check_function_bodies = off;

-- -------------------- Tables

CREATE TABLE public.restaurant_reminder_settings (
    restaurant_id uuid NOT NULL,
    headcount_enabled boolean DEFAULT true NOT NULL,
    headcount_days integer DEFAULT 7 NOT NULL,
    day_before_enabled boolean DEFAULT true NOT NULL,
    deposit_enabled boolean DEFAULT true NOT NULL,
    deposit_days integer DEFAULT 3 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    CONSTRAINT restaurant_reminder_settings_pkey PRIMARY KEY (restaurant_id),
    CONSTRAINT restaurant_reminder_settings_headcount_days_check CHECK ((headcount_days >= 1 AND headcount_days <= 60)),
    CONSTRAINT restaurant_reminder_settings_deposit_days_check CHECK ((deposit_days >= 1 AND deposit_days <= 30)),
    CONSTRAINT restaurant_reminder_settings_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE,
    CONSTRAINT restaurant_reminder_settings_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL
);
COMMENT ON TABLE public.restaurant_reminder_settings IS 'The customers'' reminders of a restaurant (Messages automatiques): the final headcount headcount_days before the meal, the day before, the acompte still due deposit_days after the acceptance; each on or off. No row: the defaults (all on, 7 and 3 days). Written by public.save_reminder_settings (owners).';
ALTER TABLE public.restaurant_reminder_settings ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_reminder_settings FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.restaurant_reminder_settings TO authenticated, service_role;

CREATE TABLE private.customer_reminders (
    reservation_id uuid NOT NULL,
    kind text NOT NULL,
    queued_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    channels text[] DEFAULT '{}'::text[] NOT NULL,
    CONSTRAINT customer_reminders_pkey PRIMARY KEY (reservation_id, kind),
    CONSTRAINT customer_reminders_kind_check CHECK ((kind = ANY (ARRAY['headcount'::text, 'day_before'::text, 'deposit'::text]))),
    CONSTRAINT customer_reminders_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.restaurant_reservations(id) ON DELETE CASCADE
);
COMMENT ON TABLE private.customer_reminders IS 'The customers'' reminders already taken, once per reservation and kind (its primary key): the channels they were queued on (none when the customer has neither an e-mail address nor a mobile on WhatsApp).';

-- -------------------- Functions

CREATE OR REPLACE FUNCTION private.reminder_settings(p_restaurant_id uuid)
 RETURNS public.restaurant_reminder_settings
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((select s from public.restaurant_reminder_settings s where s.restaurant_id = p_restaurant_id),
                  row(p_restaurant_id, true, 7, true, true, 3, null, null)::public.restaurant_reminder_settings)
$function$;
COMMENT ON FUNCTION private.reminder_settings(uuid) IS 'A restaurant''s reminder settings, or the defaults (all on, 7 and 3 days) when it never saved them.';
REVOKE ALL ON FUNCTION private.reminder_settings(uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.whatsapp_mobile(p_phone text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  -- A French mobile (06, 07) or a number abroad, in E.164; null for a French landline or nothing usable.
  select case when e ~ '^\+33[67][0-9]{8}$' or (e !~ '^\+33' and private.is_e164(e)) then e end
    from (select coalesce(private.french_phone_e164(p_phone), nullif(regexp_replace(coalesce(p_phone, ''), '[[:space:].()/-]', '', 'g'), '')) as e) n
$function$;
REVOKE ALL ON FUNCTION private.whatsapp_mobile(text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.due_customer_reminders(p_restaurant_id uuid)
 RETURNS TABLE(reservation_id uuid, kind text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- Only reservations that stand (never cancelled, refused or past), each kind once (private.customer_reminders).
  select r.id, k.kind
    from public.restaurant_reservations r
   cross join lateral private.reminder_settings(r.restaurant_id) s
   cross join lateral private.customer_deadlines(r) d
   cross join lateral (values
     ('headcount', s.headcount_enabled and now() >= d.meal_at - make_interval(days => s.headcount_days) and now() < d.modify_until),
     ('day_before', s.day_before_enabled and now() >= ((r.reservation_date - 1) + time '10:00') at time zone 'Europe/Paris'),
     ('deposit', s.deposit_enabled and r.status = private.reservation_status('accepted')
                 and (private.deposit_for(r.total_amount, r.restaurant_id) ->> 'method') = 'acompte'
                 and now() >= (select max(e.created_at) from public.reservation_events e
                                where e.reservation_id = r.id and e.kind = 'status' and e.to_status = private.reservation_status('accepted'))
                              + make_interval(days => s.deposit_days))
   ) k(kind, due)
   where r.status in (private.reservation_status('accepted'), private.reservation_status('paid'))
     and r.reservation_date between (now() at time zone 'Europe/Paris')::date and (now() at time zone 'Europe/Paris')::date + 61
     and now() < d.meal_at
     and k.due
     and (p_restaurant_id is null or r.restaurant_id = p_restaurant_id)
     and not exists (select 1 from private.customer_reminders m where m.reservation_id = r.id and m.kind = k.kind)
$function$;
COMMENT ON FUNCTION private.due_customer_reminders(uuid) IS 'The customers'' reminders due now and not yet taken: the final headcount (accepted or paid, from headcount_days before the meal while the modification deadline is ahead), the day before (from 10:00 the day before), the acompte (accepted, an acompte asked, deposit_days after the acceptance); never for a reservation cancelled, refused or past.';
REVOKE ALL ON FUNCTION private.due_customer_reminders(uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.queue_customer_reminders(p_limit integer, p_restaurant_id uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_due record;
  v_row public.restaurant_reservations;
  v_channels text[];
  v_count integer := 0;
  v_label constant jsonb := '{"headcount": "nombre de convives et choix des menus", "day_before": "la veille du repas", "deposit": "acompte à verser"}';
begin
  for v_due in select * from private.due_customer_reminders(p_restaurant_id) limit greatest(p_limit, 0) loop
    -- Skip locked and the reminder's row: exactly one instance takes each reminder, whatever runs at once.
    select r.* into v_row from public.restaurant_reservations r where r.id = v_due.reservation_id for update skip locked;
    continue when v_row.id is null;
    insert into private.customer_reminders (reservation_id, kind) values (v_row.id, v_due.kind) on conflict do nothing;
    continue when not found;
    insert into public.notification_outbox (restaurant_id, reservation_id, kind, channel, recipient, payload)
    select v_row.restaurant_id, v_row.id, 'customer_reminder_' || v_due.kind, c.channel, c.recipient,
           -- What the message says that is the database's rule: the modification deadline and the acompte.
           jsonb_build_object('numero_reservation', v_row.numero_reservation, 'reservation_date', v_row.reservation_date,
                              'arrival_time', to_char(v_row.arrival_time, 'HH24:MI'), 'phone_number_id', c.phone_number_id,
                              'modify_until', (select d.modify_until from private.customer_deadlines(v_row) d),
                              'deposit', (private.deposit_for(v_row.total_amount, v_row.restaurant_id) ->> 'amount')::numeric)
      from (values ('email', v_row.email_address, null::text),
                   ('whatsapp', private.whatsapp_mobile(v_row.phone_number),
                    (select w.phone_number_id from public.restaurant_whatsapp_numbers w where w.restaurant_id = v_row.restaurant_id))) c(channel, recipient, phone_number_id)
     where c.recipient is not null and (c.channel = 'email' or c.phone_number_id is not null);
    select coalesce(array_agg(o.channel order by o.channel), '{}') into v_channels
      from public.notification_outbox o where o.reservation_id = v_row.id and o.kind = 'customer_reminder_' || v_due.kind;
    update private.customer_reminders m set channels = v_channels where m.reservation_id = v_row.id and m.kind = v_due.kind;
    -- The reservation's history says what was sent, and how.
    insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, kind, summary)
    values (v_row.id, v_row.restaurant_id, v_row.status, v_row.status, 'system', 'reminder',
            'Rappel au client (' || (v_label ->> v_due.kind) || ') : '
            || coalesce(nullif(array_to_string(array(select case ch when 'email' then 'e-mail' else 'WhatsApp' end from unnest(v_channels) ch), ', '), ''),
                        'aucun moyen de le joindre'));
    v_count := v_count + 1;
  end loop;
  if v_count > 0 then
    perform pg_notify('notification_outbox', '');
  end if;
  return v_count;
end
$function$;
COMMENT ON FUNCTION private.queue_customer_reminders(integer,uuid) IS 'One round of the customers'' reminders (private.due_customer_reminders): each taken once (private.customer_reminders), queued in the outbox by e-mail and, for a mobile when the restaurant''s WhatsApp number is set, by WhatsApp (kinds customer_reminder_headcount, _day_before, _deposit), and written in the reservation''s history (actor system, kind reminder). Answers how many it took.';
REVOKE ALL ON FUNCTION private.queue_customer_reminders(integer,uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.save_reminder_settings(p_restaurant_id uuid, p_settings jsonb)
 RETURNS public.restaurant_reminder_settings
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_saved public.restaurant_reminder_settings;
  v_headcount integer;
  v_deposit integer;
begin
  perform private.require_owner(p_restaurant_id);
  perform private.refuse_unless_object(p_settings);
  v_headcount := private.request_count(p_settings -> 'headcount_days', 'headcount_days', 'Le nombre de jours avant le repas', 1, 7);
  v_deposit := private.request_count(p_settings -> 'deposit_days', 'deposit_days', 'Le nombre de jours après l''acceptation', 1, 3);
  if v_headcount > 60 then
    perform private.refuse_request(422, 'out_of_range', 'headcount_days', 'Le rappel du nombre de convives part entre 1 et 60 jours avant le repas.');
  end if;
  if v_deposit > 30 then
    perform private.refuse_request(422, 'out_of_range', 'deposit_days', 'Le rappel de l''acompte part entre 1 et 30 jours après l''acceptation.');
  end if;
  insert into public.restaurant_reminder_settings (restaurant_id, headcount_enabled, headcount_days, day_before_enabled, deposit_enabled, deposit_days, updated_at, updated_by)
  values (p_restaurant_id, coalesce((p_settings ->> 'headcount_enabled')::boolean, true), v_headcount,
          coalesce((p_settings ->> 'day_before_enabled')::boolean, true), coalesce((p_settings ->> 'deposit_enabled')::boolean, true), v_deposit, now(), auth.uid())
  on conflict (restaurant_id) do update
    set headcount_enabled = excluded.headcount_enabled, headcount_days = excluded.headcount_days, day_before_enabled = excluded.day_before_enabled,
        deposit_enabled = excluded.deposit_enabled, deposit_days = excluded.deposit_days, updated_at = excluded.updated_at, updated_by = excluded.updated_by
  returning * into v_saved;
  return v_saved;
end
$function$;
COMMENT ON FUNCTION public.save_reminder_settings(uuid,jsonb) IS 'Messages automatiques: an owner sets the customers'' reminders of the restaurant in one call ({headcount_enabled, headcount_days 1–60, day_before_enabled, deposit_enabled, deposit_days 1–30}; missing: the defaults). Refusals {code, message, details = field}, 422. Answers the row saved.';
REVOKE ALL ON FUNCTION public.save_reminder_settings(uuid,jsonb) FROM PUBLIC, anon;

-- -------------------- Row Level Security policies

CREATE POLICY "Members read their reminder settings" ON public.restaurant_reminder_settings AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
