-- Reservations: their statuses, transitions and reasons (the lists SQL owns), numbers, history
-- (reservation_events), reminders; every change of a reservation (transition_reservation*, modify_reservation)
-- and what reads them (planning, search, CSV export).
-- A function's body is checked when it runs, not here: it may name what a later file declares (pg_dump's own output does the same).
set check_function_bodies = off;

-- -------------------- Functions the tables' defaults and checks call

CREATE OR REPLACE FUNCTION private.reservation_status(p_name text)
 RETURNS smallint
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_code smallint;
begin
  select s.code into v_code from private.reservation_statuses s where s.name = p_name;
  if not found then
    raise exception 'Statut de réservation inconnu : %', coalesce(p_name, 'null') using errcode = '22023';
  end if;
  return v_code;
end
$function$;
COMMENT ON FUNCTION private.reservation_status(text) IS 'The code of a status of private.reservation_statuses by its name (pending, accepted, rejected, paid, cancelled, no_show).';

CREATE OR REPLACE FUNCTION private.search_text(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$ select lower(extensions.unaccent('extensions.unaccent'::regdictionary, p_text)) $function$;
REVOKE ALL ON FUNCTION private.search_text(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.search_text(text) TO authenticated, service_role;

-- -------------------- Tables

CREATE TABLE private.reservation_numbers (
    restaurant_id uuid NOT NULL,
    last_number integer NOT NULL,
    CONSTRAINT reservation_numbers_pkey PRIMARY KEY (restaurant_id),
    CONSTRAINT reservation_numbers_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);

CREATE TABLE private.reservation_statuses (
    code smallint NOT NULL,
    name text NOT NULL,
    label text NOT NULL,
    CONSTRAINT reservation_statuses_pkey PRIMARY KEY (code),
    CONSTRAINT reservation_statuses_name_key UNIQUE (name)
);
COMMENT ON TABLE private.reservation_statuses IS 'The one SQL definition of restaurant_reservations.status (spec §4, first reading). Only the reservation service moves a reservation, from pending to accepted or rejected.';
GRANT SELECT ON TABLE private.reservation_statuses TO service_role;
GRANT SELECT (code, label) ON TABLE private.reservation_statuses TO authenticated;

INSERT INTO private.reservation_statuses (code, name, label) VALUES
  (0, 'pending', 'En attente'),
  (1, 'accepted', 'Acceptée'),
  (2, 'rejected', 'Refusée'),
  (3, 'paid', 'Payée'),
  (4, 'cancelled', 'Annulée'),
  (5, 'no_show', 'Non présenté');

CREATE TABLE private.reservation_reasons (
    code text NOT NULL,
    for_status smallint NOT NULL,
    CONSTRAINT reservation_reasons_pkey PRIMARY KEY (code, for_status),
    CONSTRAINT reservation_reasons_for_status_fkey FOREIGN KEY (for_status) REFERENCES private.reservation_statuses(code)
);
GRANT SELECT ON TABLE private.reservation_reasons TO service_role;

INSERT INTO private.reservation_reasons (code, for_status) VALUES
  ('acompte_non_recu', 4),
  ('autre', 2),
  ('autre', 4),
  ('complet', 2),
  ('demande_du_client', 4),
  ('fermeture_exceptionnelle', 2),
  ('fermeture_exceptionnelle', 4),
  ('groupe_trop_important', 2),
  ('horaire_indisponible', 2);

CREATE TABLE public.restaurant_reservations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    conversation_id uuid,
    numero_reservation_restaurateur text NOT NULL,
    numero_reservation text NOT NULL,
    code_reservation text NOT NULL,
    code_manage text DEFAULT encode(extensions.gen_random_bytes(24), 'hex'::text) NOT NULL,
    status smallint DEFAULT private.reservation_status('pending'::text) NOT NULL,
    customer_name text DEFAULT ''::text NOT NULL,
    email text,
    phone_number text,
    selected_menu text,
    selected_menu_id uuid,
    total_amount public.amount DEFAULT 0 NOT NULL,
    number_people integer NOT NULL,
    children integer DEFAULT 0 NOT NULL,
    reservation_date date NOT NULL,
    arrival_time time without time zone,
    options jsonb DEFAULT '[]'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    is_accepted boolean GENERATED ALWAYS AS ((status = ANY (ARRAY[1, 3]))) STORED NOT NULL,
    email_address text GENERATED ALWAYS AS (private.plain_email_address(email)) STORED,
    service text GENERATED ALWAYS AS (
CASE
    WHEN (arrival_time < '16:00:00'::time without time zone) THEN 'lunch'::text
    ELSE 'dinner'::text
END) STORED NOT NULL,
    respond_by timestamp with time zone DEFAULT now() NOT NULL,
    external_id text,
    request_fingerprint text,
    customer_message text,
    source text DEFAULT 'assistant'::text NOT NULL,
    dietary_notes text,
    notes text,
    amount_received_cents integer,
    search_text text GENERATED ALWAYS AS (((private.search_text(((((((((customer_name || ' '::text) || numero_reservation) || ' '::text) || numero_reservation_restaurateur) || ' '::text) || code_reservation) || ' '::text) || COALESCE(email, ''::text))) || ' '::text) || COALESCE(private.phone_digits(phone_number), ''::text))) STORED,
    request_scope text,
    customer_page_hash text,
    CONSTRAINT restaurant_reservations_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_reservations_code_manage_key UNIQUE (code_manage),
    CONSTRAINT restaurant_reservations_numero_reservation_key UNIQUE (numero_reservation),
    CONSTRAINT restaurant_reservations_restaurant_numero_key UNIQUE (restaurant_id, numero_reservation_restaurateur),
    CONSTRAINT restaurant_reservations_amount_received_cents_check CHECK ((amount_received_cents >= 0)),
    CONSTRAINT restaurant_reservations_children_check CHECK ((children >= 0)),
    CONSTRAINT restaurant_reservations_code_manage_check CHECK ((length(code_manage) >= 32)),
    CONSTRAINT restaurant_reservations_customer_message_max_2000 CHECK ((char_length(customer_message) <= 2000)),
    CONSTRAINT restaurant_reservations_dietary_notes_max_1000 CHECK ((char_length(dietary_notes) <= 1000)),
    CONSTRAINT restaurant_reservations_external_id_max_200 CHECK ((char_length(external_id) <= 200)),
    CONSTRAINT restaurant_reservations_external_id_scoped CHECK (((external_id IS NULL) OR (request_scope IS NOT NULL))),
    CONSTRAINT restaurant_reservations_notes_max_2000 CHECK ((char_length(notes) <= 2000)),
    CONSTRAINT restaurant_reservations_number_people_check CHECK ((number_people >= 1)),
    CONSTRAINT restaurant_reservations_options_check CHECK ((jsonb_typeof(options) = 'array'::text)),
    CONSTRAINT restaurant_reservations_request_fingerprint_md5 CHECK ((request_fingerprint ~ '^[0-9a-f]{32}$'::text)),
    CONSTRAINT restaurant_reservations_request_scope_check CHECK ((char_length(request_scope) <= 64)),
    CONSTRAINT restaurant_reservations_customer_page_hash_max_64 CHECK ((char_length(customer_page_hash) <= 64)),
    CONSTRAINT restaurant_reservations_source_check CHECK ((source = ANY (ARRAY['assistant'::text, 'phone'::text, 'web'::text]))),
    CONSTRAINT restaurant_reservations_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES public.conversations(id) ON DELETE SET NULL,
    CONSTRAINT restaurant_reservations_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE,
    CONSTRAINT restaurant_reservations_selected_menu_id_fkey FOREIGN KEY (selected_menu_id) REFERENCES public.restaurant_menus(id) ON DELETE SET NULL,
    CONSTRAINT restaurant_reservations_status_fkey FOREIGN KEY (status) REFERENCES private.reservation_statuses(code)
);
COMMENT ON COLUMN public.restaurant_reservations.code_manage IS 'Secret of the one-click accept/reject links and of the sheet links; never shown to customers. Not readable by anon or authenticated (column privileges): the reservation service hands the sheet links to the authenticated owner.';
COMMENT ON COLUMN public.restaurant_reservations.status IS 'A code of private.reservation_statuses (pending, accepted, rejected, paid, cancelled, no_show). Only the reservation service changes it, through transition_reservation(_by_id) and the allowed transitions.';
COMMENT ON COLUMN public.restaurant_reservations.is_accepted IS 'Computed from status (accepted or paid); never written.';
COMMENT ON COLUMN public.restaurant_reservations.email_address IS 'Where the customer is e-mailed: the e-mail field when it is exactly one plain address, else null (nothing is sent, the owner is told). Computed; never written.';
COMMENT ON COLUMN public.restaurant_reservations.service IS 'lunch when arrival_time is before 16:00, else dinner (no arrival time: dinner). Computed; never written.';
COMMENT ON COLUMN public.restaurant_reservations.respond_by IS 'When the owner should have answered: created_at plus the restaurant''s promised response time, counted within its opening hours (private.set_respond_by); a pending request past it is late.';
COMMENT ON COLUMN public.restaurant_reservations.external_id IS 'The id the sender (the chatbot) gave the request: the same id again returns the same reservation.';
COMMENT ON COLUMN public.restaurant_reservations.request_fingerprint IS 'md5 of the request as submitted: the same external_id with another body is refused (409).';
COMMENT ON COLUMN public.restaurant_reservations.customer_message IS 'The customer''s own words sent with the request (at most 2,000 characters).';
COMMENT ON COLUMN public.restaurant_reservations.source IS 'Where the request came from: assistant (the chatbot), phone (taken by the owner), web (the public request page).';
COMMENT ON COLUMN public.restaurant_reservations.dietary_notes IS 'Allergies and diets of the group (the request''s dietary_notes, or the owner''s): printed prominently on the kitchen sheet.';
COMMENT ON COLUMN public.restaurant_reservations.notes IS 'The owner''s internal notes (Nouvelle réservation, Modifier): never shown to the customer; printed on the dining-room sheet.';
COMMENT ON COLUMN public.restaurant_reservations.amount_received_cents IS 'What the restaurant received, in cents, once the reservation was marked paid (''Acompte reçu''): the acompte, or the whole total when no acompte is taken (by hand), or what was paid online; null before. Written by transition_reservation_by_id and private.record_online_payment only.';
COMMENT ON COLUMN public.restaurant_reservations.search_text IS 'What the list''s search reads (public.search_reservations): name, both numbers, the customer''s code and e-mail, lower case without accents, then the phone''s digits. Generated; never written.';
COMMENT ON COLUMN public.restaurant_reservations.customer_page_hash IS 'The sha256 of the token of the customer''s own page (/ma-reservation/{token}, private.customer_page_token): set when the reservation is written, never readable by anon or authenticated.';
COMMENT ON COLUMN public.restaurant_reservations.request_scope IS 'The credential external_id belongs to: the assistant key''s id, web (the request page), phone (a member''s booking) or assistant (the service role without a key). The same external_id from another credential is another request.';
ALTER TABLE public.restaurant_reservations ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_reservations FROM anon, authenticated, service_role;
GRANT MAINTAIN ON TABLE public.restaurant_reservations TO authenticated;
GRANT DELETE, MAINTAIN, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE public.restaurant_reservations TO service_role;
GRANT SELECT (id, restaurant_id, conversation_id, numero_reservation_restaurateur, numero_reservation, code_reservation, status, customer_name, email, phone_number, selected_menu, selected_menu_id, total_amount, number_people, children, reservation_date, arrival_time, options, created_at, updated_at, is_accepted, email_address, service, respond_by, customer_message, source, dietary_notes, notes, amount_received_cents, search_text) ON TABLE public.restaurant_reservations TO authenticated;
-- Checked on rows written since the rule came; the rows stored before it stay as they were.
ALTER TABLE public.restaurant_reservations ADD CONSTRAINT restaurant_reservations_code_manage_max_128 CHECK ((char_length(code_manage) <= 128)) NOT VALID;
ALTER TABLE public.restaurant_reservations ADD CONSTRAINT restaurant_reservations_code_reservation_max_100 CHECK ((char_length(code_reservation) <= 100)) NOT VALID;
ALTER TABLE public.restaurant_reservations ADD CONSTRAINT restaurant_reservations_customer_name_max_200 CHECK ((char_length(customer_name) <= 200)) NOT VALID;
ALTER TABLE public.restaurant_reservations ADD CONSTRAINT restaurant_reservations_email_max_320 CHECK ((char_length(email) <= 320)) NOT VALID;
ALTER TABLE public.restaurant_reservations ADD CONSTRAINT restaurant_reservations_numero_reservation_max_100 CHECK ((char_length(numero_reservation) <= 100)) NOT VALID;
ALTER TABLE public.restaurant_reservations ADD CONSTRAINT restaurant_reservations_numero_reservation_restaurateur_max_100 CHECK ((char_length(numero_reservation_restaurateur) <= 100)) NOT VALID;
ALTER TABLE public.restaurant_reservations ADD CONSTRAINT restaurant_reservations_phone_number_max_100 CHECK ((char_length(phone_number) <= 100)) NOT VALID;
ALTER TABLE public.restaurant_reservations ADD CONSTRAINT restaurant_reservations_selected_menu_max_200 CHECK ((char_length(selected_menu) <= 200)) NOT VALID;

CREATE UNIQUE INDEX restaurant_reservations_customer_page_hash_key ON public.restaurant_reservations USING btree (customer_page_hash);

CREATE INDEX restaurant_reservations_conversation_idx ON public.restaurant_reservations USING btree (conversation_id) WHERE (conversation_id IS NOT NULL);

CREATE UNIQUE INDEX restaurant_reservations_external_id_key ON public.restaurant_reservations USING btree (restaurant_id, request_scope, external_id) WHERE (external_id IS NOT NULL);

CREATE INDEX restaurant_reservations_pending_respond_by_idx ON public.restaurant_reservations USING btree (restaurant_id, respond_by) WHERE (status = private.reservation_status('pending'::text));

CREATE INDEX restaurant_reservations_restaurant_created_idx ON public.restaurant_reservations USING btree (restaurant_id, created_at DESC);

CREATE INDEX restaurant_reservations_restaurant_date_idx ON public.restaurant_reservations USING btree (restaurant_id, reservation_date);

CREATE INDEX restaurant_reservations_restaurant_status_created_idx ON public.restaurant_reservations USING btree (restaurant_id, status, created_at DESC);

CREATE INDEX restaurant_reservations_restaurant_updated_idx ON public.restaurant_reservations USING btree (restaurant_id, updated_at DESC);

CREATE INDEX restaurant_reservations_search_text_trgm_idx ON public.restaurant_reservations USING gin (search_text extensions.gin_trgm_ops) WITH (fastupdate=off);

CREATE INDEX restaurant_reservations_selected_menu_idx ON public.restaurant_reservations USING btree (selected_menu_id) WHERE (selected_menu_id IS NOT NULL);

CREATE TABLE private.reservation_reminders (
    reservation_id uuid NOT NULL,
    claimed_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    outcome text,
    done_at timestamp with time zone,
    CONSTRAINT reservation_reminders_pkey PRIMARY KEY (reservation_id),
    CONSTRAINT reservation_reminders_outcome_check CHECK ((outcome = ANY (ARRAY['sent'::text, 'queued'::text, 'no_address'::text]))),
    CONSTRAINT reservation_reminders_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.restaurant_reservations(id) ON DELETE CASCADE
);
GRANT DELETE, INSERT, SELECT, UPDATE ON TABLE private.reservation_reminders TO service_role;
COMMENT ON TABLE private.reservation_reminders IS 'The requests whose owner was reminded, once each: outcome queued (in the outbox, kind owner_reminder), no_address (nowhere to send it), or sent (sent by the reservation service itself, before the outbox carried reminders).';

CREATE TABLE private.reservation_transitions (
    from_status smallint NOT NULL,
    to_status smallint NOT NULL,
    CONSTRAINT reservation_transitions_pkey PRIMARY KEY (from_status, to_status),
    CONSTRAINT reservation_transitions_from_status_fkey FOREIGN KEY (from_status) REFERENCES private.reservation_statuses(code),
    CONSTRAINT reservation_transitions_to_status_fkey FOREIGN KEY (to_status) REFERENCES private.reservation_statuses(code)
);
GRANT SELECT ON TABLE private.reservation_transitions TO service_role;

INSERT INTO private.reservation_transitions (from_status, to_status) VALUES
  (0, 1),
  (0, 2),
  (1, 3),
  (1, 4),
  (1, 5),
  (3, 4),
  (3, 5);

CREATE TABLE public.reservation_events (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    reservation_id uuid NOT NULL,
    restaurant_id uuid NOT NULL,
    from_status smallint NOT NULL,
    to_status smallint NOT NULL,
    reason text,
    reason_detail text,
    proposal text,
    actor text NOT NULL,
    actor_user_id uuid,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    kind text DEFAULT 'status'::text NOT NULL,
    summary text,
    deposit text,
    amount_cents integer,
    payment_id text,
    CONSTRAINT reservation_events_pkey PRIMARY KEY (id),
    CONSTRAINT reservation_events_amount_cents_check CHECK ((amount_cents >= 0)),
    CONSTRAINT reservation_events_actor_check CHECK ((actor = ANY (ARRAY['owner'::text, 'link'::text, 'customer'::text, 'system'::text]))),
    CONSTRAINT reservation_events_deposit_check CHECK ((deposit = ANY (ARRAY['refunded'::text, 'kept'::text]))),
    CONSTRAINT reservation_events_kind_check CHECK ((kind = ANY (ARRAY['status'::text, 'modified'::text, 'undone'::text, 'reminder'::text, 'payment'::text, 'refund'::text, 'imprint'::text]))) not valid,
    CONSTRAINT reservation_events_payment_id_check CHECK ((payment_id ~ '^(pi|re|seti)_[A-Za-z0-9_]{1,200}$'::text)),
    CONSTRAINT reservation_events_proposal_length CHECK ((char_length(proposal) <= 200)),
    CONSTRAINT reservation_events_reason_detail_length CHECK ((char_length(reason_detail) <= 500)),
    CONSTRAINT reservation_events_reason_length CHECK ((char_length(reason) <= 40)),
    CONSTRAINT reservation_events_summary_length CHECK ((char_length(summary) <= 4000)),
    CONSTRAINT reservation_events_actor_user_id_fkey FOREIGN KEY (actor_user_id) REFERENCES auth.users(id) ON DELETE SET NULL,
    CONSTRAINT reservation_events_from_status_fkey FOREIGN KEY (from_status) REFERENCES private.reservation_statuses(code),
    CONSTRAINT reservation_events_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.restaurant_reservations(id) ON DELETE CASCADE,
    CONSTRAINT reservation_events_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE,
    CONSTRAINT reservation_events_to_status_fkey FOREIGN KEY (to_status) REFERENCES private.reservation_statuses(code)
);
COMMENT ON TABLE public.reservation_events IS 'The history of a reservation: one row per status change (kind status, written by transition_reservation_by_id), per change of its details (kind modified, written by modify_reservation; from_status = to_status, summary says who changed what), and per one-click decision undone from its link (kind undone, written by undo_link_decision; to_status pending), and per reminder sent to the customer (kind reminder, actor system, written by the reminder round). Actor: owner (a member), link (the one-click link), customer (their own page), system (Tablée itself).';
COMMENT ON COLUMN public.reservation_events.summary IS 'For a change (kind modified): « Modifiée par <e-mail> : 14 → 18 personnes, … », written when it was made.';
COMMENT ON COLUMN public.reservation_events.deposit IS 'Cancelling a paid reservation: ''refunded'' or ''kept'' (per the CGV), what became of the money received.';
COMMENT ON COLUMN public.reservation_events.payment_id IS 'Stripe''s id of what the row records: the PaymentIntent of a payment online (pi_), the refund (re_), the SetupIntent of a card imprint (seti_); null for what happened outside Stripe.';
COMMENT ON COLUMN public.reservation_events.amount_cents IS 'Cents: received (to paid, or a payment online), refunded or kept (cancelled from paid, with deposit); null otherwise.';
ALTER TABLE public.reservation_events ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.reservation_events FROM anon, authenticated;
GRANT SELECT ON TABLE public.reservation_events TO authenticated;

CREATE INDEX reservation_events_reservation_idx ON public.reservation_events USING btree (reservation_id, created_at);

-- -------------------- Functions

CREATE OR REPLACE FUNCTION private.apply_reservation_changes(p_old public.restaurant_reservations, p_changes jsonb)
 RETURNS public.restaurant_reservations
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_allowed constant text[] := array['date', 'arrival_time', 'adults', 'children', 'menu_id', 'options', 'customer', 'dietary_notes', 'notes'];
  v_unknown text;
  v_request jsonb;
  v_booking jsonb;
  v_customer record;
  v_row public.restaurant_reservations;
begin
  if p_changes is null or jsonb_typeof(p_changes) <> 'object' then
    perform private.refuse_request(422, 'invalid_request', null, 'La modification doit être un objet JSON.');
  end if;
  select k into v_unknown from jsonb_object_keys(p_changes) k where k <> all (v_allowed) limit 1;
  if v_unknown is not null then
    perform private.refuse_request(422, 'unknown_field', v_unknown, 'Champ inconnu : ' || v_unknown || '.');
  end if;
  v_request := private.reservation_as_request(p_old) || p_changes;

  -- The rules of what it books are a new request's (private.request_booking).
  v_booking := private.request_booking(p_old.restaurant_id, v_request);
  select * into v_customer from private.request_customer(v_request -> 'customer');

  update public.restaurant_reservations r
     set reservation_date = (v_booking ->> 'date')::date, arrival_time = (v_booking ->> 'arrival_time')::time,
         number_people = (v_booking ->> 'adults')::integer, children = (v_booking ->> 'children')::integer,
         selected_menu = v_booking ->> 'menu_name', selected_menu_id = (v_booking ->> 'menu_id')::uuid, options = v_booking -> 'options',
         total_amount = (v_booking ->> 'total_amount')::numeric,
         customer_name = v_customer.name, email = v_customer.email, phone_number = v_customer.phone,
         dietary_notes = private.request_text(v_request -> 'dietary_notes', 'dietary_notes', 'Le champ allergies et régimes', 1000, false),
         notes = private.request_text(v_request -> 'notes', 'notes', 'Les notes internes', 2000, false)
   where r.id = p_old.id
  returning * into v_row;
  return v_row;
end
$function$;
REVOKE ALL ON FUNCTION private.apply_reservation_changes(public.restaurant_reservations,jsonb) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.csv_field(p_value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select '"' || replace(
    case when p_value ~ E'^[\\t\\r\\n]' or p_value ~ '^[[:space:][:cntrl:]]*[=+@-]'
         then '''' || p_value else coalesce(p_value, '') end,
    '"', '""') || '"'
$function$;
COMMENT ON FUNCTION private.csv_field(text) IS 'One CSV field, quoted; a value a spreadsheet would run as a formula (= + - @ first, even after blanks or line breaks, or a tab/CR/LF first) is prefixed with an apostrophe.';
REVOKE ALL ON FUNCTION private.csv_field(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.csv_field(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.csv_phone(p_value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case
    when p_value ~ '^\+?[0-9][0-9 .()-]*$' then '"=""' || p_value || '"""'
    else private.csv_field(p_value)
  end
$function$;
COMMENT ON FUNCTION private.csv_phone(text) IS 'A phone number as a CSV field a spreadsheet reads as text, unchanged: ="+33612345678" for a plain number (digits, spaces, dots, hyphens, parentheses, leading +); anything else as private.csv_field.';
REVOKE ALL ON FUNCTION private.csv_phone(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.csv_phone(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.end_preview()
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  raise exception 'preview' using errcode = 'TBLPV';
end
$function$;
REVOKE ALL ON FUNCTION private.end_preview() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.new_reservation_numbers(p_restaurant_id uuid, OUT numero text, OUT numero_restaurateur text, OUT code text)
 RETURNS record
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  v_next integer;
  v_random text;
begin
  -- The counter row is locked until the transaction ends: one restaurant numbers one request at a time.
  insert into private.reservation_numbers as n (restaurant_id, last_number)
  values (p_restaurant_id, coalesce((
    select max(substring(r.numero_reservation_restaurateur from '^R-(\d{1,9})$')::integer)
      from public.restaurant_reservations r where r.restaurant_id = p_restaurant_id), 0) + 1)
  on conflict (restaurant_id) do update set last_number = n.last_number + 1
  returning last_number into v_next;
  -- A number taken by a row written by hand moves on to the next free one: among the next (rows + 1)
  -- numbers one at least is free, so the search ends.
  if exists (select 1 from public.restaurant_reservations r
              where r.restaurant_id = p_restaurant_id and r.numero_reservation_restaurateur = private.restaurant_number(v_next)) then
    select min(n) into v_next
      from generate_series(v_next, v_next + (select count(*)::integer from public.restaurant_reservations r where r.restaurant_id = p_restaurant_id)) n
     where not exists (select 1 from public.restaurant_reservations r
                        where r.restaurant_id = p_restaurant_id and r.numero_reservation_restaurateur = private.restaurant_number(n));
    update private.reservation_numbers set last_number = v_next where restaurant_id = p_restaurant_id;
  end if;
  numero_restaurateur := private.restaurant_number(v_next);

  -- 40 random bits: a clash is already unlikely once; five in a row mean something else is wrong.
  for v_attempt in 1..5 loop
    select string_agg(substr(v_alphabet, 1 + get_byte(b, i) % 32, 1), '' order by i) into v_random
      from (select extensions.gen_random_bytes(14) as b) bytes, generate_series(0, 13) i;
    numero := 'TBL-' || left(v_random, 8);
    code := right(v_random, 6);
    if not exists (select 1 from public.restaurant_reservations r where r.numero_reservation = numero) then
      return;
    end if;
  end loop;
  raise exception 'no free reservation number after 5 draws';
end
$function$;
REVOKE ALL ON FUNCTION private.new_reservation_numbers(uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.deposit_for(p_total numeric, p_restaurant_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- percentage: that share of the total, to the cent; fixed: that amount, never above the total.
  -- Money taken in advance says what it is under the CGV (arrhes unless they say acompte): every word of it follows.
  select case when b.deposit_type = 'fixed'
              then jsonb_build_object('method', m.method, 'amount', round(least(b.deposit_amount, p_total), 2))
              else jsonb_build_object('method', m.method, 'amount', round(p_total * least(b.deposit_amount, 100) / 100, 2), 'percentage', b.deposit_amount::numeric) end
         || case when m.method = 'acompte' then jsonb_build_object('nature', private.advance_payment_nature(p_restaurant_id)) else '{}'::jsonb end
    from public.restaurant_billing b
   cross join lateral (select case when b.deposit_method = 'empreinte' then 'empreinte' else 'acompte' end as method) m
   where b.restaurant_id = p_restaurant_id and b.requires_deposit and b.deposit_amount > 0
$function$;
COMMENT ON FUNCTION private.deposit_for(numeric,uuid) IS 'The deposit a reservation of p_total owes under its restaurant''s billing terms (Facturation), the one rule for every answer, e-mail, sheet and export: {method: acompte (money taken in advance) or empreinte (a card imprint, nothing taken), amount (euros), percentage (when the terms are a share), nature (money taken: arrhes or acompte, as the CGV say)}; null when none is asked.';
REVOKE ALL ON FUNCTION private.deposit_for(numeric,uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.deposit_for(numeric,uuid) TO service_role;

CREATE OR REPLACE FUNCTION private.received_when_paid(p_total numeric, p_restaurant_id uuid)
 RETURNS numeric
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- 'Acompte reçu': the acompte; with none to take (none asked, or an imprint), paid in full.
  select coalesce((select (d ->> 'amount')::numeric from private.deposit_for(p_total, p_restaurant_id) d where d ->> 'method' = 'acompte'), p_total)
$function$;
REVOKE ALL ON FUNCTION private.received_when_paid(numeric,uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.received_when_paid(numeric,uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.reservation_deposit(p_reservation public.restaurant_reservations)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.deposit_for(p_reservation.total_amount, p_reservation.restaurant_id)
$function$;
COMMENT ON FUNCTION public.reservation_deposit(public.restaurant_reservations) IS 'A reservation''s deposit (private.deposit_for), read with it as a computed field (select=…,deposit:reservation_deposit) by the reservation service''s e-mails and sheets.';
REVOKE ALL ON FUNCTION public.reservation_deposit(public.restaurant_reservations) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.reservation_deposit(public.restaurant_reservations) TO service_role;

CREATE OR REPLACE FUNCTION private.reservation_acompte(p_reservation_id uuid)
 RETURNS numeric
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select (d ->> 'amount')::numeric
    from public.restaurant_reservations r
   cross join lateral private.deposit_for(r.total_amount, r.restaurant_id) d
   where r.id = p_reservation_id
     and private.has_role(r.restaurant_id, 'manager')
     and d ->> 'method' = 'acompte'
$function$;
COMMENT ON FUNCTION private.reservation_acompte(uuid) IS 'The acompte a reservation owes (private.deposit_for), for a member of that restaurant only (null otherwise, and when none is asked or the terms are a card imprint).';
REVOKE ALL ON FUNCTION private.reservation_acompte(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.reservation_acompte(uuid) TO authenticated;

CREATE OR REPLACE FUNCTION private.reservation_as_request(p_row public.restaurant_reservations)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'date', to_char(p_row.reservation_date, 'YYYY-MM-DD'),
    'arrival_time', to_char(p_row.arrival_time, 'HH24:MI'),
    'adults', p_row.number_people,
    'children', p_row.children,
    'menu_id', p_row.selected_menu_id,
    'options', (select coalesce(jsonb_agg(jsonb_build_object('option_id', o ->> 'option_id', 'quantity', (o ->> 'quantity')::integer)), '[]'::jsonb)
                  from jsonb_array_elements(p_row.options) o where o ? 'option_id'),
    'customer', jsonb_build_object('name', p_row.customer_name, 'email', p_row.email, 'phone', p_row.phone_number),
    'dietary_notes', p_row.dietary_notes,
    'notes', p_row.notes)
$function$;
REVOKE ALL ON FUNCTION private.reservation_as_request(public.restaurant_reservations) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.reservation_change_summary(p_old public.restaurant_reservations, p_new public.restaurant_reservations)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with euros(old_total, new_total) as (
    select replace(to_char(p_old.total_amount, 'FM999999990.00'), '.', ',') || ' €', replace(to_char(p_new.total_amount, 'FM999999990.00'), '.', ',') || ' €'
  ), options(old_list, new_list) as (
    select (select coalesce(string_agg((o ->> 'title') || ' ×' || (o ->> 'quantity'), ', ' order by o ->> 'title'), 'aucune') from jsonb_array_elements(p_old.options) o),
           (select coalesce(string_agg((o ->> 'title') || ' ×' || (o ->> 'quantity'), ', ' order by o ->> 'title'), 'aucune') from jsonb_array_elements(p_new.options) o)
  )
  select nullif(concat_ws(', ',
    case when (p_old.number_people, p_old.children) is distinct from (p_new.number_people, p_new.children) then
      (p_old.number_people + p_old.children) || ' → ' || (p_new.number_people + p_new.children) || ' personnes'
      || case when p_old.children <> p_new.children then ' (enfants : ' || p_old.children || ' → ' || p_new.children || ')' else '' end end,
    case when p_old.reservation_date <> p_new.reservation_date then
      'date ' || to_char(p_old.reservation_date, 'DD/MM/YYYY') || ' → ' || to_char(p_new.reservation_date, 'DD/MM/YYYY') end,
    case when p_old.arrival_time is distinct from p_new.arrival_time then
      'arrivée ' || coalesce(to_char(p_old.arrival_time, 'HH24:MI'), '—') || ' → ' || to_char(p_new.arrival_time, 'HH24:MI') end,
    case when p_old.selected_menu is distinct from p_new.selected_menu then
      'menu ' || coalesce(p_old.selected_menu, 'aucun') || ' → ' || coalesce(p_new.selected_menu, 'aucun') end,
    case when o.old_list <> o.new_list then 'options ' || o.old_list || ' → ' || o.new_list end,
    case when p_old.customer_name <> p_new.customer_name then 'client ' || p_old.customer_name || ' → ' || p_new.customer_name end,
    case when p_old.email is distinct from p_new.email then 'e-mail ' || coalesce(p_old.email, '—') || ' → ' || coalesce(p_new.email, '—') end,
    case when p_old.phone_number is distinct from p_new.phone_number then
      'téléphone ' || coalesce(p_old.phone_number, '—') || ' → ' || coalesce(p_new.phone_number, '—') end,
    case when p_old.dietary_notes is distinct from p_new.dietary_notes then
      coalesce('allergies et régimes : « ' || p_new.dietary_notes || ' »', 'allergies et régimes retirées') end,
    case when p_old.notes is distinct from p_new.notes then 'notes internes modifiées' end,
    case when e.old_total <> e.new_total then 'total ' || e.old_total || ' → ' || e.new_total end), '')
    from euros e, options o
$function$;
REVOKE ALL ON FUNCTION private.reservation_change_summary(public.restaurant_reservations,public.restaurant_reservations) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.reservation_source_label(p_source text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case p_source when 'web' then 'Site web' when 'phone' then 'Téléphone' else 'Assistant' end
$function$;
COMMENT ON FUNCTION private.reservation_source_label(text) IS 'How the owner''s screens name a request''s origin (source): Assistant, Site web, Téléphone; an unknown value reads as the chatbot''s. Twin: RESERVATION_SOURCE_LABELS of domain/src/reservation-sources.ts.';
REVOKE ALL ON FUNCTION private.reservation_source_label(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.reservation_source_label(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.respond_by_within_hours(p_restaurant_id uuid, p_from timestamp with time zone, p_delay interval, p_days integer)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- The open spans from the day before (a dinner past midnight may still be open) to p_days ahead,
  -- each cut to start at p_from at the earliest; the delay runs out in the first span where their
  -- running total reaches it.
  with spans as (
    select greatest(o.opens, p_from) as opens, o.closes
      from generate_series((p_from at time zone 'Europe/Paris')::date - 1, (p_from at time zone 'Europe/Paris')::date + p_days, interval '1 day') d
      join public.restaurants r on r.id = p_restaurant_id and lower(to_char(d, 'FMDay')) = any (r.days_open)
      join public.restaurant_hours h on h.restaurant_id = r.id and h.day = lower(to_char(d, 'FMDay'))
      cross join lateral (values ('lunch', h.lunch_is_open, h.lunch_from_time, h.lunch_to_time),
                                 ('dinner', h.dinner_is_open, h.dinner_from_time, h.dinner_to_time)) s(service, is_open, from_time, to_time)
      cross join lateral (select (d::date + s.from_time) at time zone 'Europe/Paris' as opens,
                                 (d::date + s.to_time + case when s.to_time <= s.from_time then interval '1 day' else interval '0' end) at time zone 'Europe/Paris' as closes) o
     where s.is_open
       and o.closes > p_from
       and not exists (select 1 from public.restaurant_closures c
                        where c.restaurant_id = p_restaurant_id and c.closure_date = d::date and c.service = s.service)
  ), counted as (
    select opens, closes, sum(closes - opens) over (order by opens rows between unbounded preceding and current row) as total
      from spans
  )
  select closes - (total - p_delay) from counted where total >= p_delay order by opens limit 1
$function$;
COMMENT ON FUNCTION private.respond_by_within_hours(uuid,timestamp with time zone,interval,integer) IS 'The instant p_delay of the restaurant''s opening hours (open services of its open days, less closures; Europe/Paris) after p_from, looking p_days ahead; null when its hours over that time are shorter.';
REVOKE ALL ON FUNCTION private.respond_by_within_hours(uuid,timestamp with time zone,interval,integer) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.restaurant_number(p_number integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select 'R-' || lpad(p_number::text, greatest(4, length(p_number::text)), '0')
$function$;
COMMENT ON FUNCTION private.restaurant_number(integer) IS 'A restaurant''s reservation number as shown (numero_reservation_restaurateur): R- and at least four digits (R-0042, R-10000).';
REVOKE ALL ON FUNCTION private.restaurant_number(integer) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.search_phone_pattern(p_search text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
  select case when p_search ~ '^[0-9 .+()/-]+$' and length(private.phone_digits(p_search)) >= 4 then '%' || private.phone_digits(p_search) || '%' end
$function$;
REVOKE ALL ON FUNCTION private.search_phone_pattern(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.search_phone_pattern(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.search_words_pattern(p_search text)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
  select nullif(array(
    select '%' || replace(replace(replace(w.word, '\', '\\'), '%', '\%'), '_', '\_') || '%'
      from (select distinct word
              from regexp_split_to_table(private.search_text(p_search), '[[:space:]]+') as word
             where word <> '') as w
     order by length(w.word) desc, w.word
  ), '{}')
$function$;
COMMENT ON FUNCTION private.search_words_pattern(text) IS 'The words typed in the reservation search as LIKE patterns on search_text, longest first (public.search_reservations).';
REVOKE ALL ON FUNCTION private.search_words_pattern(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.search_words_pattern(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.set_respond_by()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_delay interval := private.response_delay((select c.response_time from public.restaurant_contacts c where c.restaurant_id = new.restaurant_id));
begin
  new.respond_by := coalesce(private.respond_by_within_hours(new.restaurant_id, new.created_at, v_delay, 28),
                             private.respond_by_within_hours(new.restaurant_id, new.created_at, v_delay, 366),
                             new.created_at + v_delay);
  return new;
end
$function$;
COMMENT ON FUNCTION private.set_respond_by() IS 'Sets a new reservation''s respond_by: the restaurant''s promised response time counted within its opening hours from created_at (private.respond_by_within_hours); on the clock when it has no hours.';
REVOKE ALL ON FUNCTION private.set_respond_by() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.transition_refusal(p_res public.restaurant_reservations, p_target_status smallint, p_reason text, p_detail text, p_deposit text, p_amount_cents integer)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_received_cents integer := coalesce(p_res.amount_received_cents, private.euros_to_cents(p_res.total_amount));
begin
  if not exists (select 1 from private.reservation_transitions t where t.from_status = p_res.status and t.to_status = p_target_status) then
    return case when exists (select 1 from private.reservation_transitions t
                              where t.from_status = private.reservation_status('pending') and t.to_status = p_target_status)
                then 'not_pending' else 'not_allowed' end;
  end if;

  -- Nobody is absent before the time they were expected (Europe/Paris).
  if p_target_status = private.reservation_status('no_show')
     and (p_res.reservation_date + coalesce(p_res.arrival_time, time '00:00')) at time zone 'Europe/Paris' > now() then
    return 'too_early';
  end if;

  if (p_reason is not null and not exists (select 1 from private.reservation_reasons r where r.code = p_reason and r.for_status = p_target_status))
     or (p_reason = 'autre' and p_detail is null)
     or (p_target_status = private.reservation_status('cancelled') and p_reason is null) then
    return case when p_reason is null or p_reason = 'autre' then 'reason_required' else 'reason_invalid' end;
  end if;

  -- The acompte: said only of a paid reservation being cancelled, and then required when money was received.
  if p_deposit is not null and (p_deposit not in ('refunded', 'kept')
       or p_target_status <> private.reservation_status('cancelled') or p_res.status <> private.reservation_status('paid')) then
    return 'deposit_invalid';
  end if;
  if p_deposit is null and p_target_status = private.reservation_status('cancelled')
     and p_res.status = private.reservation_status('paid') and v_received_cents > 0 then
    return 'deposit_required';
  end if;
  -- Refunded: at most what was received; twice that for arrhes when the restaurant withdraws (Code civil art. 1590).
  if (p_deposit = 'refunded' and (p_amount_cents is null or p_amount_cents <= 0
                                  or p_amount_cents > v_received_cents * case when p_reason is distinct from 'demande_du_client'
                                                                   and private.advance_payment_nature(p_res.restaurant_id) = 'arrhes' then 2 else 1 end))
     -- Paid with an amount: what the payment (online) brought.
     or (p_target_status = private.reservation_status('paid') and p_amount_cents is not null and p_amount_cents <= 0)
     or (p_deposit is distinct from 'refunded' and p_target_status <> private.reservation_status('paid') and p_amount_cents is not null) then
    return 'amount_invalid';
  end if;
  return null;
end
$function$;
REVOKE ALL ON FUNCTION private.transition_refusal(public.restaurant_reservations,smallint,text,text,text,integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.transition_refusal(public.restaurant_reservations,smallint,text,text,text,integer) TO service_role;

CREATE OR REPLACE FUNCTION public.accept_reservation_by_link(p_numero_reservation text, p_code_manage text, p_expected_check jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;
COMMENT ON FUNCTION public.accept_reservation_by_link(text,text,jsonb) IS 'The one-click Accepter: accepts (transition_reservation) only if public.reservation_acceptance_check, read under a lock of the day''s reservations, is still p_expected_check ({"check": row or null}); else answers outcome plan_check with the check, nothing changed. Refusals of transition_reservation as it answers them.';
REVOKE ALL ON FUNCTION public.accept_reservation_by_link(text,text,jsonb) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.queue_due_reminders(p_limit integer DEFAULT 100, p_restaurant_id uuid DEFAULT NULL::uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_count integer;
begin
  -- The late requests nobody has reminded the owner of, each once whatever the number of instances
  -- (skip locked, and the reminder's row): recorded, and queued in the outbox for the restaurant's
  -- contact address when it has one. The sender sends it, retries it, and drops it once answered.
  with late as (
    select r.id, r.restaurant_id, r.numero_reservation, r.numero_reservation_restaurateur, r.reservation_date, r.arrival_time, c.email_address
      from public.restaurant_reservations r
      left join public.restaurant_contacts c on c.restaurant_id = r.restaurant_id
     where r.status = private.reservation_status('pending') and r.respond_by < now()
       and (p_restaurant_id is null or r.restaurant_id = p_restaurant_id)
       and not exists (select 1 from private.reservation_reminders m where m.reservation_id = r.id)
     order by r.respond_by
     limit greatest(p_limit, 0)
       for update of r skip locked
  ), recorded as (
    insert into private.reservation_reminders (reservation_id, outcome, done_at)
    select late.id, case when late.email_address is null then 'no_address' else 'queued' end, clock_timestamp() from late
    on conflict (reservation_id) do nothing
    returning reservation_id
  ), queued as (
    insert into public.notification_outbox (restaurant_id, reservation_id, kind, channel, recipient, payload)
    select late.restaurant_id, late.id, 'owner_reminder', 'email', late.email_address,
           jsonb_build_object('numero_reservation', late.numero_reservation, 'numero_restaurateur', late.numero_reservation_restaurateur,
                              'reservation_date', late.reservation_date, 'arrival_time', to_char(late.arrival_time, 'HH24:MI'))
      from late join recorded on recorded.reservation_id = late.id
     where late.email_address is not null
    returning id
  )
  select count(*)::integer into v_count from recorded;
  if v_count > 0 then
    perform pg_notify('notification_outbox', '');
  end if;
  -- And the customers' reminders (final headcount, the day before, the acompte due).
  return v_count + private.queue_customer_reminders(p_limit, p_restaurant_id);
end
$function$;
COMMENT ON FUNCTION public.queue_due_reminders(integer,uuid) IS 'One round of the reminders: the customers'' (private.queue_customer_reminders) and the owner''s: each late pending request (respond_by passed) is reminded once, its reminder recorded (private.reservation_reminders) and queued in the outbox (kind owner_reminder) to the restaurant''s contact address (security definer: the outbox is written by SQL only). Answers how many requests and reservations it took. p_restaurant_id: one restaurant''s only (tests). Called by the reservation service only.';
REVOKE ALL ON FUNCTION public.queue_due_reminders(integer,uuid) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.export_reservations_csv(p_restaurant_id uuid, p_search text DEFAULT ''::text, p_status smallint DEFAULT NULL::smallint, p_from date DEFAULT NULL::date, p_to date DEFAULT NULL::date, p_service text DEFAULT NULL::text, p_due_first boolean DEFAULT false, p_received_from date DEFAULT NULL::date, p_received_to date DEFAULT NULL::date, p_statuses smallint[] DEFAULT NULL::smallint[], p_source text DEFAULT NULL::text)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  -- The header, then each reservation on a line of its own (CRLF), in the list's order.
  return (
  select chr(65279)
      || 'N° de réservation;Client;Email;Téléphone;Date;Heure;Service;Adultes;Enfants;Menu;Options;Allergies et régimes;Montant total (€);Acompte demandé (€);Montant reçu (€);Statut;Origine;Demande reçue le'
      || coalesce(string_agg(
           E'\r\n' || concat_ws(';',
             private.csv_field(r.numero_reservation_restaurateur),
             private.csv_field(r.customer_name),
             private.csv_field(r.email),
             private.csv_phone(r.phone_number),
             to_char(r.reservation_date, 'DD/MM/YYYY'),
             coalesce(to_char(r.arrival_time, 'HH24:MI'), ''),
             case r.service when 'lunch' then 'Midi' else 'Soir' end,
             r.number_people::text,
             coalesce(r.children, 0)::text,
             private.csv_field(r.selected_menu),
             private.csv_field((select string_agg((o ->> 'title') || ' ×' || (o ->> 'quantity'), ', ' order by n)
                                  from jsonb_array_elements(r.options) with ordinality as e(o, n))),
             private.csv_field(x.dietary_notes),
             replace(to_char(r.total_amount, 'FM999999990.00'), '.', ','),
             coalesce(replace(to_char(private.reservation_acompte(r.id), 'FM999999990.00'), '.', ','), ''),
             coalesce(replace(to_char(x.amount_received_cents / 100.0, 'FM999999990.00'), '.', ','), ''),
             case when r.status = private.reservation_status('paid') and x.amount_received_cents < private.euros_to_cents(r.total_amount)
                  then 'Acompte reçu' else s.label end,
             private.reservation_source_label(r.source),
             to_char(r.created_at at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI')),
           '' order by case when p_due_first then r.respond_by end, r.created_at desc, r.id desc), '')
      || E'\r\n'
    from public.search_reservations(p_restaurant_id, coalesce(p_search, '')) r
    join private.reservation_statuses s on s.code = r.status
    -- What was received and the allergies: not among the search's columns.
    join public.restaurant_reservations x on x.id = r.id
   where (p_status is null or r.status = p_status)
     and (p_from is null or r.reservation_date >= p_from)
     and (p_to is null or r.reservation_date <= p_to)
     and (p_service is null or r.service = p_service)
     -- The statistics' filters (a figure's link): Paris days of reception, as restaurant_statistics bounds them; any of statuses; a source.
     and (p_received_from is null or r.created_at >= (p_received_from::timestamp at time zone 'Europe/Paris'))
     and (p_received_to is null or r.created_at < ((p_received_to + 1)::timestamp at time zone 'Europe/Paris'))
     and (p_statuses is null or r.status = any (p_statuses))
     and (p_source is null or r.source = p_source)
  );
end
$function$;
COMMENT ON FUNCTION public.export_reservations_csv(uuid,text,smallint,date,date,text,boolean,date,date,smallint[],text) IS 'The reservation list, as filtered (the statistics'' filters too: days of reception, statuses, source), as a CSV file for French spreadsheets (BOM, '';'', CRLF, French headers and labels): with each reservation''s options, allergies and diets, acompte asked and amount received, and origin.';
REVOKE ALL ON FUNCTION public.export_reservations_csv(uuid,text,smallint,date,date,text,boolean,date,date,smallint[],text) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.modify_reservation(p_reservation_id uuid, p_changes jsonb, p_preview boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
COMMENT ON FUNCTION public.modify_reservation(uuid,jsonb,boolean) IS 'Modifier: a member''s (owner or manager) change of a pending, accepted or paid reservation, in one call. p_changes: any of the request''s fields (date, arrival_time, adults, children, menu_id, options, customer, dietary_notes) and notes, laid over the reservation and checked as submit_group_request checks a request (refusals: {code, message, details = field}, 422); the total recomputed; one history row « Modifiée par <e-mail> : … »; the customer of an accepted or paid reservation e-mailed the new details and what changed (outbox payload `changes`, internal notes left out). p_preview: nothing is changed; answers what would change and the acceptance check of the reservation as changed.';
REVOKE ALL ON FUNCTION public.modify_reservation(uuid,jsonb,boolean) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION private.acceptance_for(p_restaurant_id uuid, p_day date, p_service text, p_arrival time without time zone, p_covers integer, p_counted boolean)
 RETURNS TABLE(day date, service text, is_open boolean, capacity integer, confirmed_covers integer, covers integer, covers_after integer, arrival_time time without time zone, from_time time without time zone, to_time time without time zone, outside_hours boolean, closed boolean, closure_reason text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select p_day, p_service, p.is_open, p.capacity, p.confirmed_covers, p_covers,
         -- p_counted: accepted or paid already, it is among the confirmed covers.
         p.confirmed_covers + case when p_counted then 0 else p_covers end,
         p_arrival, hours.from_time, hours.to_time,
         coalesce(not private.is_service_slot(p_arrival, hours.from_time, hours.to_time), false),
         closure.id is not null, closure.reason
    from public.reservation_planning(p_restaurant_id, p_day, p_day) p
    left join lateral (
      select case p_service when 'lunch' then h.lunch_from_time else h.dinner_from_time end as from_time,
             case p_service when 'lunch' then h.lunch_to_time else h.dinner_to_time end as to_time
        from public.restaurant_hours h
       where h.restaurant_id = p_restaurant_id and h.day = lower(to_char(p_day, 'FMDay'))
    ) hours on true
    left join public.restaurant_closures closure
      on closure.restaurant_id = p_restaurant_id and closure.closure_date = p_day and closure.service = p_service
   where p.service = p_service
$function$;
COMMENT ON FUNCTION private.acceptance_for(uuid,date,text,time without time zone,integer,boolean) IS 'What accepting p_covers at that service of p_day does to the plan: covers against capacity, closed (weekly: is_open; exceptionally: closed, closure_reason), arrival outside the hours. The one rule of reservation_acceptance_check (a stored reservation) and check_group_request (a request not stored).';
REVOKE ALL ON FUNCTION private.acceptance_for(uuid,date,text,time without time zone,integer,boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.acceptance_for(uuid,date,text,time without time zone,integer,boolean) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION public.reservation_acceptance_check(p_restaurant_id uuid, p_numero text)
 RETURNS TABLE(day date, service text, is_open boolean, capacity integer, confirmed_covers integer, covers integer, covers_after integer, arrival_time time without time zone, from_time time without time zone, to_time time without time zone, outside_hours boolean, closed boolean, closure_reason text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select a.*
    from public.restaurant_reservations r
   cross join lateral private.acceptance_for(r.restaurant_id, r.reservation_date, r.service, r.arrival_time,
                                             r.number_people + coalesce(r.children, 0), r.is_accepted) a
   where r.restaurant_id = p_restaurant_id and r.numero_reservation_restaurateur = p_numero
$function$;
COMMENT ON FUNCTION public.reservation_acceptance_check(uuid,text) IS 'What accepting a reservation does to its service that day: covers against capacity, closed (weekly: is_open; exceptionally: closed, closure_reason), arrival outside the hours. Read by the app before accepting and by the reservation service (@tablee/domain acceptanceWarnings).';
REVOKE ALL ON FUNCTION public.reservation_acceptance_check(uuid,text) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.reservation_acceptance_checks(p_reservation_ids uuid[])
 RETURNS TABLE(reservation_id uuid, day date, service text, is_open boolean, capacity integer, confirmed_covers integer, covers integer, covers_after integer, arrival_time time without time zone, from_time time without time zone, to_time time without time zone, outside_hours boolean, closed boolean, closure_reason text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- The same check, for several reservations in one call (the notification sender's round).
  select r.id, c.*
    from public.restaurant_reservations r
   cross join lateral public.reservation_acceptance_check(r.restaurant_id, r.numero_reservation_restaurateur) c
   where r.id = any (p_reservation_ids)
$function$;
COMMENT ON FUNCTION public.reservation_acceptance_checks(uuid[]) IS 'public.reservation_acceptance_check of each of the given reservations, by id (none for a reservation it says nothing of): the notification sender reads those of a round''s new requests in one call.';
REVOKE ALL ON FUNCTION public.reservation_acceptance_checks(uuid[]) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.reservation_planning(p_restaurant_id uuid, p_from date, p_to date)
 RETURNS TABLE(day date, service text, is_open boolean, capacity integer, confirmed_covers integer, confirmed_reservations integer, pending_covers integer, pending_requests integer, no_show_covers integer, no_show_reservations integer)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  if p_from is null or p_to is null or p_to < p_from then
    raise exception 'Période du planning invalide' using errcode = '22023';
  end if;
  -- A month view shows six weeks at most.
  if p_to - p_from > 41 then
    raise exception 'Le planning couvre au plus 42 jours' using errcode = '22023';
  end if;
  return query
  with restaurant as (
    select r.id, r.days_open from public.restaurants r where r.id = p_restaurant_id
  ),
  slots as (
    -- Dates, not timestamps: no time zone can move a day.
    select p_from + i as day, lower(to_char(p_from + i, 'FMDay')) as weekday, v.service, v.position
      from generate_series(0, p_to - p_from) i
     cross join (values ('lunch', 1), ('dinner', 2)) v(service, position)
  ),
  booked as (
    select x.reservation_date, x.service,
           sum(x.number_people + coalesce(x.children, 0)) filter (where x.is_accepted) as confirmed_covers,
           count(*) filter (where x.is_accepted) as confirmed_reservations,
           sum(x.number_people + coalesce(x.children, 0)) filter (where x.status = private.reservation_status('pending')) as pending_covers,
           count(*) filter (where x.status = private.reservation_status('pending')) as pending_requests,
           sum(x.number_people + coalesce(x.children, 0)) filter (where x.status = private.reservation_status('no_show')) as no_show_covers,
           count(*) filter (where x.status = private.reservation_status('no_show')) as no_show_reservations
      from public.restaurant_reservations x
     where x.restaurant_id = p_restaurant_id
       and x.reservation_date between p_from and p_to
       and (x.is_accepted or x.status in (private.reservation_status('pending'), private.reservation_status('no_show')))
     group by x.reservation_date, x.service
  )
  select s.day, s.service,
         coalesce(s.weekday = any (r.days_open), false)
           and coalesce(case s.service when 'lunch' then h.lunch_is_open else h.dinner_is_open end, true),
         case s.service when 'lunch' then h.lunch_capacity else h.dinner_capacity end,
         coalesce(b.confirmed_covers, 0)::int, coalesce(b.confirmed_reservations, 0)::int,
         coalesce(b.pending_covers, 0)::int, coalesce(b.pending_requests, 0)::int,
         coalesce(b.no_show_covers, 0)::int, coalesce(b.no_show_reservations, 0)::int
    from restaurant r
   cross join slots s
    left join public.restaurant_hours h on h.restaurant_id = r.id and h.day = s.weekday
    left join booked b on b.reservation_date = s.day and b.service = s.service
   order by s.day, s.position;
end
$function$;
REVOKE ALL ON FUNCTION public.reservation_planning(uuid,date,date) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.search_reservations(p_restaurant_id uuid, p_search text DEFAULT ''::text)
 RETURNS TABLE(id uuid, restaurant_id uuid, conversation_id uuid, numero_reservation_restaurateur text, numero_reservation text, code_reservation text, status smallint, is_accepted boolean, customer_name text, email text, email_address text, phone_number text, selected_menu text, total_amount public.amount, amount_received_cents integer, number_people integer, children integer, reservation_date date, arrival_time time without time zone, service text, respond_by timestamp with time zone, options jsonb, source text, created_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_words text[] := private.search_words_pattern(p_search);
  v_phone text;
begin
  -- The policy "Members read their reservations", restated: only a restaurant the caller is a member of.
  if not private.has_role(p_restaurant_id, 'manager') then
    return;
  end if;
  if v_words is null then
    return query
      select r.id, r.restaurant_id, r.conversation_id, r.numero_reservation_restaurateur, r.numero_reservation, r.code_reservation, r.status, r.is_accepted, r.customer_name, r.email, r.email_address, r.phone_number, r.selected_menu, r.total_amount, r.amount_received_cents, r.number_people, r.children, r.reservation_date, r.arrival_time, r.service, r.respond_by, r.options, r.source, r.created_at
        from public.restaurant_reservations r
       where r.restaurant_id = p_restaurant_id;
    return;
  end if;
  -- A phone number typed ('06 12 34 56 78', four digits at least): that number, its digits together.
  v_phone := private.search_phone_pattern(p_search);
  if v_phone is not null then
    return query execute
      'select r.id, r.restaurant_id, r.conversation_id, r.numero_reservation_restaurateur, r.numero_reservation, r.code_reservation, r.status, r.is_accepted, r.customer_name, r.email, r.email_address, r.phone_number, r.selected_menu, r.total_amount, r.amount_received_cents, r.number_people, r.children, r.reservation_date, r.arrival_time, r.service, r.respond_by, r.options, r.source, r.created_at
         from public.restaurant_reservations r
        where r.restaurant_id = $1 and r.search_text like $2'
      using p_restaurant_id, v_phone;
    return;
  end if;
  -- Words: the longest ($2) is what the index looks up, every word ($3) is checked on what it finds.
  return query execute
    'select r.id, r.restaurant_id, r.conversation_id, r.numero_reservation_restaurateur, r.numero_reservation, r.code_reservation, r.status, r.is_accepted, r.customer_name, r.email, r.email_address, r.phone_number, r.selected_menu, r.total_amount, r.amount_received_cents, r.number_people, r.children, r.reservation_date, r.arrival_time, r.service, r.respond_by, r.options, r.source, r.created_at
       from public.restaurant_reservations r
      where r.restaurant_id = $1 and r.search_text like $2 and r.search_text like all ($3)'
    using p_restaurant_id, v_words[1], v_words;
end
$function$;
COMMENT ON FUNCTION public.search_reservations(uuid,text) IS 'The reservation list''s search: the restaurant''s reservations whose search_text holds the phone number typed, or else every word typed (name, numbers, customer''s code, e-mail; accents and case ignored); all of them when nothing is typed. Definer (for the trigram index), for the restaurant''s members only.';
REVOKE ALL ON FUNCTION public.search_reservations(uuid,text) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.transition_reservation(p_numero_reservation text, p_code_manage text, p_target_status smallint, p_restaurant_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;
REVOKE ALL ON FUNCTION public.transition_reservation(text,text,smallint,uuid) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.transition_reservation_by_id(p_reservation_id uuid, p_target_status smallint, p_actor text DEFAULT 'owner'::text, p_actor_user_id uuid DEFAULT NULL::uuid, p_reason text DEFAULT NULL::text, p_reason_detail text DEFAULT NULL::text, p_proposal text DEFAULT NULL::text, p_deposit text DEFAULT NULL::text, p_amount_cents integer DEFAULT NULL::integer, p_payment_id text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_res public.restaurant_reservations%rowtype;
  v_detail text := nullif(btrim(coalesce(p_reason_detail, '')), '');
  v_proposal text := nullif(btrim(coalesce(p_proposal, '')), '');
  v_refusal text;
  v_received_cents integer;
  v_amount_cents integer;
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

  v_refusal := private.transition_refusal(v_res, p_target_status, p_reason, v_detail, p_deposit, p_amount_cents);
  if v_refusal is not null then
    return jsonb_build_object('outcome', v_refusal, 'status', v_res.status,
      'numero_reservation_restaurateur', v_res.numero_reservation_restaurateur, 'reservation_id', v_res.id)
      || case v_refusal
           when 'too_early' then jsonb_build_object('reservation_date', v_res.reservation_date, 'arrival_time', to_char(v_res.arrival_time, 'HH24:MI'))
           when 'amount_invalid' then jsonb_build_object('amount_received_cents', coalesce(v_res.amount_received_cents, private.euros_to_cents(v_res.total_amount)))
           else '{}'::jsonb end;
  end if;

  -- Marked paid: what was received (a payment online says how much; by hand, today's terms). Cancelled from paid: what is refunded, or kept.
  if p_target_status = private.reservation_status('paid') then
    v_received_cents := coalesce(p_amount_cents, private.euros_to_cents(private.received_when_paid(v_res.total_amount, v_res.restaurant_id)));
    v_amount_cents := v_received_cents;
  elsif p_deposit = 'refunded' then
    v_amount_cents := p_amount_cents;
  elsif p_deposit = 'kept' then
    v_amount_cents := coalesce(v_res.amount_received_cents, private.euros_to_cents(v_res.total_amount));
  end if;

  update public.restaurant_reservations r
     set status = p_target_status, amount_received_cents = coalesce(v_received_cents, r.amount_received_cents)
   where r.id = v_res.id;
  insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, reason, reason_detail, proposal, actor, actor_user_id, deposit, amount_cents, payment_id)
  values (v_res.id, v_res.restaurant_id, v_res.status, p_target_status, p_reason, v_detail, v_proposal, p_actor, p_actor_user_id, p_deposit, v_amount_cents, p_payment_id)
  returning id, created_at + private.link_undo_window() into v_event, v_undo_until;
  -- What was paid online is refunded online, in this transaction's intent (the service makes the refunds: pending_refunds).
  if p_deposit = 'refunded' then
    perform private.plan_online_refunds(v_res.id, v_event, v_amount_cents);
  end if;
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
    'deposit', p_deposit, 'amount_cents', v_amount_cents, 'email_queued', v_queued, 'undo_until', v_undo_until);
end
$function$;
COMMENT ON FUNCTION public.transition_reservation_by_id(uuid,smallint,text,uuid,text,text,text,text,integer,text) IS 'One status change over private.reservation_transitions (row lock, one history row, and the customer''s e-mail of the decision queued in the outbox with that row as its event: email_queued says whether the customer has an address to be told at). A decision of the one-click link (p_actor link) holds that e-mail until undo_until, while undo_link_decision may undo it. Called by the reservation service only.';
REVOKE ALL ON FUNCTION public.transition_reservation_by_id(uuid,smallint,text,uuid,text,text,text,text,integer,text) FROM PUBLIC, anon, authenticated;

-- -------------------- Views

CREATE VIEW public.reservation_status_counts WITH (security_invoker=true) AS
 SELECT restaurant_id,
    status,
    (count(*))::integer AS count,
    (count(*) FILTER (WHERE ((status = private.reservation_status('pending'::text)) AND (respond_by < now()))))::integer AS late
   FROM public.restaurant_reservations r
  GROUP BY restaurant_id, status;
REVOKE ALL ON TABLE public.reservation_status_counts FROM anon, authenticated;
GRANT MAINTAIN, SELECT ON TABLE public.reservation_status_counts TO authenticated;

-- -------------------- Triggers

CREATE TRIGGER restaurant_reservations_respond_by BEFORE INSERT ON public.restaurant_reservations FOR EACH ROW EXECUTE FUNCTION private.set_respond_by();
CREATE TRIGGER restaurant_reservations_set_updated_at BEFORE UPDATE ON public.restaurant_reservations FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- -------------------- Row Level Security policies

CREATE POLICY "Members read their reservations' history" ON public.reservation_events AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their reservations" ON public.restaurant_reservations AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));

CREATE OR REPLACE FUNCTION private.decision_message_kind(p_status smallint)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- A no-show is the restaurant's record: the customer is not told.
  select 'customer_reservation_' || s.name from private.reservation_statuses s
   where s.code = p_status and s.name in ('accepted', 'rejected', 'paid', 'cancelled')
$function$;
COMMENT ON FUNCTION private.decision_message_kind(smallint) IS 'The outbox kind of the customer''s e-mail when a reservation moves to that status; null when the customer is not told (no-show, pending).';
REVOKE ALL ON FUNCTION private.decision_message_kind(smallint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.decision_message_kind(smallint) TO service_role;

CREATE OR REPLACE FUNCTION private.link_undo_window()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select interval '2 minutes' $function$;
COMMENT ON FUNCTION private.link_undo_window() IS 'How long a decision of the one-click link can be undone from the link page, its e-mail to the customer held meanwhile.';
REVOKE ALL ON FUNCTION private.link_undo_window() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.link_undo_window() TO service_role;

CREATE OR REPLACE FUNCTION public.undo_link_decision(p_numero_reservation text, p_code_manage text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
COMMENT ON FUNCTION public.undo_link_decision(text,text) IS 'Undoes a decision of the one-click link (the code checked as transition_reservation does, the row locked): while it is the reservation''s last change, within private.link_undo_window() and before a sender took its e-mail, the reservation is pending again, the held e-mail removed and the undo recorded (kind undone). Else outcome too_late or not_undoable, nothing changed. Called by the reservation service only.';
REVOKE ALL ON FUNCTION public.undo_link_decision(text,text) FROM PUBLIC, anon, authenticated;
