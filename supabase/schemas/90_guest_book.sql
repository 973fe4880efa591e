-- The guest book (issue 47): one entry per person per restaurant (restaurant_customers), each reservation and
-- conversation linked to it, matched in the transaction that writes them (by the plain e-mail address, lower case,
-- else the phone in E.164; the two entries merged when a reservation's e-mail meets one and its phone another).
-- Members (owner, manager) read it; the customers' rights (export, erasure) are the owners'; retention is the
-- reservation service's daily job (run_privacy_retention). What was done to whom is in restaurant_privacy_audit,
-- which never holds the personal data itself.
--
-- Definitions: a visit is an accepted or paid reservation, past or to come (a customer who did not come is marked
-- no-show, one who cancels is cancelled); covers are the visits' adults and children; spend is the visits'
-- total_amount, in cents; the last visit is the latest visit's date (it may be to come); the last contact is the
-- latest reservation written (created_at) for the person; retention counts from the later of the last contact and
-- the last reservation date. The figures are stored on the entry (private.refresh_customer_figures, from each
-- reservation's trigger), so that the list sorts 50,000 entries by an index instead of aggregating their reservations.
-- A function's body is checked when it runs, not here: it may name what a later file declares (pg_dump's own output does the same).
set check_function_bodies = off;

-- -------------------- Functions the tables' checks call

CREATE OR REPLACE FUNCTION private.customer_email(p_field text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$ select lower(private.plain_email_address(p_field)) $function$;
COMMENT ON FUNCTION private.customer_email(text) IS 'The guest book''s key by e-mail: the field''s plain address in lower case; null when it is not exactly one plain address.';
REVOKE ALL ON FUNCTION private.customer_email(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.customer_email(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.customer_phone(p_phone text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select coalesce(private.french_phone_e164(p_phone),
                  case when d ~ '^\+[1-9][0-9]{6,14}$' then d
                       when d ~ '^00[1-9][0-9]{6,14}$' then '+' || substr(d, 3)
                       -- A WhatsApp id (wa_id): the international number without its +.
                       when d ~ '^[1-9][0-9]{10,14}$' and p_phone !~ '^0' then '+' || d end)
  from (select regexp_replace(p_phone, '[[:space:].()/-]', '', 'g') as d) typed
$function$;
COMMENT ON FUNCTION private.customer_phone(text) IS 'The guest book''s key by phone: a French number in E.164 (private.french_phone_e164: ''06 12 34 56 78'', ''+33 6…'', ''0033 6…''), else an international one written +… or 00…, or a WhatsApp id (digits of an international number); null otherwise.';
REVOKE ALL ON FUNCTION private.customer_phone(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.customer_phone(text) TO authenticated, service_role;

-- -------------------- Tables

CREATE TABLE public.restaurant_customers (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    display_name text DEFAULT ''::text NOT NULL,
    email text,
    phone_e164 text,
    company text,
    notes text,
    tags text[] DEFAULT '{}'::text[] NOT NULL,
    first_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    last_contact_at timestamp with time zone DEFAULT now() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    reservations_count integer DEFAULT 0 NOT NULL,
    visits integer DEFAULT 0 NOT NULL,
    covers integer DEFAULT 0 NOT NULL,
    spent_cents bigint DEFAULT 0 NOT NULL,
    no_shows integer DEFAULT 0 NOT NULL,
    cancellations integer DEFAULT 0 NOT NULL,
    last_visit date,
    first_source text,
    search_text text GENERATED ALWAYS AS (((private.search_text(((((display_name || ' '::text) || COALESCE(email, ''::text)) || ' '::text) || COALESCE(company, ''::text))) || ' '::text) || COALESCE(private.phone_digits(phone_e164), ''::text))) STORED,
    CONSTRAINT restaurant_customers_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_customers_display_name_max_200 CHECK (((char_length(display_name) <= 200) AND private.is_one_line(display_name))),
    CONSTRAINT restaurant_customers_email_plain CHECK (((char_length(email) <= 320) AND (email = lower(private.plain_email_address(email))))),
    CONSTRAINT restaurant_customers_phone_e164 CHECK (private.is_e164(phone_e164)),
    CONSTRAINT restaurant_customers_company_max_200 CHECK (((char_length(company) <= 200) AND private.is_one_line(company))),
    CONSTRAINT restaurant_customers_first_source_check CHECK ((first_source = ANY (ARRAY['assistant'::text, 'phone'::text, 'web'::text]))),
    CONSTRAINT restaurant_customers_notes_max_2000 CHECK ((char_length(notes) <= 2000)),
    CONSTRAINT restaurant_customers_tags_check CHECK (((cardinality(tags) <= 10) AND (array_position(tags, NULL::text) IS NULL) AND (array_to_string(tags, E'\n'::text) ~ '^([^\x01-\x1f\x7f-\x9f\u2028\u2029]{1,30}(\n|$))*$'::text))),
    CONSTRAINT restaurant_customers_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
COMMENT ON TABLE public.restaurant_customers IS 'The guest book: one entry per person per restaurant, matched from its reservations (private.match_customer) by e-mail, else phone; merged and split by hand by members (merge_customers, split_customer). Read by the restaurant''s members; written only by the guest book''s functions.';
COMMENT ON COLUMN public.restaurant_customers.display_name IS 'The name of the person''s latest reservation.';
COMMENT ON COLUMN public.restaurant_customers.email IS 'The plain e-mail address in lower case (private.customer_email); unique in the restaurant.';
COMMENT ON COLUMN public.restaurant_customers.phone_e164 IS 'The phone in E.164 (private.customer_phone); unique in the restaurant.';
COMMENT ON COLUMN public.restaurant_customers.notes IS 'The restaurant''s private notes (save_customer_notes); never shown to the customer nor to the assistant.';
COMMENT ON COLUMN public.restaurant_customers.tags IS 'The restaurant''s tags (''Entreprise'', ''Habitué'', free ones): at most 10 of 30 characters (save_customer_notes).';
COMMENT ON COLUMN public.restaurant_customers.last_contact_at IS 'The latest reservation written for the person (its created_at): with the last reservation date, where retention counts from.';
COMMENT ON COLUMN public.restaurant_customers.visits IS 'The figures (reservations_count … first_source) are the person''s reservations'' (private.refresh_customer_figures, after each reservation''s write): never written otherwise. visits: accepted or paid, past or to come.';
COMMENT ON COLUMN public.restaurant_customers.last_visit IS 'The latest date of an accepted or paid reservation (it may be to come).';
COMMENT ON COLUMN public.restaurant_customers.first_source IS 'The source of the person''s first request (its created_at).';
COMMENT ON COLUMN public.restaurant_customers.search_text IS 'What the guest book''s search reads: name, e-mail, company in lower case without accents, then the phone''s digits (0612345678). Generated; never written.';
ALTER TABLE public.restaurant_customers ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_customers FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.restaurant_customers TO authenticated;
GRANT SELECT ON TABLE public.restaurant_customers TO service_role;

CREATE UNIQUE INDEX restaurant_customers_email_key ON public.restaurant_customers USING btree (restaurant_id, email) WHERE (email IS NOT NULL);
CREATE UNIQUE INDEX restaurant_customers_phone_key ON public.restaurant_customers USING btree (restaurant_id, phone_e164) WHERE (phone_e164 IS NOT NULL);
CREATE INDEX restaurant_customers_search_text_trgm_idx ON public.restaurant_customers USING gin (search_text extensions.gin_trgm_ops) WITH (fastupdate=off);
CREATE INDEX restaurant_customers_restaurant_contact_idx ON public.restaurant_customers USING btree (restaurant_id, last_contact_at);
-- The list's three sorts, each read in the index's order (restaurant_customers_list).
CREATE INDEX restaurant_customers_by_last_visit_idx ON public.restaurant_customers USING btree (restaurant_id, last_visit DESC NULLS LAST, last_contact_at DESC, id);
CREATE INDEX restaurant_customers_by_visits_idx ON public.restaurant_customers USING btree (restaurant_id, visits DESC, last_visit DESC NULLS LAST, last_contact_at DESC, id);
CREATE INDEX restaurant_customers_by_spend_idx ON public.restaurant_customers USING btree (restaurant_id, spent_cents DESC, last_visit DESC NULLS LAST, last_contact_at DESC, id);

CREATE TABLE public.restaurant_privacy_audit (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    user_id uuid,
    action text NOT NULL,
    customer_id uuid,
    counts jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT restaurant_privacy_audit_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_privacy_audit_action_check CHECK ((action = ANY (ARRAY['erase'::text, 'export'::text, 'retention'::text, 'merge'::text, 'split'::text]))),
    CONSTRAINT restaurant_privacy_audit_counts_check CHECK (((jsonb_typeof(counts) = 'object'::text) AND (pg_column_size(counts) <= 4000))),
    CONSTRAINT restaurant_privacy_audit_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE,
    CONSTRAINT restaurant_privacy_audit_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL
);
COMMENT ON TABLE public.restaurant_privacy_audit IS 'What was done with the customers'' personal data, by whom and when: erase, export, retention (the daily job: user_id null), merge and split (by hand: user_id set; when a reservation joined two entries: user_id null, counts.automatic). counts holds numbers and ids only, never the personal data. Read by the restaurant''s owners; written by the guest book''s functions only.';
COMMENT ON COLUMN public.restaurant_privacy_audit.customer_id IS 'The entry of the guest book acted on (an id only: once erased, it names no one).';
ALTER TABLE public.restaurant_privacy_audit ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_privacy_audit FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.restaurant_privacy_audit TO authenticated;
GRANT SELECT ON TABLE public.restaurant_privacy_audit TO service_role;

CREATE INDEX restaurant_privacy_audit_restaurant_idx ON public.restaurant_privacy_audit USING btree (restaurant_id, created_at DESC);

-- The links from reservations and conversations, and the restaurant's retention.
ALTER TABLE public.restaurant_reservations ADD COLUMN customer_id uuid;
ALTER TABLE public.restaurant_reservations ADD CONSTRAINT restaurant_reservations_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.restaurant_customers(id) ON DELETE SET NULL;
COMMENT ON COLUMN public.restaurant_reservations.customer_id IS 'The person of the guest book the reservation belongs to: matched when it is written (private.match_customer), moved by merge_customers and split_customer; null without e-mail nor phone, or once erased.';
GRANT SELECT (customer_id) ON TABLE public.restaurant_reservations TO authenticated;
-- A person's reservations (their figures, the detail, the erasure).
CREATE INDEX restaurant_reservations_customer_idx ON public.restaurant_reservations USING btree (customer_id) WHERE (customer_id IS NOT NULL);

ALTER TABLE public.conversations ADD COLUMN customer_id uuid;
ALTER TABLE public.conversations ADD CONSTRAINT conversations_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.restaurant_customers(id) ON DELETE SET NULL;
COMMENT ON COLUMN public.conversations.customer_id IS 'The person of the guest book the conversation is with: its request''s customer, or the entry its customer_contact (e-mail, phone, WhatsApp id) matches.';
CREATE INDEX conversations_customer_idx ON public.conversations USING btree (customer_id) WHERE (customer_id IS NOT NULL);

ALTER TABLE public.restaurants ADD COLUMN customer_retention_months integer DEFAULT 36 NOT NULL;
ALTER TABLE public.restaurants ADD CONSTRAINT restaurants_customer_retention_months_check CHECK (((customer_retention_months >= 1) AND (customer_retention_months <= 36)));
COMMENT ON COLUMN public.restaurants.customer_retention_months IS 'How long a customer''s personal data is kept after their last reservation or contact, in months: 36 (the CNIL''s reference for customers) or shorter, never longer.';

-- -------------------- Functions

CREATE OR REPLACE FUNCTION private.retention_is_owners()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- A manager changes the restaurant's profile, not how long its customers' data is kept.
  if (select auth.uid()) is not null and not private.has_role(new.id, 'owner') then
    raise exception 'Seul un propriétaire peut changer la durée de conservation des données des clients' using errcode = '42501';
  end if;
  return new;
end
$function$;
COMMENT ON FUNCTION private.retention_is_owners() IS 'Before restaurants.customer_retention_months changes: only an owner of the restaurant may change it (the service may).';
REVOKE ALL ON FUNCTION private.retention_is_owners() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.audit_privacy(p_restaurant_id uuid, p_action text, p_customer_id uuid, p_counts jsonb)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into public.restaurant_privacy_audit (restaurant_id, user_id, action, customer_id, counts)
  values (p_restaurant_id, (select auth.uid()), p_action, p_customer_id, coalesce(p_counts, '{}'::jsonb))
$function$;
COMMENT ON FUNCTION private.audit_privacy(uuid,text,uuid,jsonb) IS 'Records an action on personal data in restaurant_privacy_audit: the caller (null for the service), the action, the entry, counts (never the data).';
REVOKE ALL ON FUNCTION private.audit_privacy(uuid,text,uuid,jsonb) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.refresh_customer_figures(p_customer_id uuid)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  update public.restaurant_customers c
     set reservations_count = f.reservations_count, visits = f.visits, covers = f.covers, spent_cents = f.spent_cents,
         no_shows = f.no_shows, cancellations = f.cancellations, last_visit = f.last_visit, first_source = f.first_source
    from (
      select count(*)::integer as reservations_count,
             count(*) filter (where r.status in (private.reservation_status('accepted'), private.reservation_status('paid')))::integer as visits,
             coalesce(sum(r.number_people + r.children) filter (where r.status in (private.reservation_status('accepted'), private.reservation_status('paid'))), 0)::integer as covers,
             round(coalesce(sum(r.total_amount) filter (where r.status in (private.reservation_status('accepted'), private.reservation_status('paid'))), 0) * 100)::bigint as spent_cents,
             count(*) filter (where r.status = private.reservation_status('no_show'))::integer as no_shows,
             count(*) filter (where r.status = private.reservation_status('cancelled'))::integer as cancellations,
             max(r.reservation_date) filter (where r.status in (private.reservation_status('accepted'), private.reservation_status('paid'))) as last_visit,
             (array_agg(r.source order by r.created_at, r.id))[1] as first_source
        from public.restaurant_reservations r where r.customer_id = p_customer_id) f
   where c.id = p_customer_id
     and (c.reservations_count, c.visits, c.covers, c.spent_cents, c.no_shows, c.cancellations, c.last_visit, c.first_source)
         is distinct from (f.reservations_count, f.visits, f.covers, f.spent_cents, f.no_shows, f.cancellations, f.last_visit, f.first_source)
$function$;
COMMENT ON FUNCTION private.refresh_customer_figures(uuid) IS 'Computes an entry''s stored figures again from its reservations (a person has a few: read by restaurant_reservations_customer_idx).';
REVOKE ALL ON FUNCTION private.refresh_customer_figures(uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.customer_allergies(p_customer_id uuid)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(distinct a.text order by a.text), '{}') from (
    select btrim(r.dietary_notes) as text from public.restaurant_reservations r
     where r.customer_id = p_customer_id and btrim(r.dietary_notes) <> ''
    union
    select btrim(g.allergies) from public.reservation_guests g join public.restaurant_reservations r on r.id = g.reservation_id
     where r.customer_id = p_customer_id and btrim(g.allergies) <> '') a
$function$;
COMMENT ON FUNCTION private.customer_allergies(uuid) IS 'The allergies and diets an entry''s reservations stated (dietary_notes) and their guests'' (reservation_guests.allergies), each once, sorted. Callers check the rights.';
REVOKE ALL ON FUNCTION private.customer_allergies(uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.reservation_customer_figures()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.customer_id is not null then
    perform private.refresh_customer_figures(old.customer_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.customer_id is not null and (tg_op = 'INSERT' or new.customer_id is distinct from old.customer_id) then
    perform private.refresh_customer_figures(new.customer_id);
  end if;
  return null;
end
$function$;
COMMENT ON FUNCTION private.reservation_customer_figures() IS 'After a reservation is written, moved or deleted: the stored figures of its entries (before and after) again.';
REVOKE ALL ON FUNCTION private.reservation_customer_figures() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.merge_customer_rows(p_restaurant_id uuid, p_keep uuid, p_merge uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_gone public.restaurant_customers;
  v_reservations integer;
  v_conversations integer;
begin
  update public.restaurant_reservations r set customer_id = p_keep where r.restaurant_id = p_restaurant_id and r.customer_id = p_merge;
  get diagnostics v_reservations = row_count;
  update public.conversations c set customer_id = p_keep where c.restaurant_id = p_restaurant_id and c.customer_id = p_merge;
  get diagnostics v_conversations = row_count;
  delete from public.restaurant_customers c where c.id = p_merge and c.restaurant_id = p_restaurant_id returning c.* into v_gone;
  -- What the kept entry lacks, the merged one gives: its e-mail or phone (now free), company, notes, tags (10 at most).
  update public.restaurant_customers k
     set email = coalesce(k.email, v_gone.email),
         phone_e164 = coalesce(k.phone_e164, v_gone.phone_e164),
         company = coalesce(k.company, v_gone.company),
         notes = case when v_gone.notes is null or v_gone.notes = '' then k.notes
                      when k.notes is null or k.notes = '' then v_gone.notes
                      else left(k.notes || E'\n' || v_gone.notes, 2000) end,
         -- Both entries' tags, once each (case ignored), the kept entry's first, 10 at most.
         tags = (select coalesce((array_agg(d.t order by d.o))[1:10], '{}') from (
                   select distinct on (lower(u.t)) u.t, u.o from unnest(k.tags || v_gone.tags) with ordinality as u(t, o) order by lower(u.t), u.o) d),
         first_seen_at = least(k.first_seen_at, v_gone.first_seen_at),
         last_contact_at = greatest(k.last_contact_at, v_gone.last_contact_at),
         updated_at = now()
   where k.id = p_keep;
  return jsonb_build_object('reservations', v_reservations, 'conversations', v_conversations, 'merged', p_merge, 'kept', p_keep);
end
$function$;
COMMENT ON FUNCTION private.merge_customer_rows(uuid,uuid,uuid) IS 'Moves one entry''s reservations and conversations to another, gives it what it lacks (e-mail, phone, company, notes, tags) and deletes it. Callers check the rights and lock.';
REVOKE ALL ON FUNCTION private.merge_customer_rows(uuid,uuid,uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.match_customer(p_restaurant_id uuid, p_name text, p_email text, p_phone text, p_at timestamp with time zone)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := private.customer_email(p_email);
  v_phone text := private.customer_phone(p_phone);
  v_by_email public.restaurant_customers;
  v_by_phone public.restaurant_customers;
  v_id uuid;
  v_name text := left(btrim(regexp_replace(coalesce(p_name, ''), '[\x01-\x1f\x7f-\x9f\u2028\u2029]', ' ', 'g')), 200);
begin
  if v_email is null and v_phone is null then
    return null;
  end if;
  -- One matching at a time per restaurant: two requests of a new person at once make one entry.
  perform pg_advisory_xact_lock(hashtextextended('restaurant_customers:' || p_restaurant_id, 0));
  if v_email is not null then
    select c.* into v_by_email from public.restaurant_customers c where c.restaurant_id = p_restaurant_id and c.email = v_email;
  end if;
  if v_phone is not null then
    select c.* into v_by_phone from public.restaurant_customers c where c.restaurant_id = p_restaurant_id and c.phone_e164 = v_phone;
  end if;
  if v_by_email.id is not null and v_by_phone.id is not null and v_by_email.id <> v_by_phone.id then
    -- Both meet: one person. The older entry survives.
    if v_by_phone.first_seen_at < v_by_email.first_seen_at then
      perform private.audit_privacy(p_restaurant_id, 'merge', v_by_phone.id,
        private.merge_customer_rows(p_restaurant_id, v_by_phone.id, v_by_email.id) || '{"automatic": true}');
      v_id := v_by_phone.id;
    else
      perform private.audit_privacy(p_restaurant_id, 'merge', v_by_email.id,
        private.merge_customer_rows(p_restaurant_id, v_by_email.id, v_by_phone.id) || '{"automatic": true}');
      v_id := v_by_email.id;
    end if;
  else
    v_id := coalesce(v_by_email.id, v_by_phone.id);
  end if;
  if v_id is null then
    insert into public.restaurant_customers (restaurant_id, display_name, email, phone_e164, first_seen_at, last_contact_at)
    values (p_restaurant_id, v_name, v_email, v_phone, coalesce(p_at, now()), coalesce(p_at, now()))
    returning id into v_id;
  else
    update public.restaurant_customers c
       set email = coalesce(c.email, v_email),
           phone_e164 = coalesce(c.phone_e164, v_phone),
           display_name = case when v_name <> '' and coalesce(p_at, now()) >= c.last_contact_at then v_name
                               when c.display_name = '' then v_name else c.display_name end,
           first_seen_at = least(c.first_seen_at, coalesce(p_at, now())),
           last_contact_at = greatest(c.last_contact_at, coalesce(p_at, now())),
           updated_at = now()
     where c.id = v_id;
  end if;
  return v_id;
end
$function$;
COMMENT ON FUNCTION private.match_customer(uuid,text,text,text,timestamp with time zone) IS 'The entry of the guest book of a person writing to the restaurant: by the plain e-mail address (case ignored), else by the phone in E.164; made when none; when the e-mail meets one entry and the phone another, the two are merged (the older survives; audited as an automatic merge). Null without e-mail nor phone.';
REVOKE ALL ON FUNCTION private.match_customer(uuid,text,text,text,timestamp with time zone) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.link_reservation_customer()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' and new.email is not distinct from old.email and new.phone_number is not distinct from old.phone_number then
    return new;
  end if;
  new.customer_id := private.match_customer(new.restaurant_id, new.customer_name, new.email, new.phone_number, new.created_at);
  if new.customer_id is not null and new.conversation_id is not null then
    update public.conversations c set customer_id = new.customer_id
     where c.id = new.conversation_id and c.customer_id is distinct from new.customer_id;
  end if;
  return new;
end
$function$;
COMMENT ON FUNCTION private.link_reservation_customer() IS 'Before a reservation is written with an e-mail or phone, or they change: its entry of the guest book (private.match_customer), given to its conversation too. The one place matching happens, in the transaction that writes the reservation.';
REVOKE ALL ON FUNCTION private.link_reservation_customer() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.link_conversation_customer()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := private.customer_email(new.customer_contact);
  v_phone text := private.customer_phone(new.customer_contact);
begin
  if new.customer_id is null and (v_email is not null or v_phone is not null) then
    select c.id into new.customer_id
      from public.restaurant_customers c
     where c.restaurant_id = new.restaurant_id and (c.email = v_email or c.phone_e164 = v_phone)
     order by (c.email = v_email) desc nulls last
     limit 1;
  end if;
  return new;
end
$function$;
COMMENT ON FUNCTION private.link_conversation_customer() IS 'Before a conversation is written with a customer contact: the entry of the guest book its e-mail or phone (WhatsApp id) matches, when there is one (a conversation alone makes no entry).';
REVOKE ALL ON FUNCTION private.link_conversation_customer() FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.save_customer_notes(p_restaurant_id uuid, p_customer_id uuid, p_notes text, p_tags text[], p_company text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row public.restaurant_customers;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  update public.restaurant_customers c
     set notes = nullif(btrim(p_notes), ''),
         tags = coalesce((select array_agg(btrim(t) order by o) from unnest(p_tags) with ordinality as u(t, o) where btrim(t) <> ''), '{}'),
         company = nullif(btrim(p_company), ''),
         updated_at = now()
   where c.id = p_customer_id and c.restaurant_id = p_restaurant_id
   returning c.* into v_row;
  if v_row.id is null then
    perform private.raise_not_found('Client non trouvé');
  end if;
  return jsonb_build_object('id', v_row.id, 'notes', v_row.notes, 'tags', to_jsonb(v_row.tags), 'company', v_row.company);
end
$function$;
COMMENT ON FUNCTION public.save_customer_notes(uuid,uuid,text,text[],text) IS 'The restaurant''s private notes, tags and company of a customer (members: owner or manager). Tags: at most 10 of 30 characters (23514 otherwise).';
REVOKE ALL ON FUNCTION public.save_customer_notes(uuid,uuid,text,text[],text) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.merge_customers(p_restaurant_id uuid, p_keep uuid, p_merge uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_counts jsonb;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if p_keep is null or p_merge is null or p_keep = p_merge then
    raise exception 'Deux clients différents sont requis' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('restaurant_customers:' || p_restaurant_id, 0));
  perform 1 from public.restaurant_customers c where c.restaurant_id = p_restaurant_id and c.id in (p_keep, p_merge) order by c.id for update;
  if (select count(*) from public.restaurant_customers c where c.restaurant_id = p_restaurant_id and c.id in (p_keep, p_merge)) <> 2 then
    perform private.raise_not_found('Client non trouvé');
  end if;
  v_counts := private.merge_customer_rows(p_restaurant_id, p_keep, p_merge);
  perform private.audit_privacy(p_restaurant_id, 'merge', p_keep, v_counts);
  return v_counts;
end
$function$;
COMMENT ON FUNCTION public.merge_customers(uuid,uuid,uuid) IS 'Merges two entries of the guest book by hand (members): p_merge''s reservations and conversations move to p_keep, which takes what it lacks (e-mail, phone, company, notes, tags); p_merge is deleted. Audited (merge).';
REVOKE ALL ON FUNCTION public.merge_customers(uuid,uuid,uuid) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.split_customer(p_restaurant_id uuid, p_customer_id uuid, p_reservation_ids uuid[])
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_from public.restaurant_customers;
  v_latest public.restaurant_reservations;
  v_moving integer;
  v_total integer;
  v_email text;
  v_phone text;
  v_new uuid;
  v_conversations integer;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  perform pg_advisory_xact_lock(hashtextextended('restaurant_customers:' || p_restaurant_id, 0));
  select c.* into v_from from public.restaurant_customers c where c.id = p_customer_id and c.restaurant_id = p_restaurant_id for update;
  if v_from.id is null then
    perform private.raise_not_found('Client non trouvé');
  end if;
  select count(*) filter (where r.id = any (p_reservation_ids)), count(*) into v_moving, v_total
    from public.restaurant_reservations r where r.restaurant_id = p_restaurant_id and r.customer_id = p_customer_id;
  if v_moving = 0 or v_moving <> cardinality(array(select distinct unnest(p_reservation_ids))) or v_moving = v_total then
    raise exception 'Choisissez une partie des réservations de ce client' using errcode = '22023';
  end if;
  select r.* into v_latest from public.restaurant_reservations r
   where r.restaurant_id = p_restaurant_id and r.customer_id = p_customer_id and r.id = any (p_reservation_ids)
   order by r.created_at desc limit 1;
  -- The new entry takes the identifiers of its reservations that the remaining ones do not use.
  v_email := private.customer_email(v_latest.email);
  v_phone := private.customer_phone(v_latest.phone_number);
  if exists (select 1 from public.restaurant_reservations r where r.restaurant_id = p_restaurant_id and r.customer_id = p_customer_id
               and not r.id = any (p_reservation_ids) and private.customer_email(r.email) = v_email) then
    v_email := null;
  end if;
  if exists (select 1 from public.restaurant_reservations r where r.restaurant_id = p_restaurant_id and r.customer_id = p_customer_id
               and not r.id = any (p_reservation_ids) and private.customer_phone(r.phone_number) = v_phone) then
    v_phone := null;
  end if;
  -- Identifiers the new entry takes leave the old one.
  update public.restaurant_customers c
     set email = case when c.email = v_email then null else c.email end,
         phone_e164 = case when c.phone_e164 = v_phone then null else c.phone_e164 end,
         updated_at = now()
   where c.id = p_customer_id;
  insert into public.restaurant_customers (restaurant_id, display_name, email, phone_e164, first_seen_at, last_contact_at)
  select p_restaurant_id, left(coalesce(v_latest.customer_name, ''), 200), v_email, v_phone, min(r.created_at), max(r.created_at)
    from public.restaurant_reservations r where r.restaurant_id = p_restaurant_id and r.customer_id = p_customer_id and r.id = any (p_reservation_ids)
  returning id into v_new;
  update public.restaurant_reservations r set customer_id = v_new
   where r.restaurant_id = p_restaurant_id and r.customer_id = p_customer_id and r.id = any (p_reservation_ids);
  update public.conversations c set customer_id = v_new
   where c.restaurant_id = p_restaurant_id and c.customer_id = p_customer_id
     and c.id in (select r.conversation_id from public.restaurant_reservations r where r.id = any (p_reservation_ids));
  get diagnostics v_conversations = row_count;
  update public.restaurant_customers c
     set first_seen_at = coalesce((select min(r.created_at) from public.restaurant_reservations r where r.customer_id = p_customer_id), c.first_seen_at),
         last_contact_at = coalesce((select max(r.created_at) from public.restaurant_reservations r where r.customer_id = p_customer_id), c.last_contact_at)
   where c.id = p_customer_id;
  perform private.audit_privacy(p_restaurant_id, 'split', p_customer_id,
    jsonb_build_object('reservations', v_moving, 'conversations', v_conversations, 'new', v_new));
  return jsonb_build_object('customerId', v_new, 'reservations', v_moving, 'conversations', v_conversations);
end
$function$;
COMMENT ON FUNCTION public.split_customer(uuid,uuid,uuid[]) IS 'Splits an entry of the guest book by hand (members): the reservations given (some, not all, of the entry''s) and their conversations go to a new entry, named after the latest of them, with their e-mail and phone when the remaining reservations do not use them. Answers the new entry''s id. Audited (split).';
REVOKE ALL ON FUNCTION public.split_customer(uuid,uuid,uuid[]) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.restaurant_customers_list(p_restaurant_id uuid, p_search text DEFAULT ''::text, p_sort text DEFAULT 'last_visit'::text, p_limit integer DEFAULT 50, p_offset integer DEFAULT 0)
 RETURNS TABLE(id uuid, display_name text, email text, phone_e164 text, company text, tags text[], first_seen_at timestamp with time zone, last_contact_at timestamp with time zone, reservations integer, visits integer, covers integer, spent_cents bigint, no_shows integer, cancellations integer, last_visit date, first_source text, allergies text[], total_count bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_words text[] := private.search_words_pattern(coalesce(p_search, ''));
  v_phone text := private.search_phone_pattern(coalesce(p_search, ''));
begin
  if not private.has_role(p_restaurant_id, 'manager') then
    raise exception 'Accès non autorisé à ce restaurant' using errcode = '42501';
  end if;
  if p_sort is null or p_sort not in ('last_visit', 'visits', 'spend') then
    raise exception 'Tri inconnu : %', coalesce(p_sort, 'null') using errcode = '22023';
  end if;
  if p_limit is null or p_limit not between 1 and 500 or p_offset is null or p_offset < 0 then
    raise exception 'Pagination invalide' using errcode = '22023';
  end if;
  if v_phone is not null then
    v_words := array[v_phone];
  end if;
  -- The sort's order by, written once per sort so that each reads its index (restaurant_customers_by_*_idx).
  return query execute format($sql$
    select c.id, c.display_name, c.email, c.phone_e164, c.company, c.tags, c.first_seen_at, c.last_contact_at, c.reservations_count, c.visits,
           c.covers, c.spent_cents, c.no_shows, c.cancellations, c.last_visit, c.first_source,
           private.customer_allergies(c.id),
           (select count(*) from public.restaurant_customers t
             where t.restaurant_id = $1 and ($2::text[] is null or (t.search_text like $2[1] and t.search_text like all ($2))))
      -- The page chosen first: what is skipped (offset) reads no allergies.
      from (select p.* from public.restaurant_customers p
             where p.restaurant_id = $1 and ($2::text[] is null or (p.search_text like $2[1] and p.search_text like all ($2)))
             order by %1$s p.last_visit desc nulls last, p.last_contact_at desc, p.id
             limit $3 offset $4) c
     order by %2$s c.last_visit desc nulls last, c.last_contact_at desc, c.id $sql$,
    case p_sort when 'visits' then 'p.visits desc,' when 'spend' then 'p.spent_cents desc,' else '' end,
    case p_sort when 'visits' then 'c.visits desc,' when 'spend' then 'c.spent_cents desc,' else '' end)
  using p_restaurant_id, v_words, p_limit, p_offset;
end
$function$;
COMMENT ON FUNCTION public.restaurant_customers_list(uuid,text,text,integer,integer) IS 'The guest book''s list (members): the entries whose name, e-mail, company (accents and case ignored) or phone (digits) hold what is typed, with their stored figures — reservations, visits (accepted or paid, past or to come), covers of the visits, spent (cents), no-shows, cancellations, last visit, first request''s source —, allergies and diets seen (dietary_notes and the guests''), and total_count (every entry found) on each row. p_sort: last_visit, visits or spend (descending; ties by last visit, last contact).';
REVOKE ALL ON FUNCTION public.restaurant_customers_list(uuid,text,text,integer,integer) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.customer_detail(p_restaurant_id uuid, p_customer_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row public.restaurant_customers;
begin
  if not private.has_role(p_restaurant_id, 'manager') then
    raise exception 'Accès non autorisé à ce restaurant' using errcode = '42501';
  end if;
  select c.* into v_row from public.restaurant_customers c where c.id = p_customer_id and c.restaurant_id = p_restaurant_id;
  if v_row.id is null then
    perform private.raise_not_found('Client non trouvé');
  end if;
  return jsonb_build_object(
    'id', v_row.id, 'displayName', v_row.display_name, 'email', v_row.email, 'phoneE164', v_row.phone_e164, 'company', v_row.company,
    'notes', v_row.notes, 'tags', to_jsonb(v_row.tags), 'firstSeenAt', v_row.first_seen_at, 'lastContactAt', v_row.last_contact_at,
    -- The list's stored figures, the same definitions.
    'figures', jsonb_build_object('reservations', v_row.reservations_count, 'visits', v_row.visits, 'covers', v_row.covers,
                                  'spentCents', v_row.spent_cents, 'noShows', v_row.no_shows, 'cancellations', v_row.cancellations,
                                  'lastVisit', v_row.last_visit, 'firstSource', v_row.first_source),
    'allergies', to_jsonb(private.customer_allergies(v_row.id)),
    'reservations', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', r.id, 'numero', r.numero_reservation_restaurateur, 'status', s.name, 'reservationDate', r.reservation_date,
               'arrivalTime', to_char(r.arrival_time, 'HH24:MI'), 'createdAt', r.created_at, 'covers', r.number_people + r.children,
               'totalCents', round(r.total_amount * 100)::bigint, 'receivedCents', r.amount_received_cents, 'source', r.source,
               'dietaryNotes', r.dietary_notes) order by r.reservation_date desc, r.created_at desc)
        from public.restaurant_reservations r join private.reservation_statuses s on s.code = r.status
       where r.restaurant_id = p_restaurant_id and r.customer_id = v_row.id), '[]'::jsonb),
    'conversations', coalesce((
      select jsonb_agg(jsonb_build_object('id', c.id, 'channel', c.channel, 'createdAt', c.created_at, 'updatedAt', c.updated_at) order by c.updated_at desc)
        from public.conversations c
       where c.restaurant_id = p_restaurant_id
         and (c.customer_id = v_row.id or c.id in (select r.conversation_id from public.restaurant_reservations r
                                                    where r.restaurant_id = p_restaurant_id and r.customer_id = v_row.id))), '[]'::jsonb));
end
$function$;
COMMENT ON FUNCTION public.customer_detail(uuid,uuid) IS 'An entry of the guest book (members): the person, the restaurant''s notes and tags, their stored figures (as the list''s) and the allergies and diets seen, their reservations (status, dates, covers, amounts in cents) and their conversations (ids, dates).';
REVOKE ALL ON FUNCTION public.customer_detail(uuid,uuid) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.reservation_customer_hint(p_reservation_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_res public.restaurant_reservations;
  v_rank integer;
  v_visits integer;
  v_no_show date;
  v_hints text[] := '{}';
begin
  select r.* into v_res from public.restaurant_reservations r where r.id = p_reservation_id;
  if v_res.id is null or not private.has_role(v_res.restaurant_id, 'manager') then
    perform private.raise_not_found('Réservation non trouvée');
  end if;
  if v_res.customer_id is null then
    return jsonb_build_object('customerId', null, 'rank', 1, 'visitsBefore', 0, 'lastNoShow', null, 'hints', '[]'::jsonb);
  end if;
  -- The requests before this one (refused ones aside), the visits among them, the last time the person did not come.
  select count(*) filter (where r.status <> private.reservation_status('rejected')) + 1,
         count(*) filter (where r.status in (private.reservation_status('accepted'), private.reservation_status('paid')) and r.reservation_date < (now() at time zone 'Europe/Paris')::date),
         max(r.reservation_date) filter (where r.status = private.reservation_status('no_show'))
    into v_rank, v_visits, v_no_show
    from public.restaurant_reservations r
   where r.restaurant_id = v_res.restaurant_id and r.customer_id = v_res.customer_id and r.id <> v_res.id
     and (r.created_at, r.id) < (v_res.created_at, v_res.id);
  -- Loyal once they have come (a visit before); a first request after a no-show is not loyalty.
  if v_rank >= 2 and v_visits >= 1 then
    v_hints := v_hints || ('Client fidèle — ' || v_rank || 'ᵉ réservation');
  end if;
  if v_no_show is not null then
    v_hints := v_hints || ('Non présenté le ' || to_char(v_no_show, 'DD/MM'));
  end if;
  return jsonb_build_object('customerId', v_res.customer_id, 'rank', v_rank, 'visitsBefore', v_visits, 'lastNoShow', v_no_show, 'hints', to_jsonb(v_hints));
end
$function$;
COMMENT ON FUNCTION public.reservation_customer_hint(uuid) IS 'What the guest book tells of a reservation''s customer where it helps the decision (members only; never the assistant''s nor the customer''s): its rank among the person''s requests before it (refused ones aside: ''Client fidèle — 4ᵉ réservation'' from the second, once a visit came before), their visits before, and the date of their last no-show before it (''Non présenté le 12/03'').';
REVOKE ALL ON FUNCTION public.reservation_customer_hint(uuid) FROM PUBLIC, anon, service_role;

CREATE OR REPLACE FUNCTION private.customer_data(p_restaurant_id uuid, p_customer_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with res as (
    select r.* from public.restaurant_reservations r where r.restaurant_id = p_restaurant_id and r.customer_id = p_customer_id
  ),
  convs as (
    select c.* from public.conversations c
     where c.restaurant_id = p_restaurant_id and (c.customer_id = p_customer_id or c.id in (select res.conversation_id from res))
  )
  select jsonb_build_object(
    'customer', (select to_jsonb(c) - 'search_text' from public.restaurant_customers c where c.id = p_customer_id and c.restaurant_id = p_restaurant_id),
    'reservations', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', r.id, 'numero_reservation', r.numero_reservation, 'numero_reservation_restaurateur', r.numero_reservation_restaurateur,
        'status', s.name, 'customer_name', r.customer_name, 'email', r.email, 'phone_number', r.phone_number, 'reservation_date', r.reservation_date,
        'arrival_time', r.arrival_time, 'number_people', r.number_people, 'children', r.children, 'selected_menu', r.selected_menu,
        'options', r.options, 'total_amount', r.total_amount, 'amount_received_cents', r.amount_received_cents, 'dietary_notes', r.dietary_notes,
        'customer_message', r.customer_message, 'notes', r.notes, 'source', r.source, 'created_at', r.created_at, 'updated_at', r.updated_at,
        'guests', coalesce((select jsonb_agg(jsonb_build_object('guest_number', g.guest_number, 'name', g.name, 'choices', g.choices, 'allergies', g.allergies)
                                             order by g.guest_number) from public.reservation_guests g where g.reservation_id = r.id), '[]'::jsonb),
        'history', coalesce((select jsonb_agg(jsonb_build_object('kind', e.kind, 'from', e.from_status, 'to', e.to_status, 'reason', e.reason,
                                                                 'reason_detail', e.reason_detail, 'proposal', e.proposal, 'summary', e.summary,
                                                                 'created_at', e.created_at) order by e.created_at)
                               from public.reservation_events e where e.reservation_id = r.id), '[]'::jsonb))
        order by r.created_at)
        from res r join private.reservation_statuses s on s.code = r.status), '[]'::jsonb),
    'conversations', coalesce((
      select jsonb_agg(jsonb_build_object('id', c.id, 'channel', c.channel, 'customer_contact', c.customer_contact, 'created_at', c.created_at,
        'messages', coalesce((select jsonb_agg(jsonb_build_object('role', m.role, 'content', m.content, 'created_at', m.created_at) order by m.created_at, m.id)
                                from public.messages m where m.conversation_id = c.id), '[]'::jsonb)) order by c.created_at)
        from convs c), '[]'::jsonb),
    'messages_sent', coalesce((
      select jsonb_agg(jsonb_build_object('id', o.id, 'kind', o.kind, 'channel', o.channel, 'recipient', o.recipient, 'status', o.status,
                                          'created_at', o.created_at, 'sent_at', o.sent_at, 'payload', o.payload) order by o.created_at, o.id)
        from public.notification_outbox o
       where o.restaurant_id = p_restaurant_id and o.kind not like 'owner\_%' and o.kind <> 'team_invitation'
         and (o.reservation_id in (select res.id from res) or o.conversation_id in (select convs.id from convs)
              or o.recipient in (select c.email from public.restaurant_customers c where c.id = p_customer_id)
              or private.customer_phone(o.recipient) in (select c.phone_e164 from public.restaurant_customers c where c.id = p_customer_id))), '[]'::jsonb))
$function$;
COMMENT ON FUNCTION private.customer_data(uuid,uuid) IS 'Everything the restaurant holds about a person of its guest book: the entry, their reservations with every personal field, guests and history, their conversations and messages, the messages sent to them (the outbox).';
REVOKE ALL ON FUNCTION private.customer_data(uuid,uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.export_customer_data(p_restaurant_id uuid, p_customer_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_data jsonb;
begin
  perform private.assert_role(p_restaurant_id, 'owner');
  v_data := private.customer_data(p_restaurant_id, p_customer_id);
  if v_data->'customer' is null or v_data->'customer' = 'null'::jsonb then
    perform private.raise_not_found('Client non trouvé');
  end if;
  perform private.audit_privacy(p_restaurant_id, 'export', p_customer_id,
    jsonb_build_object('reservations', jsonb_array_length(v_data->'reservations'), 'conversations', jsonb_array_length(v_data->'conversations'),
                       'messages_sent', jsonb_array_length(v_data->'messages_sent')));
  return jsonb_build_object('exportedAt', now(), 'restaurantId', p_restaurant_id) || v_data;
end
$function$;
COMMENT ON FUNCTION public.export_customer_data(uuid,uuid) IS 'The right of access and portability (owners only): one JSON of everything the restaurant holds about a person (private.customer_data). Audited (export).';
REVOKE ALL ON FUNCTION public.export_customer_data(uuid,uuid) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION private.erase_customer_rows(p_restaurant_id uuid, p_customer_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_customer public.restaurant_customers;
  v_reservations uuid[];
  v_numeros text[];
  v_conversations uuid[];
  v_recipients text[];
  v_outbox uuid[];
  v_messages integer;
  v_guests integer;
begin
  select c.* into v_customer from public.restaurant_customers c where c.id = p_customer_id and c.restaurant_id = p_restaurant_id for update;
  if v_customer.id is null then
    return null;
  end if;
  select coalesce(array_agg(r.id order by r.id), '{}'), coalesce(array_agg(r.numero_reservation order by r.id), '{}')
    into v_reservations, v_numeros
    from public.restaurant_reservations r where r.restaurant_id = p_restaurant_id and r.customer_id = p_customer_id;
  perform 1 from public.restaurant_reservations r where r.id = any (v_reservations) order by r.id for update;
  select coalesce(array_agg(c.id), '{}') into v_conversations from public.conversations c
   where c.restaurant_id = p_restaurant_id
     and (c.customer_id = p_customer_id or c.id in (select r.conversation_id from public.restaurant_reservations r where r.id = any (v_reservations)));
  -- Where their messages went: what the service looks for in the outbox's files.
  select coalesce(array_agg(distinct x), '{}') into v_recipients from (
    select v_customer.email as x union select v_customer.phone_e164
    union select r.email_address from public.restaurant_reservations r where r.id = any (v_reservations)
    union select c.customer_contact from public.conversations c where c.id = any (v_conversations)) a where x is not null;
  -- The outbox: what was sent to them, and what was written about their reservations and conversations.
  with gone as (
    delete from public.notification_outbox o
     where o.restaurant_id = p_restaurant_id
       and (o.reservation_id = any (v_reservations) or o.conversation_id = any (v_conversations)
            or lower(o.recipient) = v_customer.email or private.customer_phone(o.recipient) = v_customer.phone_e164)
    returning o.id)
  select coalesce(array_agg(id order by id), '{}') into v_outbox from gone;
  select count(*)::integer into v_messages from public.messages m where m.conversation_id = any (v_conversations);
  delete from public.conversations c where c.id = any (v_conversations);
  update public.reservation_guests g set name = null, allergies = null where g.reservation_id = any (v_reservations);
  get diagnostics v_guests = row_count;
  update public.reservation_events e set summary = null, reason_detail = null, proposal = null
   where e.reservation_id = any (v_reservations) and (e.summary is not null or e.reason_detail is not null or e.proposal is not null);
  update public.restaurant_reservations r
     set customer_name = 'Client effacé', email = null, phone_number = null, notes = null, dietary_notes = null, customer_message = null,
         customer_page_hash = null, customer_id = null
   where r.id = any (v_reservations);
  delete from public.restaurant_customers c where c.id = p_customer_id;
  return jsonb_build_object('reservations', cardinality(v_reservations), 'conversations', cardinality(v_conversations), 'messages', v_messages,
                            'guests', v_guests, 'outbox', cardinality(v_outbox),
                            -- For the service (never audited): the outbox rows deleted, the reservation numbers its files are named
                            -- after (<time>-<numero>-<tag>-<random>.eml/.json) and the addresses they were sent to.
                            'outboxIds', to_jsonb(v_outbox), 'reservationNumbers', to_jsonb(v_numeros), 'recipients', to_jsonb(v_recipients));
end
$function$;
COMMENT ON FUNCTION private.erase_customer_rows(uuid,uuid) IS 'Erases a person from the restaurant: their reservations keep dates, covers, amounts and status but lose name (''Client effacé''), e-mail, phone, notes, allergies, message and page; their guests lose names and allergies; their history loses its free texts; their conversations and messages are deleted, the outbox rows to them or about their reservations and conversations too; the entry is deleted. Answers counts, and what the service needs to delete the outbox''s files. Null when there is no such entry.';
REVOKE ALL ON FUNCTION private.erase_customer_rows(uuid,uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.erase_customer(p_restaurant_id uuid, p_customer_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_done jsonb;
begin
  perform private.assert_role(p_restaurant_id, 'owner');
  v_done := private.erase_customer_rows(p_restaurant_id, p_customer_id);
  if v_done is null then
    perform private.raise_not_found('Client non trouvé');
  end if;
  perform private.audit_privacy(p_restaurant_id, 'erase', p_customer_id, v_done - 'outboxIds' - 'reservationNumbers' - 'recipients');
  return v_done;
end
$function$;
COMMENT ON FUNCTION public.erase_customer(uuid,uuid) IS 'The right to erasure (owners only), in one transaction: private.erase_customer_rows, audited (erase, counts only). Answers the counts, and outboxIds, reservationNumbers and recipients for the service to delete the outbox''s files.';
REVOKE ALL ON FUNCTION public.erase_customer(uuid,uuid) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION private.customers_due(p_restaurant_id uuid, p_now timestamp with time zone, p_within interval)
 RETURNS TABLE(customer_id uuid, due_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.id, d.due_at
    from public.restaurants t
    join public.restaurant_customers c on c.restaurant_id = t.id
   cross join lateral (
     select greatest(c.last_contact_at,
                     (select (max(r.reservation_date) + 1)::timestamp at time zone 'Europe/Paris'
                        from public.restaurant_reservations r where r.restaurant_id = t.id and r.customer_id = c.id))
            + make_interval(months => t.customer_retention_months) as due_at) d
   where t.id = p_restaurant_id and c.last_contact_at < p_now + p_within - make_interval(months => t.customer_retention_months)
     and d.due_at < p_now + p_within
$function$;
COMMENT ON FUNCTION private.customers_due(uuid,timestamp with time zone,interval) IS 'The entries of a restaurant whose retention ends before p_now + p_within: the later of their last contact and the day after their last reservation date, plus the restaurant''s customer_retention_months.';
REVOKE ALL ON FUNCTION private.customers_due(uuid,timestamp with time zone,interval) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.customers_due_for_anonymisation(p_restaurant_id uuid, p_within_days integer DEFAULT 30)
 RETURNS TABLE(id uuid, display_name text, email text, phone_e164 text, last_contact_at timestamp with time zone, due_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  if not private.has_role(p_restaurant_id, 'owner') then
    raise exception 'Accès non autorisé à ce restaurant' using errcode = '42501';
  end if;
  if p_within_days is null or p_within_days not between 0 and 366 then
    raise exception 'Délai invalide' using errcode = '22023';
  end if;
  return query
    select c.id, c.display_name, c.email, c.phone_e164, c.last_contact_at, d.due_at
      from private.customers_due(p_restaurant_id, now(), make_interval(days => p_within_days)) d
      join public.restaurant_customers c on c.id = d.customer_id
     order by d.due_at, c.id;
end
$function$;
COMMENT ON FUNCTION public.customers_due_for_anonymisation(uuid,integer) IS 'The customers whose personal data the daily job will anonymise within p_within_days (owners only), soonest first.';
REVOKE ALL ON FUNCTION public.customers_due_for_anonymisation(uuid,integer) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.run_privacy_retention(p_now timestamp with time zone DEFAULT now(), p_restaurant_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_restaurant record;
  v_customer uuid;
  v_done jsonb;
  v_customers integer;
  v_conversations integer;
  v_reservations integer;
  v_outbox uuid[] := '{}';
  v_numeros text[] := '{}';
  v_recipients text[] := '{}';
  v_messages uuid[] := '{}';
  v_total_customers integer := 0;
  v_total_conversations integer := 0;
  v_restaurants integer := 0;
begin
  for v_restaurant in
    select t.id from public.restaurants t
     where (p_restaurant_id is null or t.id = p_restaurant_id)
       and (exists (select 1 from public.restaurant_customers c where c.restaurant_id = t.id
                    and c.last_contact_at < p_now - make_interval(months => t.customer_retention_months))
        or exists (select 1 from public.conversations c where c.restaurant_id = t.id and c.updated_at < p_now - interval '12 months'))
     order by t.id
  loop
    v_customers := 0;
    v_reservations := 0;
    -- Each entry due, unless another instance holds it (skip locked): it is that instance's to erase.
    for v_customer in
      select c.id from public.restaurant_customers c
       where c.id in (select d.customer_id from private.customers_due(v_restaurant.id, p_now, interval '0') d)
       order by c.id
         for update skip locked
    loop
      v_done := private.erase_customer_rows(v_restaurant.id, v_customer);
      if v_done is not null then
        v_customers := v_customers + 1;
        v_reservations := v_reservations + (v_done->>'reservations')::integer;
        v_outbox := v_outbox || array(select jsonb_array_elements_text(v_done->'outboxIds')::uuid);
        v_numeros := v_numeros || array(select jsonb_array_elements_text(v_done->'reservationNumbers'));
        v_recipients := v_recipients || array(select jsonb_array_elements_text(v_done->'recipients'));
      end if;
    end loop;
    -- Conversations that led to no request, untouched for 12 months.
    with due as (
      select c.id from public.conversations c
       where c.restaurant_id = v_restaurant.id and c.updated_at < p_now - interval '12 months'
         and not exists (select 1 from public.restaurant_reservations r where r.conversation_id = c.id)
       for update skip locked
    ), replies as (
      -- Their messages, read before they go: the WhatsApp replies' files are named reponse-<message id>.
      select m.id from public.messages m join due on m.conversation_id = due.id
    ), gone as (
      delete from public.conversations c using due where c.id = due.id returning c.id
    )
    select (select count(*)::integer from gone), v_messages || coalesce((select array_agg(replies.id) from replies), '{}')
      into v_conversations, v_messages;
    if v_customers > 0 or v_conversations > 0 then
      v_restaurants := v_restaurants + 1;
      v_total_customers := v_total_customers + v_customers;
      v_total_conversations := v_total_conversations + v_conversations;
      perform private.audit_privacy(v_restaurant.id, 'retention', null,
        jsonb_build_object('customers', v_customers, 'reservations', v_reservations, 'conversations', v_conversations,
                           'now', p_now));
    end if;
  end loop;
  return jsonb_build_object('restaurants', v_restaurants, 'customers', v_total_customers, 'conversations', v_total_conversations,
                            'outboxIds', to_jsonb(coalesce(v_outbox, '{}')), 'reservationNumbers', to_jsonb(coalesce(v_numeros, '{}')),
                            'recipients', to_jsonb(coalesce(v_recipients, '{}')), 'messageIds', to_jsonb(v_messages));
end
$function$;
COMMENT ON FUNCTION public.run_privacy_retention(timestamp with time zone,uuid) IS 'The daily retention job (the reservation service''s only): anonymises, as erase_customer does, the customers whose retention has ended (private.customers_due at p_now), and deletes the conversations without a request untouched for 12 months; one audit row (retention) per restaurant touched. Safe from several instances at once (skip locked: each entry is erased by one). p_restaurant_id: one restaurant''s only (tests). Answers the counts, and the outbox ids, reservation numbers, recipients and the old conversations'' message ids (their WhatsApp replies'' files) for the outbox''s files.';
REVOKE ALL ON FUNCTION public.run_privacy_retention(timestamp with time zone,uuid) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.run_privacy_retention(timestamp with time zone,uuid) TO service_role;

-- -------------------- Triggers and policies

CREATE TRIGGER restaurant_reservations_link_customer BEFORE INSERT OR UPDATE OF email, phone_number ON public.restaurant_reservations FOR EACH ROW EXECUTE FUNCTION private.link_reservation_customer();
CREATE TRIGGER restaurant_reservations_customer_figures AFTER INSERT OR DELETE OR UPDATE OF customer_id, status, reservation_date, total_amount, number_people, children, source ON public.restaurant_reservations FOR EACH ROW EXECUTE FUNCTION private.reservation_customer_figures();
CREATE TRIGGER restaurants_retention_is_owners BEFORE UPDATE OF customer_retention_months ON public.restaurants FOR EACH ROW WHEN ((old.customer_retention_months IS DISTINCT FROM new.customer_retention_months)) EXECUTE FUNCTION private.retention_is_owners();
CREATE TRIGGER conversations_link_customer BEFORE INSERT OR UPDATE OF customer_contact ON public.conversations FOR EACH ROW EXECUTE FUNCTION private.link_conversation_customer();

CREATE POLICY "Members read their guest book" ON public.restaurant_customers AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Owners read their privacy audit" ON public.restaurant_privacy_audit AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('owner'::text) AS restaurants_with_role)));

-- -------------------- The daily retention job's days

CREATE TABLE private.privacy_retention_runs (
    day date NOT NULL,
    restaurant_id uuid,
    started_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    finished_at timestamp with time zone,
    counts jsonb,
    CONSTRAINT privacy_retention_runs_day_restaurant_key UNIQUE NULLS NOT DISTINCT (day, restaurant_id),
    CONSTRAINT privacy_retention_runs_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
COMMENT ON TABLE private.privacy_retention_runs IS 'The days (Europe/Paris) the daily retention job ran (run_daily_privacy_retention): one row per day whatever the number of the reservation service''s instances, written in the run''s own transaction (a run that fails leaves no row: the next tick tries again). restaurant_id: a run of one restaurant only (tests); null for every restaurant. counts: the run''s counts, never personal data.';
REVOKE ALL ON TABLE private.privacy_retention_runs FROM PUBLIC, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.run_daily_privacy_retention(p_now timestamp with time zone DEFAULT now(), p_restaurant_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_day date;
  v_done jsonb;
begin
  if p_now is null then
    raise exception 'Date invalide' using errcode = '22023';
  end if;
  v_day := (p_now at time zone 'Europe/Paris')::date;
  -- The day's claim: a second instance waits here until the first one's run commits, then finds the day taken
  -- (or, if that run failed and rolled back, takes it).
  insert into private.privacy_retention_runs (day, restaurant_id) values (v_day, p_restaurant_id)
    on conflict on constraint privacy_retention_runs_day_restaurant_key do nothing;
  if not found then
    return null;
  end if;
  v_done := public.run_privacy_retention(p_now, p_restaurant_id);
  update private.privacy_retention_runs r
     set finished_at = clock_timestamp(), counts = v_done - 'outboxIds' - 'reservationNumbers' - 'recipients' - 'messageIds'
   where r.day = v_day and r.restaurant_id is not distinct from p_restaurant_id;
  return jsonb_build_object('day', v_day) || v_done;
end
$function$;
COMMENT ON FUNCTION public.run_daily_privacy_retention(timestamp with time zone,uuid) IS 'The reservation service''s daily retention job (service role only): claims p_now''s day (Europe/Paris) in private.privacy_retention_runs and runs run_privacy_retention in the same transaction, so that the day runs once whatever the number of instances. Null when the day has run already; otherwise run_privacy_retention''s answer with its day. p_restaurant_id: one restaurant''s only, its own day (tests).';
REVOKE ALL ON FUNCTION public.run_daily_privacy_retention(timestamp with time zone,uuid) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.run_daily_privacy_retention(timestamp with time zone,uuid) TO service_role;
