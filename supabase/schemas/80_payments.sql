-- Payments online: the restaurant's own Stripe account (Connect, Standard), the acompte or arrhes paid on a
-- Checkout page, the card imprint, refunds made for real, and Stripe's webhooks applied once each.
-- Every payment figure is in cents (integers), as Stripe counts: these tables', the reservation's
-- amount_received_cents and its history's amount_cents.
-- Stripe is called by the reservation service only (the platform's keys never reach the database):
-- these functions decide and record, the service carries out.
set check_function_bodies = off;

-- -------------------- Tables

CREATE TABLE public.restaurant_stripe_accounts (
    restaurant_id uuid NOT NULL,
    account_id text NOT NULL,
    account_name text,
    connected_at timestamp with time zone DEFAULT now() NOT NULL,
    connected_by uuid,
    CONSTRAINT restaurant_stripe_accounts_pkey PRIMARY KEY (restaurant_id),
    CONSTRAINT restaurant_stripe_accounts_account_id_check CHECK ((account_id ~ '^acct_[A-Za-z0-9]{1,64}$'::text)),
    CONSTRAINT restaurant_stripe_accounts_account_name_max_200 CHECK ((char_length(account_name) <= 200)),
    CONSTRAINT restaurant_stripe_accounts_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE,
    CONSTRAINT restaurant_stripe_accounts_connected_by_fkey FOREIGN KEY (connected_by) REFERENCES auth.users(id) ON DELETE SET NULL
);
COMMENT ON TABLE public.restaurant_stripe_accounts IS 'The restaurant''s own Stripe account (Connect, Standard), connected by an owner through Stripe''s OAuth: its id and name only, no secret of the restaurant''s. Owners read it; written by stripe_connect_save (the service, after the OAuth exchange) and stripe_disconnect (an owner).';
ALTER TABLE public.restaurant_stripe_accounts ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_stripe_accounts FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.restaurant_stripe_accounts TO authenticated, service_role;
GRANT INSERT, UPDATE, DELETE ON TABLE public.restaurant_stripe_accounts TO service_role;

CREATE TABLE private.stripe_connect_states (
    state_hash text NOT NULL,
    restaurant_id uuid NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT stripe_connect_states_pkey PRIMARY KEY (state_hash),
    CONSTRAINT stripe_connect_states_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE,
    CONSTRAINT stripe_connect_states_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);
GRANT SELECT, INSERT, DELETE ON TABLE private.stripe_connect_states TO service_role;
COMMENT ON TABLE private.stripe_connect_states IS 'The OAuth state of a connection under way (its sha256): which owner asked for which restaurant. Taken once, within 30 minutes (stripe_connect_take).';

CREATE TABLE public.reservation_checkouts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    reservation_id uuid NOT NULL,
    restaurant_id uuid NOT NULL,
    account_id text NOT NULL,
    purpose text NOT NULL,
    amount_cents integer NOT NULL,
    session_id text NOT NULL,
    url text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT reservation_checkouts_pkey PRIMARY KEY (id),
    CONSTRAINT reservation_checkouts_session_id_key UNIQUE (session_id),
    CONSTRAINT reservation_checkouts_account_id_check CHECK ((account_id ~ '^acct_[A-Za-z0-9]{1,64}$'::text)),
    CONSTRAINT reservation_checkouts_purpose_check CHECK ((purpose = ANY (ARRAY['advance'::text, 'imprint'::text, 'no_show_fee'::text]))),
    CONSTRAINT reservation_checkouts_status_check CHECK ((status = ANY (ARRAY['open'::text, 'complete'::text, 'expired'::text]))),
    CONSTRAINT reservation_checkouts_amount_cents_check CHECK ((amount_cents >= 0)),
    CONSTRAINT reservation_checkouts_session_id_check CHECK ((session_id ~ '^cs_[A-Za-z0-9_]{1,200}$'::text)),
    CONSTRAINT reservation_checkouts_url_max_2048 CHECK ((char_length(url) <= 2048)),
    CONSTRAINT reservation_checkouts_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.restaurant_reservations(id) ON DELETE CASCADE,
    CONSTRAINT reservation_checkouts_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
COMMENT ON TABLE public.reservation_checkouts IS 'The Stripe Checkout Sessions made for a reservation: what for (advance: the acompte or arrhes, or the difference after a change; imprint: the card saved; no_show_fee: a fee that needed the customer''s authentication), on which account, for how many cents, until when. One per reservation, purpose and amount while open (customer_checkout reuses it). Members read them; written by the service''s functions only.';
ALTER TABLE public.reservation_checkouts ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.reservation_checkouts FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.reservation_checkouts TO authenticated;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.reservation_checkouts TO service_role;
CREATE INDEX reservation_checkouts_reservation_id_idx ON public.reservation_checkouts USING btree (reservation_id, purpose, amount_cents);

CREATE TABLE public.reservation_payments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    reservation_id uuid NOT NULL,
    restaurant_id uuid NOT NULL,
    account_id text NOT NULL,
    kind text NOT NULL,
    amount_cents integer NOT NULL,
    status text NOT NULL,
    stripe_id text,
    payment_intent text,
    event_id uuid,
    attempts integer DEFAULT 0 NOT NULL,
    claimed_until timestamp with time zone,
    last_error text,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT reservation_payments_pkey PRIMARY KEY (id),
    CONSTRAINT reservation_payments_stripe_id_key UNIQUE (stripe_id),
    CONSTRAINT reservation_payments_kind_check CHECK ((kind = ANY (ARRAY['advance'::text, 'no_show_fee'::text, 'refund'::text]))),
    CONSTRAINT reservation_payments_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'succeeded'::text, 'failed'::text]))),
    CONSTRAINT reservation_payments_amount_cents_check CHECK ((amount_cents > 0)),
    CONSTRAINT reservation_payments_stripe_id_check CHECK ((stripe_id ~ '^(pi|re)_[A-Za-z0-9_]{1,200}$'::text)),
    CONSTRAINT reservation_payments_payment_intent_check CHECK ((payment_intent ~ '^pi_[A-Za-z0-9_]{1,200}$'::text)),
    CONSTRAINT reservation_payments_last_error_max_1000 CHECK ((char_length(last_error) <= 1000)),
    CONSTRAINT reservation_payments_account_id_check CHECK ((account_id ~ '^acct_[A-Za-z0-9]{1,64}$'::text)),
    CONSTRAINT reservation_payments_refund_of_a_payment CHECK (((kind <> 'refund'::text) OR (payment_intent IS NOT NULL))),
    CONSTRAINT reservation_payments_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.restaurant_reservations(id) ON DELETE CASCADE,
    CONSTRAINT reservation_payments_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE,
    CONSTRAINT reservation_payments_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.reservation_events(id) ON DELETE SET NULL
);
COMMENT ON TABLE public.reservation_payments IS 'The money that moved through Stripe for a reservation, in cents: payments (advance, no_show_fee: stripe_id = its PaymentIntent) and refunds (stripe_id = the refund once made; pending until the service has made it, event_id = the cancellation that asked for it). Members read it; written by the service''s functions only.';
ALTER TABLE public.reservation_payments ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.reservation_payments FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.reservation_payments TO authenticated, service_role;
GRANT INSERT, UPDATE, DELETE ON TABLE public.reservation_payments TO service_role;
CREATE INDEX reservation_payments_reservation_id_idx ON public.reservation_payments USING btree (reservation_id);
CREATE INDEX reservation_payments_pending_idx ON public.reservation_payments USING btree (created_at) WHERE (status = 'pending'::text);

CREATE TABLE public.reservation_card_imprints (
    reservation_id uuid NOT NULL,
    restaurant_id uuid NOT NULL,
    account_id text NOT NULL,
    customer_id text NOT NULL,
    payment_method_id text NOT NULL,
    card_brand text,
    card_last4 text,
    setup_intent text NOT NULL,
    saved_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT reservation_card_imprints_pkey PRIMARY KEY (reservation_id),
    CONSTRAINT reservation_card_imprints_account_id_check CHECK ((account_id ~ '^acct_[A-Za-z0-9]{1,64}$'::text)),
    CONSTRAINT reservation_card_imprints_customer_id_check CHECK ((customer_id ~ '^cus_[A-Za-z0-9_]{1,200}$'::text)),
    CONSTRAINT reservation_card_imprints_payment_method_id_check CHECK ((payment_method_id ~ '^(pm|card|src)_[A-Za-z0-9_]{1,200}$'::text)),
    CONSTRAINT reservation_card_imprints_setup_intent_check CHECK ((setup_intent ~ '^seti_[A-Za-z0-9_]{1,200}$'::text)),
    CONSTRAINT reservation_card_imprints_card_brand_max_40 CHECK ((char_length(card_brand) <= 40)),
    CONSTRAINT reservation_card_imprints_card_last4_check CHECK ((card_last4 ~ '^[0-9]{4}$'::text)),
    CONSTRAINT reservation_card_imprints_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.restaurant_reservations(id) ON DELETE CASCADE,
    CONSTRAINT reservation_card_imprints_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
COMMENT ON TABLE public.reservation_card_imprints IS 'The card imprint (empreinte bancaire) of a reservation: the customer''s card saved on the restaurant''s Stripe account by a Checkout Session in setup mode, charged off-session only for the no-show fee the CGV state. Members read it (brand and last four digits); written by stripe_apply_event only.';
ALTER TABLE public.reservation_card_imprints ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.reservation_card_imprints FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.reservation_card_imprints TO authenticated, service_role;
GRANT INSERT, UPDATE, DELETE ON TABLE public.reservation_card_imprints TO service_role;

CREATE TABLE private.stripe_events (
    id text NOT NULL,
    type text NOT NULL,
    account_id text,
    outcome text NOT NULL,
    received_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT stripe_events_pkey PRIMARY KEY (id)
);
GRANT SELECT, INSERT, UPDATE ON TABLE private.stripe_events TO service_role;
COMMENT ON TABLE private.stripe_events IS 'Each Stripe event applied, by its id: a retry or a duplicate of Stripe''s is answered without a second effect. outcome: what applying it did.';

-- -------------------- Functions

CREATE OR REPLACE FUNCTION private.advance_payment_nature(p_restaurant_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- Sums whose nature the CGV do not state are arrhes (Code de la consommation, art. L214-1).
  select coalesce((select c.advance_payment_nature from public.restaurant_cgv c where c.restaurant_id = p_restaurant_id), 'arrhes')
$function$;
COMMENT ON FUNCTION private.advance_payment_nature(uuid) IS 'arrhes or acompte: what the restaurant''s CGV make of the sums paid in advance; arrhes when they say nothing.';
REVOKE ALL ON FUNCTION private.advance_payment_nature(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.advance_payment_nature(uuid) TO service_role;

CREATE OR REPLACE FUNCTION private.online_payment_due(p_row public.restaurant_reservations)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- What the customer may pay online now: the acompte (or arrhes) still owed of an accepted or paid
  -- reservation (all of it, or the difference after a change), the card imprint asked, or a no-show fee
  -- their bank asked them to confirm.
  select coalesce((select jsonb_build_object('purpose', 'no_show_fee', 'amount_cents', p.amount_cents)
                     from public.reservation_payments p
                     join public.restaurant_stripe_accounts a on a.restaurant_id = p.restaurant_id and a.account_id = p.account_id
                    where p.reservation_id = p_row.id and p.kind = 'no_show_fee' and p.status = 'pending'
                    limit 1),
  (select case
    -- Stripe takes no card payment under 0,50 €: a smaller difference is settled with the rest, on the day.
    when d ->> 'method' = 'acompte' and due.cents >= 50 then jsonb_build_object('purpose', 'advance', 'amount_cents', due.cents)
    when d ->> 'method' = 'empreinte' and p_row.status = private.reservation_status('accepted')
         and not exists (select 1 from public.reservation_card_imprints i where i.reservation_id = p_row.id)
      then jsonb_build_object('purpose', 'imprint', 'amount_cents', 0)
  end
    from private.deposit_for(p_row.total_amount, p_row.restaurant_id) d
   cross join lateral (
     select private.euros_to_cents((d ->> 'amount')::numeric)
            - case when p_row.status = private.reservation_status('paid') then coalesce(p_row.amount_received_cents, 0) else 0 end as cents) due
   where p_row.status in (private.reservation_status('accepted'), private.reservation_status('paid'))
     and exists (select 1 from public.restaurant_stripe_accounts a where a.restaurant_id = p_row.restaurant_id)))
$function$;
COMMENT ON FUNCTION private.online_payment_due(public.restaurant_reservations) IS 'What may be paid online now for the reservation: {purpose advance, amount_cents} (the deposit still owed, or the difference when a change raised it after a payment), {purpose imprint, amount_cents 0}, or {purpose no_show_fee, amount_cents} (a fee waiting for the customer''s authentication); null when nothing, or when the restaurant has no Stripe account (or another than the fee''s).';
REVOKE ALL ON FUNCTION private.online_payment_due(public.restaurant_reservations) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.online_payment_due(public.restaurant_reservations) TO service_role;

CREATE OR REPLACE FUNCTION private.require_payments_owner(p_restaurant_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- The restaurant's own Stripe account is its owners' business: a manager runs the day, not the money's settings.
  if p_restaurant_id is null or not private.has_role(p_restaurant_id, 'owner') then
    raise exception 'Seul un propriétaire du restaurant peut gérer le paiement en ligne' using errcode = '42501';
  end if;
end
$function$;
REVOKE ALL ON FUNCTION private.require_payments_owner(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.require_payments_owner(uuid) TO authenticated;

CREATE OR REPLACE FUNCTION public.stripe_connect_begin(p_restaurant_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_state text := encode(extensions.gen_random_bytes(24), 'hex');
begin
  perform private.require_payments_owner(p_restaurant_id);
  delete from private.stripe_connect_states s where s.created_at < clock_timestamp() - interval '1 hour';
  insert into private.stripe_connect_states (state_hash, restaurant_id, user_id)
  values (encode(extensions.digest(v_state, 'sha256'), 'hex'), p_restaurant_id, (select auth.uid()));
  return v_state;
end
$function$;
COMMENT ON FUNCTION public.stripe_connect_begin(uuid) IS '''Paiement en ligne'' › connect: an owner (only) starts Stripe''s OAuth for the restaurant; answers the state to send to Stripe (192 random bits; only its sha256 is kept, 30 minutes).';
REVOKE ALL ON FUNCTION public.stripe_connect_begin(uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.stripe_connect_begin(uuid) TO authenticated;

CREATE OR REPLACE FUNCTION public.stripe_connect_take(p_state text)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  -- Once: the row goes as it is read. The owner must still be an owner.
  with taken as (
    delete from private.stripe_connect_states s
     where s.state_hash = encode(extensions.digest(coalesce(p_state, ''), 'sha256'), 'hex')
     returning s.restaurant_id, s.user_id, s.created_at)
  select jsonb_build_object('restaurant_id', t.restaurant_id, 'user_id', t.user_id)
    from taken t
   where t.created_at > clock_timestamp() - interval '30 minutes'
     and exists (select 1 from public.restaurant_members m where m.restaurant_id = t.restaurant_id and m.user_id = t.user_id and m.role = 'owner')
$function$;
COMMENT ON FUNCTION public.stripe_connect_take(text) IS 'The service, back from Stripe''s OAuth: the restaurant and owner the state was drawn for ({restaurant_id, user_id}), once; null when unknown, used, older than 30 minutes or no longer an owner''s.';
REVOKE ALL ON FUNCTION public.stripe_connect_take(text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.stripe_connect_take(text) TO service_role;

CREATE OR REPLACE FUNCTION public.stripe_connect_save(p_restaurant_id uuid, p_user_id uuid, p_account_id text, p_account_name text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into public.restaurant_stripe_accounts (restaurant_id, account_id, account_name, connected_at, connected_by)
  values (p_restaurant_id, p_account_id, left(nullif(btrim(p_account_name), ''), 200), now(), p_user_id)
  on conflict (restaurant_id) do update
    set account_id = excluded.account_id, account_name = excluded.account_name, connected_at = excluded.connected_at, connected_by = excluded.connected_by
$function$;
COMMENT ON FUNCTION public.stripe_connect_save(uuid,uuid,text,text) IS 'The service records the Stripe account the OAuth exchange gave (its id and name), replacing the previous one.';
REVOKE ALL ON FUNCTION public.stripe_connect_save(uuid,uuid,text,text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.stripe_connect_save(uuid,uuid,text,text) TO service_role;

CREATE OR REPLACE FUNCTION public.stripe_disconnect(p_restaurant_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_account text;
begin
  perform private.require_payments_owner(p_restaurant_id);
  delete from public.restaurant_stripe_accounts a where a.restaurant_id = p_restaurant_id returning a.account_id into v_account;
  return v_account;
end
$function$;
COMMENT ON FUNCTION public.stripe_disconnect(uuid) IS '''Déconnecter'': an owner (only) removes the restaurant''s Stripe account; answers its id (null when none), which the service then deauthorizes at Stripe. Payments already made stay recorded.';
REVOKE ALL ON FUNCTION public.stripe_disconnect(uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.stripe_disconnect(uuid) TO authenticated;

CREATE OR REPLACE FUNCTION public.customer_checkout(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_row public.restaurant_reservations;
  v_due jsonb;
  v_account text;
  v_open public.reservation_checkouts;
begin
  select r.* into v_row from public.restaurant_reservations r
   where r.customer_page_hash = encode(extensions.digest(coalesce(p_token, ''), 'sha256'), 'hex');
  if not found then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  select a.account_id into v_account from public.restaurant_stripe_accounts a where a.restaurant_id = v_row.restaurant_id;
  if v_account is null then
    return jsonb_build_object('outcome', 'not_configured');
  end if;
  v_due := private.online_payment_due(v_row);
  if v_due is null then
    return jsonb_build_object('outcome', 'nothing_due', 'status', v_row.status);
  end if;
  select c.* into v_open from public.reservation_checkouts c
   where c.reservation_id = v_row.id and c.purpose = v_due ->> 'purpose' and c.amount_cents = (v_due ->> 'amount_cents')::integer
     and c.account_id = v_account and c.status = 'open' and c.expires_at > clock_timestamp() + interval '10 minutes'
   order by c.created_at desc limit 1;
  return jsonb_build_object(
    'outcome', 'ok',
    'reservation_id', v_row.id,
    'account_id', v_account,
    'purpose', v_due ->> 'purpose',
    'amount_cents', (v_due ->> 'amount_cents')::integer,
    'nature', private.advance_payment_nature(v_row.restaurant_id),
    'reference', v_row.numero_reservation_restaurateur,
    'reservation_date', v_row.reservation_date,
    'restaurant_name', (select t.name from public.restaurants t where t.id = v_row.restaurant_id),
    'customer_email', v_row.email,
    -- Sessions made before for the same purpose and amount: the next one's idempotency key differs from theirs.
    'attempt', (select count(*) from public.reservation_checkouts c
                 where c.reservation_id = v_row.id and c.purpose = v_due ->> 'purpose' and c.amount_cents = (v_due ->> 'amount_cents')::integer),
    'open_session', case when v_open.id is not null then jsonb_build_object('session_id', v_open.session_id, 'url', v_open.url) end);
end
$function$;
COMMENT ON FUNCTION public.customer_checkout(text) IS '''Payer l''acompte'' / ''Payer les arrhes'' / the card imprint, from the customer''s page (its token): what is due now online and on which Stripe account (outcome ok with purpose, amount_cents, nature, reference, and open_session when one made for the same purpose and amount is still valid, to be reused), or not_found, not_configured (no Stripe account), nothing_due. For the reservation service, which makes the session.';
REVOKE ALL ON FUNCTION public.customer_checkout(text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.customer_checkout(text) TO service_role;

CREATE OR REPLACE FUNCTION public.checkout_session_saved(p_reservation_id uuid, p_account_id text, p_purpose text, p_amount_cents integer, p_session_id text, p_url text, p_expires_at timestamp with time zone)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  -- Two clicks at once made the same session (one idempotency key): it is recorded once.
  insert into public.reservation_checkouts (reservation_id, restaurant_id, account_id, purpose, amount_cents, session_id, url, expires_at)
  select r.id, r.restaurant_id, p_account_id, p_purpose, p_amount_cents, p_session_id, p_url, p_expires_at
    from public.restaurant_reservations r where r.id = p_reservation_id
  on conflict (session_id) do nothing
$function$;
COMMENT ON FUNCTION public.checkout_session_saved(uuid,text,text,integer,text,text,timestamp with time zone) IS 'The service records a Checkout Session it made (customer_checkout said what for).';
REVOKE ALL ON FUNCTION public.checkout_session_saved(uuid,text,text,integer,text,text,timestamp with time zone) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.checkout_session_saved(uuid,text,text,integer,text,text,timestamp with time zone) TO service_role;

CREATE OR REPLACE FUNCTION private.record_online_payment(p_reservation_id uuid, p_account_id text, p_kind text, p_cents integer, p_payment_intent text)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_res public.restaurant_reservations%rowtype;
  v_paid smallint := private.reservation_status('paid');
  v_received_cents integer;
  v_outcome jsonb;
begin
  select * into v_res from public.restaurant_reservations r where r.id = p_reservation_id for update;
  insert into public.reservation_payments (reservation_id, restaurant_id, account_id, kind, amount_cents, status, stripe_id, payment_intent)
  values (v_res.id, v_res.restaurant_id, p_account_id, p_kind, p_cents, 'succeeded', p_payment_intent, p_payment_intent)
  on conflict (stripe_id) do nothing;
  if not found then
    return 'duplicate';
  end if;
  if p_kind = 'no_show_fee' then
    -- Paid: the fee that waited for the customer's authentication is this one.
    delete from public.reservation_payments p where p.reservation_id = v_res.id and p.kind = 'no_show_fee' and p.status = 'pending';
    insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, kind, amount_cents, payment_id, summary)
    values (v_res.id, v_res.restaurant_id, v_res.status, v_res.status, 'system', 'payment', p_cents, p_payment_intent,
            'Frais de non-présentation prélevés — ' || replace(to_char(p_cents / 100.0, 'FM999999990.00'), '.', ',') || ' € (Stripe)');
    return 'recorded';
  end if;

  v_received_cents := (select sum(p.amount_cents) from public.reservation_payments p
                        where p.reservation_id = v_res.id and p.kind = 'advance' and p.status = 'succeeded');
  if v_res.status = private.reservation_status('accepted') then
    -- The one path of a status change: the customer paid online.
    v_outcome := public.transition_reservation_by_id(v_res.id, v_paid, 'customer', null, p_amount_cents => v_received_cents, p_payment_id => p_payment_intent);
    return v_outcome ->> 'outcome';
  end if;
  -- Paid already (the difference after a change), or no longer standing (paid after a cancellation: to refund).
  update public.restaurant_reservations r set amount_received_cents = v_received_cents
   where r.id = v_res.id and r.status = v_paid;
  insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, kind, amount_cents, payment_id)
  values (v_res.id, v_res.restaurant_id, v_res.status, v_res.status, 'customer', 'payment', p_cents, p_payment_intent);
  return case when v_res.status = v_paid then 'recorded' else 'recorded_not_standing' end;
end
$function$;
COMMENT ON FUNCTION private.record_online_payment(uuid,text,text,integer,text) IS 'A payment online received (once per PaymentIntent): an accepted reservation becomes paid through transition_reservation_by_id with the amount received; a paid one (the difference after a change) has its amount_received_cents raised; any other is only recorded (history kind payment), to be refunded by the owner.';
REVOKE ALL ON FUNCTION private.record_online_payment(uuid,text,text,integer,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.record_online_payment(uuid,text,text,integer,text) TO service_role;

CREATE OR REPLACE FUNCTION private.plan_online_refunds(p_reservation_id uuid, p_event_id uuid, p_cents integer)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_left integer := p_cents;
  v_payment record;
  v_part integer;
begin
  if not exists (select 1 from public.reservation_payments p where p.reservation_id = p_reservation_id and p.kind = 'advance' and p.status = 'succeeded') then
    return 0;
  end if;
  -- Each payment's refundable part (what it brought less what is refunded or being refunded), largest first.
  for v_payment in
    select p.payment_intent, p.restaurant_id, p.account_id,
           p.amount_cents - coalesce((select sum(f.amount_cents) from public.reservation_payments f
                                       where f.kind = 'refund' and f.payment_intent = p.payment_intent and f.status <> 'failed'), 0) as refundable
      from public.reservation_payments p
     where p.reservation_id = p_reservation_id and p.kind = 'advance' and p.status = 'succeeded'
     order by 3 desc
  loop
    exit when v_left <= 0;
    v_part := least(v_left, v_payment.refundable);
    continue when v_part <= 0;
    insert into public.reservation_payments (reservation_id, restaurant_id, account_id, kind, amount_cents, status, payment_intent, event_id)
    values (p_reservation_id, v_payment.restaurant_id, v_payment.account_id, 'refund', v_part, 'pending', v_payment.payment_intent, p_event_id);
    v_left := v_left - v_part;
  end loop;
  -- What is left (paid otherwise, or the second half of arrhes repaid double) is the restaurant's to pay.
  return p_cents - v_left;
end
$function$;
COMMENT ON FUNCTION private.plan_online_refunds(uuid,uuid,integer) IS 'A cancellation that refunds p_cents: the refunds to make on the payments received online (pending rows, made by the service: take_pending_refunds), up to what each brought; answers the cents that will be refunded online.';
REVOKE ALL ON FUNCTION private.plan_online_refunds(uuid,uuid,integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.plan_online_refunds(uuid,uuid,integer) TO service_role;

CREATE OR REPLACE FUNCTION public.take_pending_refunds(p_reservation_id uuid DEFAULT NULL::uuid, p_lease_ms integer DEFAULT 60000)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  -- Skip locked: two instances never make the same refund at once (and the idempotency key, the row's id, makes a retry harmless).
  with due as (
    select p.id from public.reservation_payments p
     where p.kind = 'refund' and p.status = 'pending' and p.stripe_id is null
       and (p_reservation_id is null or p.reservation_id = p_reservation_id)
       and (p.claimed_until is null or p.claimed_until < clock_timestamp())
     order by p.created_at
     limit 20
     for update skip locked),
  taken as (
    update public.reservation_payments p
       set claimed_until = clock_timestamp() + make_interval(secs => p_lease_ms / 1000.0), attempts = p.attempts + 1
      from due where p.id = due.id
    returning p.id, p.payment_intent, p.amount_cents, p.reservation_id, p.account_id)
  select coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'payment_intent', t.payment_intent, 'amount_cents', t.amount_cents,
                                               'reservation_id', t.reservation_id, 'account_id', t.account_id)), '[]'::jsonb)
    from taken t
$function$;
COMMENT ON FUNCTION public.take_pending_refunds(uuid,integer) IS 'The refunds still to make at Stripe (all, or one reservation''s), each taken for p_lease_ms: {id (the idempotency key), payment_intent, amount_cents, reservation_id, account_id (the account the payment was made on)}. Called by the service after a cancellation and by its reminder round (retries).';
REVOKE ALL ON FUNCTION public.take_pending_refunds(uuid,integer) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.take_pending_refunds(uuid,integer) TO service_role;

CREATE OR REPLACE FUNCTION public.refund_made(p_id uuid, p_refund_id text, p_status text, p_error text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_refund public.reservation_payments;
begin
  if p_refund_id is null then
    -- Stripe refused (more than what is left, a disputed charge, an account no longer connected): failed, said in the
    -- history; an error of the network is retried, twenty times at most (a minute apart: the reminder round).
    update public.reservation_payments p
       set status = case when p_status = 'failed' or p.attempts >= 20 then 'failed' else p.status end, last_error = left(p_error, 1000), claimed_until = null
     where p.id = p_id returning * into v_refund;
    if v_refund.status = 'failed' then
      insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, kind, amount_cents, summary)
      select v_refund.reservation_id, v_refund.restaurant_id, r.status, r.status, 'system', 'refund', v_refund.amount_cents,
             'Remboursement en ligne refusé par Stripe : ' || left(coalesce(p_error, ''), 300)
        from public.restaurant_reservations r where r.id = v_refund.reservation_id;
    end if;
    return;
  end if;
  -- charge.refunded may have recorded it first (out of order, the row found by its metadata); the row lock orders the two.
  select p.* into v_refund from public.reservation_payments p where p.id = p_id for update;
  if not found then
    return;
  end if;
  if exists (select 1 from public.reservation_payments p where p.stripe_id = p_refund_id and p.id <> p_id) then
    delete from public.reservation_payments p where p.id = p_id;
    return;
  end if;
  update public.reservation_payments p
     set stripe_id = p_refund_id, status = case when p_status = 'succeeded' or p.status = 'succeeded' then 'succeeded' else 'pending' end,
         claimed_until = null, last_error = null
   where p.id = p_id;
  -- The history says it once: here, unless the webhook said it first.
  if v_refund.stripe_id is null then
    insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, kind, amount_cents, payment_id)
    select v_refund.reservation_id, v_refund.restaurant_id, r.status, r.status, 'system', 'refund', v_refund.amount_cents, p_refund_id
      from public.restaurant_reservations r where r.id = v_refund.reservation_id;
  end if;
end
$function$;
COMMENT ON FUNCTION public.refund_made(uuid,text,text,text) IS 'The service records the outcome of a refund it made: Stripe''s refund id and status, or (p_refund_id null) an error, final when p_status is failed, retried otherwise. One history row (kind refund) either way that ends it.';
REVOKE ALL ON FUNCTION public.refund_made(uuid,text,text,text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.refund_made(uuid,text,text,text) TO service_role;

CREATE OR REPLACE FUNCTION public.stripe_apply_event(p_event jsonb)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_type text := p_event ->> 'type';
  v_account text := p_event ->> 'account';
  v_object jsonb := p_event #> '{data,object}';
  v_checkout public.reservation_checkouts;
  v_outcome text;
  v_refund jsonb;
  v_payment public.reservation_payments;
begin
  -- Once per event id, whatever Stripe's retries: a second delivery finds the row and changes nothing.
  insert into private.stripe_events (id, type, account_id, outcome) values (p_event ->> 'id', v_type, v_account, 'applying')
  on conflict (id) do nothing;
  if not found then
    return 'duplicate';
  end if;

  if v_type in ('checkout.session.completed', 'checkout.session.expired') then
    select c.* into v_checkout from public.reservation_checkouts c where c.session_id = v_object ->> 'id' for update;
    if not found then
      v_outcome := 'unknown_session';
    elsif v_checkout.account_id is distinct from v_account then
      -- Only the account the session was made on speaks of it.
      v_outcome := 'wrong_account';
    elsif v_type = 'checkout.session.expired' then
      update public.reservation_checkouts c set status = 'expired' where c.id = v_checkout.id and c.status = 'open';
      v_outcome := 'expired';
    else
      update public.reservation_checkouts c set status = 'complete' where c.id = v_checkout.id;
      if v_checkout.purpose = 'imprint' then
        insert into public.reservation_card_imprints (reservation_id, restaurant_id, account_id, customer_id, payment_method_id, card_brand, card_last4, setup_intent)
        values (v_checkout.reservation_id, v_checkout.restaurant_id, v_account, v_object #>> '{imprint,customer}', v_object #>> '{imprint,payment_method}',
                v_object #>> '{imprint,brand}', v_object #>> '{imprint,last4}', v_object #>> '{imprint,setup_intent}')
        on conflict (reservation_id) do update
          set customer_id = excluded.customer_id, payment_method_id = excluded.payment_method_id, card_brand = excluded.card_brand,
              card_last4 = excluded.card_last4, setup_intent = excluded.setup_intent, account_id = excluded.account_id, saved_at = clock_timestamp();
        insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, kind, payment_id, summary)
        select r.id, r.restaurant_id, r.status, r.status, 'customer', 'imprint', v_object #>> '{imprint,setup_intent}',
               'Empreinte bancaire enregistrée' || coalesce(' (' || initcap(v_object #>> '{imprint,brand}') || ' •••• ' || (v_object #>> '{imprint,last4}') || ')', '')
          from public.restaurant_reservations r where r.id = v_checkout.reservation_id;
        v_outcome := 'imprint_saved';
      elsif v_object ->> 'payment_status' = 'paid' then
        v_outcome := private.record_online_payment(v_checkout.reservation_id, v_account, case when v_checkout.purpose = 'no_show_fee' then 'no_show_fee' else 'advance' end,
                                                   (v_object ->> 'amount_total')::integer, v_object ->> 'payment_intent');
      else
        v_outcome := 'not_paid';
      end if;
    end if;
  elsif v_type = 'charge.refunded' then
    -- Each refund of the charge: the one Tablée asked for learns its status; one made in Stripe's dashboard is recorded.
    v_outcome := 'refunds_reconciled';
    for v_refund in select value from jsonb_array_elements(coalesce(v_object #> '{refunds,data}', '[]'::jsonb)) loop
      update public.reservation_payments p set status = case when v_refund ->> 'status' = 'succeeded' then 'succeeded'
                                                                 when v_refund ->> 'status' in ('failed', 'canceled') then 'failed' else p.status end
       where p.stripe_id = v_refund ->> 'id';
      continue when found;
      -- Ours, made by the service, whose answer it has not recorded yet: the row's id rides in the refund's metadata.
      update public.reservation_payments p
         set stripe_id = v_refund ->> 'id', claimed_until = null,
             status = case when v_refund ->> 'status' = 'succeeded' then 'succeeded' else 'pending' end
       where p.id = case when v_refund #>> '{metadata,tablee_refund_id}' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                         then (v_refund #>> '{metadata,tablee_refund_id}')::uuid end
         and p.kind = 'refund' and p.stripe_id is null and p.account_id = v_account
      returning p.* into v_payment;
      if not found then
        -- One made in Stripe's dashboard, of a payment of this account's.
        select p.* into v_payment from public.reservation_payments p
         where p.stripe_id = v_object ->> 'payment_intent' and p.kind <> 'refund' and p.account_id = v_account;
        continue when not found;
        insert into public.reservation_payments (reservation_id, restaurant_id, account_id, kind, amount_cents, status, stripe_id, payment_intent)
        values (v_payment.reservation_id, v_payment.restaurant_id, v_account, 'refund', (v_refund ->> 'amount')::integer,
                case when v_refund ->> 'status' = 'succeeded' then 'succeeded' else 'pending' end, v_refund ->> 'id', v_payment.payment_intent)
        on conflict (stripe_id) do nothing;
        continue when not found;
      end if;
      insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, kind, amount_cents, payment_id)
      select r.id, r.restaurant_id, r.status, r.status, 'system', 'refund', (v_refund ->> 'amount')::integer, v_refund ->> 'id'
        from public.restaurant_reservations r where r.id = v_payment.reservation_id;
    end loop;
  else
    v_outcome := 'ignored';
  end if;

  update private.stripe_events e set outcome = v_outcome where e.id = p_event ->> 'id';
  return v_outcome;
end
$function$;
COMMENT ON FUNCTION public.stripe_apply_event(jsonb) IS 'A Stripe webhook event (its signature checked by the service), applied once per event id: checkout.session.completed (a payment: record_online_payment; a card imprint: saved), checkout.session.expired, charge.refunded (refunds reconciled). Events of another account than the session''s, or of sessions Tablée did not make, change nothing. Answers the outcome (duplicate, paid…, imprint_saved, wrong_account, unknown_session, ignored).';
REVOKE ALL ON FUNCTION public.stripe_apply_event(jsonb) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.stripe_apply_event(jsonb) TO service_role;

CREATE OR REPLACE FUNCTION private.no_show_fee_cents(p_row public.restaurant_reservations)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- What the CGV state, never more: per expected guest (adults and children), or a fixed sum.
  select case c.no_show_fee_type when 'per_person' then c.no_show_fee_cents * (p_row.number_people + p_row.children)
                                 when 'fixed' then c.no_show_fee_cents end
    from public.restaurant_cgv c where c.restaurant_id = p_row.restaurant_id
$function$;
COMMENT ON FUNCTION private.no_show_fee_cents(public.restaurant_reservations) IS 'The no-show fee the restaurant''s CGV state for the reservation, in cents (per person: times the expected guests); null when they state none.';
REVOKE ALL ON FUNCTION private.no_show_fee_cents(public.restaurant_reservations) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.no_show_fee_cents(public.restaurant_reservations) TO service_role;

CREATE OR REPLACE FUNCTION public.no_show_fee_plan(p_reservation_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row public.restaurant_reservations;
  v_imprint public.reservation_card_imprints;
  v_cents integer;
begin
  select r.* into v_row from public.restaurant_reservations r where r.id = p_reservation_id;
  if not found or not private.has_role(v_row.restaurant_id, 'owner') then
    raise exception 'Seul un propriétaire du restaurant peut prélever des frais de non-présentation' using errcode = '42501';
  end if;
  v_cents := private.no_show_fee_cents(v_row);
  select i.* into v_imprint from public.reservation_card_imprints i where i.reservation_id = v_row.id;
  return jsonb_build_object(
    'outcome', case when v_row.status <> private.reservation_status('no_show') then 'not_no_show'
                    when v_imprint.reservation_id is null then 'no_imprint'
                    when v_cents is null then 'no_fee'
                    when exists (select 1 from public.reservation_payments p where p.reservation_id = v_row.id and p.kind = 'no_show_fee') then 'already_charged'
                    else 'ok' end,
    'reservation_id', v_row.id,
    'amount_cents', v_cents,
    'account_id', v_imprint.account_id,
    'customer_id', v_imprint.customer_id,
    'payment_method_id', v_imprint.payment_method_id,
    'reference', v_row.numero_reservation_restaurateur);
end
$function$;
COMMENT ON FUNCTION public.no_show_fee_plan(uuid) IS '''Prélever les frais de non-présentation'': for an owner (only) of the reservation''s restaurant, what may be charged on the card imprint: outcome ok with amount_cents (the CGV''s fee, never more), the account, customer and card; or not_no_show, no_imprint, no_fee, already_charged (asked once, paid or waiting for the customer). Changes nothing: the reservation service charges, then records (no_show_fee_recorded).';
REVOKE ALL ON FUNCTION public.no_show_fee_plan(uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.no_show_fee_plan(uuid) TO authenticated;

CREATE OR REPLACE FUNCTION public.no_show_fee_recorded(p_reservation_id uuid, p_account_id text, p_cents integer, p_payment_intent text, p_needs_authentication boolean)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_res public.restaurant_reservations;
begin
  select r.* into v_res from public.restaurant_reservations r where r.id = p_reservation_id for update;
  if not p_needs_authentication then
    return private.record_online_payment(p_reservation_id, p_account_id, 'no_show_fee', p_cents, p_payment_intent);
  end if;
  -- The bank asks the customer to confirm: the fee waits for them (customer_checkout offers it on their page), and they are e-mailed.
  insert into public.reservation_payments (reservation_id, restaurant_id, account_id, kind, amount_cents, status, payment_intent)
  values (v_res.id, v_res.restaurant_id, p_account_id, 'no_show_fee', p_cents, 'pending', p_payment_intent);
  insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, kind, amount_cents, summary)
  values (v_res.id, v_res.restaurant_id, v_res.status, v_res.status, 'system', 'payment', p_cents,
          'Frais de non-présentation : la banque du client demande sa confirmation, un lien de paiement lui est envoyé');
  perform private.queue_customer_message(v_res.id, 'customer_no_show_fee', null);
  return 'needs_authentication';
end
$function$;
COMMENT ON FUNCTION public.no_show_fee_recorded(uuid,text,integer,text,boolean) IS 'The service records the no-show fee it charged off-session (a payment, history kind payment), or, when the customer''s bank asked for their authentication, the fee waiting for them (pending) and their e-mail with the link (outbox customer_no_show_fee).';
REVOKE ALL ON FUNCTION public.no_show_fee_recorded(uuid,text,integer,text,boolean) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.no_show_fee_recorded(uuid,text,integer,text,boolean) TO service_role;

-- -------------------- Row Level Security policies

CREATE POLICY "Owners read their Stripe account" ON public.restaurant_stripe_accounts AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('owner'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their reservations' checkouts" ON public.reservation_checkouts AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their reservations' payments" ON public.reservation_payments AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their reservations' card imprints" ON public.reservation_card_imprints AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
