-- The restaurant's profile: hours and arrival times, closures, menus, options, amenities, contacts and
-- response times, billing, CGV, FAQ, photos (and their storage bucket), each saved by one save_restaurant_*
-- function; restaurant_completeness says what is still missing.
-- A function's body is checked when it runs, not here: it may name what a later file declares (pg_dump's own output does the same).
set check_function_bodies = off;

-- -------------------- Functions the tables' defaults and checks call

CREATE OR REPLACE FUNCTION private.default_response_time()
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select t.code from private.response_times t where t.is_default
$function$;
REVOKE ALL ON FUNCTION private.default_response_time() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.default_response_time() TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.default_service_hours(p_service text, OUT from_time time without time zone, OUT to_time time without time zone)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
begin
  case p_service
    when 'lunch' then from_time := '12:00'; to_time := '14:00';
    when 'dinner' then from_time := '19:00'; to_time := '22:00';
    else raise exception 'Service inconnu : %', coalesce(p_service, 'null') using errcode = '22023';
  end case;
end
$function$;
COMMENT ON FUNCTION private.default_service_hours(text) IS 'The default opening hours of a service (lunch, dinner): what a new restaurant''s days and a save without hours get.';

CREATE OR REPLACE FUNCTION private.is_service_span(p_from time without time zone, p_to time without time zone)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select p_to > p_from or (p_to < p_from and p_to <= time '06:00')
$function$;
COMMENT ON FUNCTION private.is_service_span(time without time zone,time without time zone) IS 'Whether a service from p_from to p_to is possible: it ends after it starts, or after midnight (p_to < p_from) at 06:00 at the latest. Twin: isServiceSpan of sections/src/hours/slots.ts.';
REVOKE ALL ON FUNCTION private.is_service_span(time without time zone,time without time zone) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.is_service_span(time without time zone,time without time zone) TO authenticated, service_role;

-- -------------------- Tables

CREATE TABLE private.response_times (
    code text NOT NULL,
    label text NOT NULL,
    delay interval NOT NULL,
    "position" smallint NOT NULL,
    is_default boolean DEFAULT false NOT NULL,
    CONSTRAINT response_times_pkey PRIMARY KEY (code),
    CONSTRAINT response_times_label_key UNIQUE (label),
    CONSTRAINT response_times_position_key UNIQUE ("position")
);
COMMENT ON TABLE private.response_times IS 'The response times a restaurant may promise (restaurant_contacts.response_time): label, delay, the default.';
GRANT SELECT ON TABLE private.response_times TO authenticated, service_role;

CREATE UNIQUE INDEX response_times_one_default_idx ON private.response_times USING btree (is_default) WHERE is_default;

INSERT INTO private.response_times (code, label, delay, "position", is_default) VALUES
  ('fast', '1-2h', '02:00:00', 1, false),
  ('medium', 'Sous 6h', '06:00:00', 2, true),
  ('slow', 'Sous 24h', '24:00:00', 3, false);

CREATE TABLE public.restaurant_menus (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    name text NOT NULL,
    price_per_person public.amount DEFAULT 0 NOT NULL,
    content text,
    menu_type text DEFAULT 'choice'::text NOT NULL,
    available_lunch boolean DEFAULT true NOT NULL,
    available_dinner boolean DEFAULT true NOT NULL,
    is_children_menu boolean DEFAULT false NOT NULL,
    display_order integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT restaurant_menus_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_menus_menu_type_check CHECK ((menu_type = ANY (ARRAY['choice'::text, 'sharing'::text]))),
    CONSTRAINT restaurant_menus_name_check CHECK ((btrim(name) <> ''::text)),
    CONSTRAINT restaurant_menus_name_one_line CHECK (private.check_one_line(name, 'restaurant_menus.name'::text)),
    CONSTRAINT restaurant_menus_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
ALTER TABLE public.restaurant_menus ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_menus FROM anon, authenticated;
GRANT DELETE, INSERT, MAINTAIN, SELECT, UPDATE ON TABLE public.restaurant_menus TO authenticated;
-- Checked on rows written since the rule came; the rows stored before it stay as they were.
ALTER TABLE public.restaurant_menus ADD CONSTRAINT restaurant_menus_content_max_10000 CHECK ((char_length(content) <= 10000)) NOT VALID;
ALTER TABLE public.restaurant_menus ADD CONSTRAINT restaurant_menus_name_max_200 CHECK ((char_length(name) <= 200)) NOT VALID;

CREATE UNIQUE INDEX restaurant_menus_one_children_menu_idx ON public.restaurant_menus USING btree (restaurant_id) WHERE is_children_menu;

CREATE INDEX restaurant_menus_restaurant_order_idx ON public.restaurant_menus USING btree (restaurant_id, display_order);

CREATE TABLE public.menu_item_alternatives (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    menu_id uuid NOT NULL,
    name text NOT NULL,
    type text NOT NULL,
    is_gluten_free boolean DEFAULT false NOT NULL,
    is_vegan boolean DEFAULT false NOT NULL,
    other_dietary_notes text,
    display_order integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT menu_item_alternatives_pkey PRIMARY KEY (id),
    CONSTRAINT menu_item_alternatives_name_check CHECK ((btrim(name) <> ''::text)),
    CONSTRAINT menu_item_alternatives_name_one_line CHECK (private.check_one_line(name, 'menu_item_alternatives.name'::text)),
    CONSTRAINT menu_item_alternatives_type_check CHECK ((type = ANY (ARRAY['aperitif'::text, 'starter'::text, 'main'::text, 'side'::text, 'dessert'::text]))),
    CONSTRAINT menu_item_alternatives_menu_id_fkey FOREIGN KEY (menu_id) REFERENCES public.restaurant_menus(id) ON DELETE CASCADE
);
ALTER TABLE public.menu_item_alternatives ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.menu_item_alternatives FROM anon, authenticated;
GRANT DELETE, INSERT, MAINTAIN, SELECT, UPDATE ON TABLE public.menu_item_alternatives TO authenticated;
-- Checked on rows written since the rule came; the rows stored before it stay as they were.
ALTER TABLE public.menu_item_alternatives ADD CONSTRAINT menu_item_alternatives_name_max_200 CHECK ((char_length(name) <= 200)) NOT VALID;
ALTER TABLE public.menu_item_alternatives ADD CONSTRAINT menu_item_alternatives_other_dietary_notes_max_500 CHECK ((char_length(other_dietary_notes) <= 500)) NOT VALID;

CREATE INDEX menu_item_alternatives_menu_order_idx ON public.menu_item_alternatives USING btree (menu_id, display_order);

CREATE TABLE public.menu_items (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    menu_id uuid NOT NULL,
    name text NOT NULL,
    type text NOT NULL,
    display_order integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT menu_items_pkey PRIMARY KEY (id),
    CONSTRAINT menu_items_name_check CHECK ((btrim(name) <> ''::text)),
    CONSTRAINT menu_items_name_one_line CHECK (private.check_one_line(name, 'menu_items.name'::text)),
    CONSTRAINT menu_items_type_check CHECK ((type = ANY (ARRAY['aperitif'::text, 'starter'::text, 'main'::text, 'side'::text, 'dessert'::text, 'drink'::text]))),
    CONSTRAINT menu_items_menu_id_fkey FOREIGN KEY (menu_id) REFERENCES public.restaurant_menus(id) ON DELETE CASCADE
);
ALTER TABLE public.menu_items ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.menu_items FROM anon, authenticated;
GRANT DELETE, INSERT, MAINTAIN, SELECT, UPDATE ON TABLE public.menu_items TO authenticated;
-- Checked on rows written since the rule came; the rows stored before it stay as they were.
ALTER TABLE public.menu_items ADD CONSTRAINT menu_items_name_max_200 CHECK ((char_length(name) <= 200)) NOT VALID;

CREATE INDEX menu_items_menu_order_idx ON public.menu_items USING btree (menu_id, display_order);

CREATE TABLE public.restaurant_amenities (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    ground_floor boolean DEFAULT false NOT NULL,
    accessible_to_disabled boolean DEFAULT false NOT NULL,
    parking boolean DEFAULT false NOT NULL,
    air_conditioning boolean DEFAULT false NOT NULL,
    wifi boolean DEFAULT false NOT NULL,
    valet_parking boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT restaurant_amenities_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_amenities_restaurant_id_key UNIQUE (restaurant_id),
    CONSTRAINT restaurant_amenities_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
ALTER TABLE public.restaurant_amenities ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_amenities FROM anon, authenticated;
GRANT DELETE, INSERT, MAINTAIN, SELECT, UPDATE ON TABLE public.restaurant_amenities TO authenticated;

CREATE TABLE public.restaurant_arrival_times (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    day text NOT NULL,
    service text NOT NULL,
    arrival_time time without time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT restaurant_arrival_times_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_arrival_times_key UNIQUE (restaurant_id, day, service, arrival_time),
    CONSTRAINT restaurant_arrival_times_day_check CHECK ((day = ANY (ARRAY['monday'::text, 'tuesday'::text, 'wednesday'::text, 'thursday'::text, 'friday'::text, 'saturday'::text, 'sunday'::text]))),
    CONSTRAINT restaurant_arrival_times_quarter_check CHECK ((((EXTRACT(epoch FROM arrival_time))::integer % 900) = 0)),
    CONSTRAINT restaurant_arrival_times_service_check CHECK ((service = ANY (ARRAY['lunch'::text, 'dinner'::text]))),
    CONSTRAINT restaurant_arrival_times_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
ALTER TABLE public.restaurant_arrival_times ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_arrival_times FROM anon, authenticated;
GRANT DELETE, INSERT, MAINTAIN, SELECT, UPDATE ON TABLE public.restaurant_arrival_times TO authenticated;

CREATE TABLE public.restaurant_billing (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    company_name text,
    legal_form text,
    siret_number text,
    rcs_city text,
    vat_number text,
    address text,
    postal_code text,
    city text,
    country text DEFAULT 'France'::text,
    requires_deposit boolean DEFAULT false NOT NULL,
    deposit_type text DEFAULT 'percentage'::text,
    deposit_amount public.amount,
    deposit_method text,
    payment_onsite boolean DEFAULT true NOT NULL,
    payment_online boolean DEFAULT false NOT NULL,
    iban text,
    bic text,
    contact_name text,
    contact_email text,
    contact_phone text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    payment_link text,
    CONSTRAINT restaurant_billing_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_billing_restaurant_id_key UNIQUE (restaurant_id),
    CONSTRAINT restaurant_billing_company_name_one_line CHECK (private.check_one_line(company_name, 'restaurant_billing.company_name'::text)),
    CONSTRAINT restaurant_billing_contact_email_one_line CHECK (private.check_one_line(contact_email, 'restaurant_billing.contact_email'::text)),
    CONSTRAINT restaurant_billing_contact_name_one_line CHECK (private.check_one_line(contact_name, 'restaurant_billing.contact_name'::text)),
    CONSTRAINT restaurant_billing_contact_phone_e164 CHECK (private.check_phone(contact_phone, 'restaurant_billing.contact_phone'::text)),
    CONSTRAINT restaurant_billing_deposit_method_check CHECK ((deposit_method = ANY (ARRAY['acompte'::text, 'empreinte'::text]))),
    CONSTRAINT restaurant_billing_deposit_type_check CHECK ((deposit_type = ANY (ARRAY['percentage'::text, 'fixed'::text]))),
    CONSTRAINT restaurant_billing_payment_link_max_500 CHECK ((char_length(payment_link) <= 500)),
    CONSTRAINT restaurant_billing_payment_link_safe_link CHECK (((payment_link IS NULL) OR private.is_safe_link(payment_link))),
    CONSTRAINT restaurant_billing_percentage_max_check CHECK (((deposit_type IS DISTINCT FROM 'percentage'::text) OR ((deposit_amount)::numeric <= (100)::numeric))),
    CONSTRAINT restaurant_billing_remaining_payment_check CHECK ((payment_onsite <> payment_online)),
    CONSTRAINT restaurant_billing_siret_number_siret CHECK (private.check_siret(siret_number, 'restaurant_billing.siret_number'::text)),
    CONSTRAINT restaurant_billing_vat_number_french_vat CHECK (private.check_vat(vat_number, siret_number, 'restaurant_billing.vat_number'::text)),
    CONSTRAINT restaurant_billing_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
COMMENT ON COLUMN public.restaurant_billing.siret_number IS 'The SIRET, its 14 digits with the Luhn key, or blank: restaurant_billing_siret_number_siret.';
COMMENT ON COLUMN public.restaurant_billing.vat_number IS 'The French VAT number, ''FR'' + key + SIREN (the SIRET''s), upper case without spaces, or blank: restaurant_billing_vat_number_french_vat.';
COMMENT ON COLUMN public.restaurant_billing.contact_phone IS 'The billing contact''s phone, in E.164 (''+33478000000''), or blank: restaurant_billing_contact_phone_e164.';
COMMENT ON COLUMN public.restaurant_billing.payment_link IS 'An https:// link where customers pay the acompte (any provider), or null.';
ALTER TABLE public.restaurant_billing ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_billing FROM anon, authenticated;
GRANT DELETE, INSERT, MAINTAIN, SELECT, UPDATE ON TABLE public.restaurant_billing TO authenticated;
-- Checked on rows written since the rule came; the rows stored before it stay as they were.
ALTER TABLE public.restaurant_billing ADD CONSTRAINT restaurant_billing_address_max_500 CHECK ((char_length(address) <= 500)) NOT VALID;
ALTER TABLE public.restaurant_billing ADD CONSTRAINT restaurant_billing_bic_max_100 CHECK ((char_length(bic) <= 100)) NOT VALID;
ALTER TABLE public.restaurant_billing ADD CONSTRAINT restaurant_billing_city_max_200 CHECK ((char_length(city) <= 200)) NOT VALID;
ALTER TABLE public.restaurant_billing ADD CONSTRAINT restaurant_billing_company_name_max_200 CHECK ((char_length(company_name) <= 200)) NOT VALID;
ALTER TABLE public.restaurant_billing ADD CONSTRAINT restaurant_billing_contact_email_max_320 CHECK ((char_length(contact_email) <= 320)) NOT VALID;
ALTER TABLE public.restaurant_billing ADD CONSTRAINT restaurant_billing_contact_name_max_200 CHECK ((char_length(contact_name) <= 200)) NOT VALID;
ALTER TABLE public.restaurant_billing ADD CONSTRAINT restaurant_billing_contact_phone_max_100 CHECK ((char_length(contact_phone) <= 100)) NOT VALID;
ALTER TABLE public.restaurant_billing ADD CONSTRAINT restaurant_billing_country_max_200 CHECK ((char_length(country) <= 200)) NOT VALID;
ALTER TABLE public.restaurant_billing ADD CONSTRAINT restaurant_billing_iban_max_100 CHECK ((char_length(iban) <= 100)) NOT VALID;
ALTER TABLE public.restaurant_billing ADD CONSTRAINT restaurant_billing_legal_form_max_200 CHECK ((char_length(legal_form) <= 200)) NOT VALID;
ALTER TABLE public.restaurant_billing ADD CONSTRAINT restaurant_billing_postal_code_max_100 CHECK ((char_length(postal_code) <= 100)) NOT VALID;
ALTER TABLE public.restaurant_billing ADD CONSTRAINT restaurant_billing_rcs_city_max_200 CHECK ((char_length(rcs_city) <= 200)) NOT VALID;
ALTER TABLE public.restaurant_billing ADD CONSTRAINT restaurant_billing_siret_number_max_100 CHECK ((char_length(siret_number) <= 100)) NOT VALID;
ALTER TABLE public.restaurant_billing ADD CONSTRAINT restaurant_billing_vat_number_max_100 CHECK ((char_length(vat_number) <= 100)) NOT VALID;

CREATE TABLE public.restaurant_cgv (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    cancellation_policy text NOT NULL,
    modification_policy text NOT NULL,
    link text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    advance_payment_nature text DEFAULT 'arrhes'::text NOT NULL,
    no_show_fee_cents integer,
    no_show_fee_type text,
    CONSTRAINT restaurant_cgv_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_cgv_advance_payment_nature_check CHECK ((advance_payment_nature = ANY (ARRAY['arrhes'::text, 'acompte'::text]))),
    CONSTRAINT restaurant_cgv_no_show_fee_check CHECK ((((no_show_fee_type IS NULL) AND (no_show_fee_cents IS NULL)) OR ((no_show_fee_type = ANY (ARRAY['per_person'::text, 'fixed'::text])) AND (no_show_fee_cents > 0) AND (no_show_fee_cents <= 10000000)))),
    CONSTRAINT restaurant_cgv_restaurant_id_key UNIQUE (restaurant_id),
    CONSTRAINT restaurant_cgv_cancellation_policy_check CHECK ((cancellation_policy = ANY (ARRAY['same_day'::text, '24h'::text, '48h'::text, '72h'::text, '7_days'::text]))),
    CONSTRAINT restaurant_cgv_link_safe_link CHECK (((link IS NULL) OR private.is_safe_link(link))),
    CONSTRAINT restaurant_cgv_modification_policy_check CHECK ((modification_policy = ANY (ARRAY['same_day'::text, '24h'::text, '48h'::text, '72h'::text, '7_days'::text]))),
    CONSTRAINT restaurant_cgv_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
COMMENT ON COLUMN public.restaurant_cgv.advance_payment_nature IS 'What the sums paid in advance are under French law: arrhes (Code civil art. 1590: a customer who withdraws loses them, a restaurant that withdraws repays double; the law''s presumption, so the default) or acompte (a firm commitment: the whole price is owed).';
COMMENT ON COLUMN public.restaurant_cgv.no_show_fee_type IS 'The no-show fee the CGV state, charged on the card imprint after ''Non présenté'': per_person (no_show_fee_cents per expected guest) or fixed (no_show_fee_cents in all); null: none.';
ALTER TABLE public.restaurant_cgv ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_cgv FROM anon, authenticated;
GRANT DELETE, INSERT, MAINTAIN, SELECT, UPDATE ON TABLE public.restaurant_cgv TO authenticated;
-- Checked on rows written since the rule came; the rows stored before it stay as they were.
ALTER TABLE public.restaurant_cgv ADD CONSTRAINT restaurant_cgv_link_max_2048 CHECK ((char_length(link) <= 2048)) NOT VALID;

CREATE TABLE public.restaurant_closures (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    closure_date date NOT NULL,
    service text NOT NULL,
    reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT restaurant_closures_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_closures_restaurant_date_service_key UNIQUE (restaurant_id, closure_date, service),
    CONSTRAINT restaurant_closures_reason_max_200 CHECK ((char_length(reason) <= 200)),
    CONSTRAINT restaurant_closures_service_check CHECK ((service = ANY (ARRAY['lunch'::text, 'dinner'::text]))),
    CONSTRAINT restaurant_closures_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
COMMENT ON TABLE public.restaurant_closures IS 'Exceptional closures: one row per restaurant, date and service (lunch, dinner) closed, with the owner''s optional reason. A closed service takes no new request (private.request_slot).';
ALTER TABLE public.restaurant_closures ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_closures FROM anon, authenticated, service_role;
GRANT DELETE, INSERT, SELECT, UPDATE ON TABLE public.restaurant_closures TO authenticated, service_role;

CREATE TABLE public.restaurant_contacts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    email text,
    whatsapp text,
    response_time text DEFAULT private.default_response_time() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    email_address text GENERATED ALWAYS AS (private.plain_email_address(email)) STORED,
    phone text,
    CONSTRAINT restaurant_contacts_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_contacts_restaurant_id_key UNIQUE (restaurant_id),
    CONSTRAINT restaurant_contacts_email_one_line CHECK (private.check_one_line(email, 'restaurant_contacts.email'::text)),
    CONSTRAINT restaurant_contacts_phone_e164 CHECK ((phone ~ '^\+[1-9][0-9]{6,14}$'::text)),
    CONSTRAINT restaurant_contacts_response_time_check CHECK ((response_time = ANY (ARRAY['fast'::text, 'medium'::text, 'slow'::text]))),
    CONSTRAINT restaurant_contacts_whatsapp_e164 CHECK (private.check_phone(whatsapp, 'restaurant_contacts.whatsapp'::text)),
    CONSTRAINT restaurant_contacts_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
COMMENT ON COLUMN public.restaurant_contacts.whatsapp IS 'The WhatsApp number new requests are sent to, in E.164 (''+33612345678''), or blank: restaurant_contacts_whatsapp_e164.';
COMMENT ON COLUMN public.restaurant_contacts.email_address IS 'The contact e-mail when it is exactly one plain address, else null: the Reply-To of the customer e-mails. Computed; never written.';
COMMENT ON COLUMN public.restaurant_contacts.phone IS 'Téléphone du restaurant (optional, E.164): the number the customer e-mails give; without it they give the WhatsApp number.';
ALTER TABLE public.restaurant_contacts ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_contacts FROM anon, authenticated;
GRANT DELETE, INSERT, MAINTAIN, SELECT, UPDATE ON TABLE public.restaurant_contacts TO authenticated;
-- Checked on rows written since the rule came; the rows stored before it stay as they were.
ALTER TABLE public.restaurant_contacts ADD CONSTRAINT restaurant_contacts_email_max_320 CHECK ((char_length(email) <= 320)) NOT VALID;
ALTER TABLE public.restaurant_contacts ADD CONSTRAINT restaurant_contacts_whatsapp_max_100 CHECK ((char_length(whatsapp) <= 100)) NOT VALID;

CREATE TABLE public.restaurant_faqs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    question text NOT NULL,
    answer text NOT NULL,
    display_order integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT restaurant_faqs_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_faqs_answer_check CHECK ((btrim(answer) <> ''::text)),
    CONSTRAINT restaurant_faqs_question_check CHECK ((btrim(question) <> ''::text)),
    CONSTRAINT restaurant_faqs_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
ALTER TABLE public.restaurant_faqs ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_faqs FROM anon, authenticated;
GRANT DELETE, MAINTAIN, SELECT, UPDATE ON TABLE public.restaurant_faqs TO authenticated;
-- Checked on rows written since the rule came; the rows stored before it stay as they were.
ALTER TABLE public.restaurant_faqs ADD CONSTRAINT restaurant_faqs_answer_max_10000 CHECK ((char_length(answer) <= 10000)) NOT VALID;
ALTER TABLE public.restaurant_faqs ADD CONSTRAINT restaurant_faqs_question_max_1000 CHECK ((char_length(question) <= 1000)) NOT VALID;

CREATE INDEX restaurant_faqs_restaurant_order_idx ON public.restaurant_faqs USING btree (restaurant_id, display_order);

CREATE TABLE public.restaurant_hours (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    day text NOT NULL,
    lunch_is_open boolean DEFAULT true NOT NULL,
    lunch_from_time time without time zone DEFAULT (private.default_service_hours('lunch'::text)).from_time NOT NULL,
    lunch_to_time time without time zone DEFAULT (private.default_service_hours('lunch'::text)).to_time NOT NULL,
    lunch_group_min integer DEFAULT 1 NOT NULL,
    lunch_group_max integer DEFAULT 20 NOT NULL,
    lunch_allow_a_la_carte boolean DEFAULT true NOT NULL,
    lunch_max_a_la_carte_size integer DEFAULT 10 NOT NULL,
    lunch_partial_privatization_supplement boolean DEFAULT false NOT NULL,
    lunch_partial_privatization_min_size integer DEFAULT 10 NOT NULL,
    lunch_partial_privatization_amount public.amount DEFAULT 0 NOT NULL,
    dinner_is_open boolean DEFAULT true NOT NULL,
    dinner_from_time time without time zone DEFAULT (private.default_service_hours('dinner'::text)).from_time NOT NULL,
    dinner_to_time time without time zone DEFAULT (private.default_service_hours('dinner'::text)).to_time NOT NULL,
    dinner_group_min integer DEFAULT 1 NOT NULL,
    dinner_group_max integer DEFAULT 20 NOT NULL,
    dinner_allow_a_la_carte boolean DEFAULT true NOT NULL,
    dinner_max_a_la_carte_size integer DEFAULT 10 NOT NULL,
    dinner_partial_privatization_supplement boolean DEFAULT false NOT NULL,
    dinner_partial_privatization_min_size integer DEFAULT 10 NOT NULL,
    dinner_partial_privatization_amount public.amount DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    lunch_capacity integer,
    dinner_capacity integer,
    CONSTRAINT restaurant_hours_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_hours_restaurant_day_key UNIQUE (restaurant_id, day),
    CONSTRAINT restaurant_hours_day_check CHECK ((day = ANY (ARRAY['monday'::text, 'tuesday'::text, 'wednesday'::text, 'thursday'::text, 'friday'::text, 'saturday'::text, 'sunday'::text]))),
    CONSTRAINT restaurant_hours_dinner_a_la_carte_check CHECK (((dinner_max_a_la_carte_size >= 1) AND (dinner_max_a_la_carte_size <= 50))),
    CONSTRAINT restaurant_hours_dinner_capacity_check CHECK (((dinner_capacity >= 1) AND (dinner_capacity <= 999))),
    CONSTRAINT restaurant_hours_dinner_group_max_check CHECK (((dinner_group_max >= dinner_group_min) AND (dinner_group_max <= 50))),
    CONSTRAINT restaurant_hours_dinner_group_min_check CHECK (((dinner_group_min >= 1) AND (dinner_group_min <= 30))),
    CONSTRAINT restaurant_hours_dinner_privatization_min_check CHECK (((dinner_partial_privatization_min_size >= 1) AND (dinner_partial_privatization_min_size <= 50))),
    CONSTRAINT restaurant_hours_dinner_times_check CHECK (((((EXTRACT(epoch FROM dinner_from_time))::integer % 900) = 0) AND (((EXTRACT(epoch FROM dinner_to_time))::integer % 900) = 0))),
    CONSTRAINT restaurant_hours_lunch_a_la_carte_check CHECK (((lunch_max_a_la_carte_size >= 1) AND (lunch_max_a_la_carte_size <= 50))),
    CONSTRAINT restaurant_hours_lunch_capacity_check CHECK (((lunch_capacity >= 1) AND (lunch_capacity <= 999))),
    CONSTRAINT restaurant_hours_lunch_group_max_check CHECK (((lunch_group_max >= lunch_group_min) AND (lunch_group_max <= 50))),
    CONSTRAINT restaurant_hours_lunch_group_min_check CHECK (((lunch_group_min >= 1) AND (lunch_group_min <= 30))),
    CONSTRAINT restaurant_hours_lunch_privatization_min_check CHECK (((lunch_partial_privatization_min_size >= 1) AND (lunch_partial_privatization_min_size <= 50))),
    CONSTRAINT restaurant_hours_lunch_times_check CHECK (((((EXTRACT(epoch FROM lunch_from_time))::integer % 900) = 0) AND (((EXTRACT(epoch FROM lunch_to_time))::integer % 900) = 0))),
    CONSTRAINT restaurant_hours_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
COMMENT ON COLUMN public.restaurant_hours.lunch_capacity IS 'Maximum covers of the lunch service (null: no limit).';
COMMENT ON COLUMN public.restaurant_hours.dinner_capacity IS 'Maximum covers of the dinner service (null: no limit).';
ALTER TABLE public.restaurant_hours ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_hours FROM anon, authenticated;
GRANT DELETE, INSERT, MAINTAIN, SELECT, UPDATE ON TABLE public.restaurant_hours TO authenticated;
-- Checked on rows written since the rule came; the rows stored before it stay as they were.
ALTER TABLE public.restaurant_hours ADD CONSTRAINT restaurant_hours_dinner_span_check CHECK (((NOT dinner_is_open) OR private.is_service_span(dinner_from_time, dinner_to_time))) NOT VALID;
ALTER TABLE public.restaurant_hours ADD CONSTRAINT restaurant_hours_lunch_span_check CHECK (((NOT lunch_is_open) OR private.is_service_span(lunch_from_time, lunch_to_time))) NOT VALID;

CREATE TABLE public.restaurant_options (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    title text NOT NULL,
    price public.amount NOT NULL,
    price_type text DEFAULT 'per_person'::text NOT NULL,
    display_order integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT restaurant_options_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_options_price_type_check CHECK ((price_type = ANY (ARRAY['per_person'::text, 'total'::text]))),
    CONSTRAINT restaurant_options_title_check CHECK ((btrim(title) <> ''::text)),
    CONSTRAINT restaurant_options_title_one_line CHECK (private.check_one_line(title, 'restaurant_options.title'::text)),
    CONSTRAINT restaurant_options_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
ALTER TABLE public.restaurant_options ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_options FROM anon, authenticated;
GRANT DELETE, INSERT, MAINTAIN, SELECT, UPDATE ON TABLE public.restaurant_options TO authenticated;
-- Checked on rows written since the rule came; the rows stored before it stay as they were.
ALTER TABLE public.restaurant_options ADD CONSTRAINT restaurant_options_title_max_200 CHECK ((char_length(title) <= 200)) NOT VALID;

CREATE INDEX restaurant_options_restaurant_order_idx ON public.restaurant_options USING btree (restaurant_id, display_order);

CREATE TABLE public.restaurant_photos (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    url text NOT NULL,
    filename text NOT NULL,
    original_filename text,
    file_size bigint,
    mime_type text NOT NULL,
    display_order integer DEFAULT 0 NOT NULL,
    alt_text text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT restaurant_photos_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_photos_file_size_check CHECK ((file_size >= 0)),
    CONSTRAINT restaurant_photos_filename_check CHECK ((split_part(filename, '/'::text, 1) = (restaurant_id)::text)),
    CONSTRAINT restaurant_photos_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
ALTER TABLE public.restaurant_photos ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_photos FROM anon, authenticated;
GRANT DELETE, INSERT, MAINTAIN, SELECT, UPDATE ON TABLE public.restaurant_photos TO authenticated;
-- Checked on rows written since the rule came; the rows stored before it stay as they were.
ALTER TABLE public.restaurant_photos ADD CONSTRAINT restaurant_photos_alt_text_max_500 CHECK ((char_length(alt_text) <= 500)) NOT VALID;
ALTER TABLE public.restaurant_photos ADD CONSTRAINT restaurant_photos_filename_max_2048 CHECK ((char_length(filename) <= 2048)) NOT VALID;
ALTER TABLE public.restaurant_photos ADD CONSTRAINT restaurant_photos_mime_type_max_100 CHECK ((char_length(mime_type) <= 100)) NOT VALID;
ALTER TABLE public.restaurant_photos ADD CONSTRAINT restaurant_photos_original_filename_max_200 CHECK ((char_length(original_filename) <= 200)) NOT VALID;
ALTER TABLE public.restaurant_photos ADD CONSTRAINT restaurant_photos_url_max_2048 CHECK ((char_length(url) <= 2048)) NOT VALID;

CREATE INDEX restaurant_photos_restaurant_order_idx ON public.restaurant_photos USING btree (restaurant_id, display_order);

-- -------------------- Functions

CREATE OR REPLACE FUNCTION private.arrival_times_stay_within_hours()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.check_arrival_times_within_hours(new.restaurant_id, new.day);
  return null;
end
$function$;
REVOKE ALL ON FUNCTION private.arrival_times_stay_within_hours() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.check_arrival_times_within_hours(p_restaurant_id uuid, p_day text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_outside record;
begin
  select t.service, t.arrival_time, x.from_time, x.to_time
    into v_outside
    from public.restaurant_arrival_times t
    join public.restaurant_hours h on h.restaurant_id = t.restaurant_id and h.day = t.day
    cross join lateral (
      select case t.service when 'lunch' then h.lunch_from_time else h.dinner_from_time end as from_time,
             case t.service when 'lunch' then h.lunch_to_time else h.dinner_to_time end as to_time
    ) x
   where t.restaurant_id = p_restaurant_id and t.day = p_day
     and not private.is_service_slot(t.arrival_time, x.from_time, x.to_time)
   order by t.service desc, t.arrival_time
   limit 1;
  if found then
    raise exception '%, service % : l''heure d''arrivée % est en dehors des horaires du service (% – %)',
      private.day_label(p_day), case v_outside.service when 'lunch' then 'midi' else 'soir' end,
      to_char(v_outside.arrival_time, 'HH24:MI'), to_char(v_outside.from_time, 'HH24:MI'), to_char(v_outside.to_time, 'HH24:MI')
      using errcode = '22023';
  end if;
end
$function$;
REVOKE ALL ON FUNCTION private.check_arrival_times_within_hours(uuid,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.check_arrival_times_within_hours(uuid,text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.check_menu_entries(p_menu jsonb)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_bad record;
begin
  select o, e ->> 'name' as name, e ->> 'type' as type into v_bad
    from jsonb_array_elements(coalesce(nullif(p_menu -> 'items', 'null'), '[]')) with ordinality as t(e, o)
   where coalesce(btrim(e ->> 'name'), '') = ''
      or coalesce(e ->> 'type', '') not in ('aperitif', 'starter', 'main', 'side', 'dessert', 'drink')
   limit 1;
  if found then
    raise exception 'Menu « % », plat n°% : nom obligatoire et type parmi apéritif, entrée, plat, accompagnement, dessert, boisson (reçu : %)',
      p_menu ->> 'name', v_bad.o, coalesce(v_bad.type, 'aucun') using errcode = '22023';
  end if;
  select o, e ->> 'name' as name, e ->> 'type' as type into v_bad
    from jsonb_array_elements(coalesce(nullif(p_menu -> 'alternatives', 'null'), '[]')) with ordinality as t(e, o)
   where coalesce(btrim(e ->> 'name'), '') = ''
      or coalesce(e ->> 'type', '') not in ('aperitif', 'starter', 'main', 'side', 'dessert')
   limit 1;
  if found then
    raise exception 'Menu « % », alternative n°% : nom obligatoire et type parmi apéritif, entrée, plat, accompagnement, dessert (reçu : %)',
      p_menu ->> 'name', v_bad.o, coalesce(v_bad.type, 'aucun') using errcode = '22023';
  end if;
end
$function$;
REVOKE ALL ON FUNCTION private.check_menu_entries(jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.check_menu_entries(jsonb) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.check_photo_within_bucket()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_limit bigint;
  v_types text[];
begin
  select b.file_size_limit, b.allowed_mime_types into v_limit, v_types
    from storage.buckets b where b.id = 'restaurant-photos';
  if new.file_size > v_limit then
    raise exception 'Le fichier est trop volumineux. Taille maximale: %',
      case when v_limit % 1048576 = 0 then (v_limit / 1048576) || 'MB' else v_limit || ' octets' end
      using errcode = '23514';
  end if;
  if cardinality(v_types) > 0 and not new.mime_type = any (v_types) then
    raise exception 'Type de fichier non autorisé. Types acceptés: %', array_to_string(v_types, ', ')
      using errcode = '23514';
  end if;
  return new;
end
$function$;
REVOKE ALL ON FUNCTION private.check_photo_within_bucket() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.check_service_span(p_day text, p_label text, p_is_open boolean, p_from time without time zone, p_to time without time zone)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_is_open and not private.is_service_span(p_from, p_to) then
    raise exception '%, service % : l''heure de fin (%) doit être après l''heure de début (%), ou après minuit jusqu''à 06:00',
      private.day_label(p_day), p_label, to_char(p_to, 'HH24:MI'), to_char(p_from, 'HH24:MI')
      using errcode = '22023';
  end if;
end
$function$;
REVOKE ALL ON FUNCTION private.check_service_span(text,text,boolean,time without time zone,time without time zone) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.check_service_span(text,text,boolean,time without time zone,time without time zone) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.day_label(p_day text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case p_day
    when 'monday' then 'Lundi' when 'tuesday' then 'Mardi' when 'wednesday' then 'Mercredi'
    when 'thursday' then 'Jeudi' when 'friday' then 'Vendredi' when 'saturday' then 'Samedi'
    when 'sunday' then 'Dimanche' else p_day end
$function$;
REVOKE ALL ON FUNCTION private.day_label(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.day_label(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.default_arrival_times(p_from time without time zone, p_to time without time zone)
 RETURNS time without time zone[]
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  with span as (
    select extract(epoch from p_from)::int as start_s,
           extract(epoch from p_to)::int
             + case when p_to <= p_from then 86400 else 0 end
             - extract(epoch from p_from)::int as length_s
  )
  select array_agg(make_interval(secs => start_s + step)::time order by step)
    from span, generate_series(0, least(greatest(length_s - 3600, 0), 86400 - 900 - start_s), 1800) as step
$function$;
COMMENT ON FUNCTION private.default_arrival_times(time without time zone,time without time zone) IS 'The arrival times proposed for a service: every half hour from the start until one hour before the end (at least the start), on the service''s date (23:45 at the latest). Twin: defaultArrivalTimes of sections/src/hours/slots.ts.';
REVOKE ALL ON FUNCTION private.default_arrival_times(time without time zone,time without time zone) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.default_arrival_times(time without time zone,time without time zone) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.insert_menu_entries(p_menu_id uuid, p_menu jsonb)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into public.menu_items (menu_id, name, type, display_order)
  select p_menu_id, e ->> 'name', e ->> 'type', (o - 1)::int
    from jsonb_array_elements(coalesce(nullif(p_menu -> 'items', 'null'), '[]')) with ordinality as t(e, o);

  insert into public.menu_item_alternatives (
    menu_id, name, type, is_gluten_free, is_vegan, other_dietary_notes, display_order)
  select p_menu_id, e ->> 'name', e ->> 'type',
         coalesce((e ->> 'isGlutenFree')::boolean, false),
         coalesce((e ->> 'isVegan')::boolean, false),
         nullif(e ->> 'otherDietaryNotes', ''),
         (o - 1)::int
    from jsonb_array_elements(coalesce(nullif(p_menu -> 'alternatives', 'null'), '[]')) with ordinality as t(e, o);
$function$;
REVOKE ALL ON FUNCTION private.insert_menu_entries(uuid,jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.insert_menu_entries(uuid,jsonb) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.is_service_slot(p_time time without time zone, p_from time without time zone, p_to time without time zone)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case
    when p_to > p_from then p_time >= p_from and p_time < p_to
    -- Past midnight: from the start to 23:45, on the service's own date.
    else p_time >= p_from
  end
$function$;
COMMENT ON FUNCTION private.is_service_slot(time without time zone,time without time zone,time without time zone) IS 'Whether a group may arrive at p_time in a service from p_from to p_to: a quarter hour from the start up to, not including, the end; past midnight, up to 23:45 (arrivals are on the service''s date). Twin: isServiceSlot of sections/src/hours/slots.ts.';
REVOKE ALL ON FUNCTION private.is_service_slot(time without time zone,time without time zone,time without time zone) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.is_service_slot(time without time zone,time without time zone,time without time zone) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.parse_service(p_service jsonb, p_label text, p_from time without time zone, p_to time without time zone)
 RETURNS TABLE(is_open boolean, from_time time without time zone, to_time time without time zone, group_min integer, group_max integer, allow_a_la_carte boolean, max_a_la_carte_size integer, privatization_supplement boolean, privatization_min_size integer, privatization_amount numeric, capacity integer)
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  s jsonb := coalesce(p_service, '{}');
begin
  if jsonb_typeof(s) <> 'object' then
    raise exception 'Service % invalide', p_label using errcode = '22023';
  end if;
  is_open := coalesce((s ->> 'isOpen')::boolean, true);
  from_time := coalesce(private.parse_slot(s -> 'hours' ->> 'from', p_label), p_from);
  to_time := coalesce(private.parse_slot(s -> 'hours' ->> 'to', p_label), p_to);
  group_min := coalesce((s -> 'groupSize' ->> 'min')::int, 1);
  group_max := coalesce((s -> 'groupSize' ->> 'max')::int, 20);
  allow_a_la_carte := coalesce((s ->> 'allowALaCarte')::boolean, true);
  max_a_la_carte_size := coalesce((s ->> 'maxALaCarteSize')::int, 10);
  privatization_supplement := coalesce((s ->> 'partialPrivatizationSupplement')::boolean, false);
  privatization_min_size := coalesce((s ->> 'partialPrivatizationMinSize')::int, 10);
  privatization_amount := coalesce(private.to_amount(s ->> 'partialPrivatizationAmount',
    format('Service %s : le montant de privatisation doit être un montant positif ou nul', p_label)), 0);

  if group_min not between 1 and 30 then
    raise exception 'Service % : la taille de groupe minimale doit être comprise entre 1 et 30', p_label
      using errcode = '22023';
  end if;
  if group_max not between group_min and 50 then
    raise exception 'Service % : la taille de groupe maximale doit être comprise entre % et 50', p_label, group_min
      using errcode = '22023';
  end if;
  if max_a_la_carte_size not between 1 and 50 then
    raise exception 'Service % : la taille maximale à la carte doit être comprise entre 1 et 50', p_label
      using errcode = '22023';
  end if;
  if privatization_min_size not between 1 and 50 then
    raise exception 'Service % : la taille minimale de privatisation doit être comprise entre 1 et 50', p_label
      using errcode = '22023';
  end if;
  -- Optional: absent or null is no limit; otherwise a whole number of covers.
  if jsonb_typeof(s -> 'capacity') <> 'null' then
    if jsonb_typeof(s -> 'capacity') <> 'number' then
      capacity := 0; -- refused below, with the same message
    elsif (s ->> 'capacity')::numeric % 1 = 0 and (s ->> 'capacity')::numeric between 1 and 999 then
      capacity := (s ->> 'capacity')::int;
    end if;
    if capacity is null or capacity not between 1 and 999 then
      raise exception 'Service % : la capacité doit être un nombre entier de couverts entre 1 et 999 (vide : sans limite)', p_label
        using errcode = '22023';
    end if;
  end if;
  return next;
end
$function$;
REVOKE ALL ON FUNCTION private.parse_service(jsonb,text,time without time zone,time without time zone) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.parse_service(jsonb,text,time without time zone,time without time zone) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.parse_slot(p_value text, p_label text)
 RETURNS time without time zone
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_time time;
begin
  if p_value is null or p_value = '' then
    return null;
  end if;
  if p_value !~ '^([01]?[0-9]|2[0-3]):[0-5][0-9](:00)?$' then
    raise exception 'Heure invalide (%) : %', p_label, p_value using errcode = '22023';
  end if;
  v_time := p_value::time;
  if extract(minute from v_time)::int % 15 <> 0 then
    raise exception 'Heure invalide (%) : % — les créneaux sont de 15 minutes', p_label, p_value
      using errcode = '22023';
  end if;
  return v_time;
end
$function$;
REVOKE ALL ON FUNCTION private.parse_slot(text,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.parse_slot(text,text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.profile_missing(p_restaurant_id uuid)
 RETURNS TABLE("position" integer, item text, section text, label text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- What the assistant needs to answer a group, in the order of the onboarding's steps (the CGV are
  -- filled in its last step, Facturation, and in their own tab). `section` is the tab that fixes it.
  -- The required fields are spec §5's; the rest is what a group's questions need: an open service
  -- with arrival times, a menu with a price, the cancellation and modification policies.
  select v.position, v.item, v.section, v.label
    from public.restaurants r
    left join public.restaurant_contacts c on c.restaurant_id = r.id
    left join public.restaurant_billing b on b.restaurant_id = r.id
   cross join lateral (values
        (1, 'name', 'information', 'Nom du restaurant',
           btrim(r.name) = ''),
        (2, 'address', 'information', 'Adresse du restaurant',
           btrim(r.address) = ''),
        (3, 'contact_email', 'information', 'Email de contact',
           coalesce(btrim(c.email), '') = ''),
        (4, 'whatsapp', 'information', 'Numéro WhatsApp',
           coalesce(btrim(c.whatsapp), '') = ''),
        (5, 'service', 'hours', 'Au moins un service ouvert avec des heures d''arrivée',
           not exists (
             select 1
               from public.restaurant_arrival_times t
               join public.restaurant_hours h on h.restaurant_id = t.restaurant_id and h.day = t.day
              where t.restaurant_id = r.id
                and t.day = any (r.days_open)
                and case t.service when 'lunch' then h.lunch_is_open else h.dinner_is_open end)),
        (6, 'menu', 'menus', 'Au moins un menu avec un prix',
           not exists (
             select 1 from public.restaurant_menus m
              where m.restaurant_id = r.id and not m.is_children_menu and m.price_per_person > 0)),
        (7, 'legal', 'billing', 'Informations légales (raison sociale, forme juridique, SIRET, RCS, TVA)',
           '' in (coalesce(btrim(b.company_name), ''), coalesce(btrim(b.legal_form), ''), coalesce(btrim(b.siret_number), ''),
                  coalesce(btrim(b.rcs_city), ''), coalesce(btrim(b.vat_number), ''))),
        (8, 'headquarters', 'billing', 'Adresse du siège',
           '' in (coalesce(btrim(b.address), ''), coalesce(btrim(b.postal_code), ''), coalesce(btrim(b.city), ''),
                  coalesce(btrim(b.country), ''))),
        (9, 'bank', 'billing', 'Coordonnées bancaires (IBAN, BIC)',
           '' in (coalesce(btrim(b.iban), ''), coalesce(btrim(b.bic), ''))),
        (10, 'billing_contact', 'billing', 'Contact de facturation',
           '' in (coalesce(btrim(b.contact_name), ''), coalesce(btrim(b.contact_email), ''), coalesce(btrim(b.contact_phone), ''))),
        (11, 'cgv', 'cgv', 'Conditions d''annulation et de modification (CGV)',
           not exists (select 1 from public.restaurant_cgv g where g.restaurant_id = r.id))
      ) v(position, item, section, label, is_missing)
   where r.id = p_restaurant_id
     and v.is_missing
     -- A signed-in caller learns this of their own restaurants only (the service and the functions
     -- that run as the database's owner, such as submit_group_request, have no user).
     and ((select auth.uid()) is null or private.has_role(p_restaurant_id, 'manager'))
$function$;
COMMENT ON FUNCTION private.profile_missing(uuid) IS 'What a restaurant''s profile still lacks for its assistant, the same for every member (security definer: a manager is told of the Facturation blocks they cannot read). Read through public.restaurant_completeness.';
REVOKE ALL ON FUNCTION private.profile_missing(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.profile_missing(uuid) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.response_delay(p_response_time text)
 RETURNS interval
 LANGUAGE sql
 STABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select coalesce((select t.delay from private.response_times t where t.code = p_response_time),
                  (select t.delay from private.response_times t where t.is_default))
$function$;
REVOKE ALL ON FUNCTION private.response_delay(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.response_delay(text) TO service_role;

CREATE OR REPLACE FUNCTION private.service_label(p_service text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select case p_service when 'lunch' then 'déjeuner' when 'dinner' then 'dîner' else p_service end $function$;
REVOKE ALL ON FUNCTION private.service_label(text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.store_day_hours(p_restaurant_id uuid, p_day text, p_entry jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform private.check_service_span(p_day, s.label, s.is_open, s.from_time, s.to_time)
     from private.default_service_hours('lunch') lh,
          private.default_service_hours('dinner') dh,
          lateral (
            select 'midi' as label, l.is_open, l.from_time, l.to_time
              from private.parse_service(p_entry -> 'lunchService', 'midi', lh.from_time, lh.to_time) l
            union all
            select 'soir', d.is_open, d.from_time, d.to_time
              from private.parse_service(p_entry -> 'dinnerService', 'soir', dh.from_time, dh.to_time) d
          ) s;

  insert into public.restaurant_hours (
    restaurant_id, day,
    lunch_is_open, lunch_from_time, lunch_to_time, lunch_group_min, lunch_group_max,
    lunch_allow_a_la_carte, lunch_max_a_la_carte_size, lunch_partial_privatization_supplement,
    lunch_partial_privatization_min_size, lunch_partial_privatization_amount, lunch_capacity,
    dinner_is_open, dinner_from_time, dinner_to_time, dinner_group_min, dinner_group_max,
    dinner_allow_a_la_carte, dinner_max_a_la_carte_size, dinner_partial_privatization_supplement,
    dinner_partial_privatization_min_size, dinner_partial_privatization_amount, dinner_capacity)
  select
    p_restaurant_id, p_day,
    l.is_open, l.from_time, l.to_time, l.group_min, l.group_max,
    l.allow_a_la_carte, l.max_a_la_carte_size, l.privatization_supplement,
    l.privatization_min_size, l.privatization_amount, l.capacity,
    d.is_open, d.from_time, d.to_time, d.group_min, d.group_max,
    d.allow_a_la_carte, d.max_a_la_carte_size, d.privatization_supplement,
    d.privatization_min_size, d.privatization_amount, d.capacity
  from private.default_service_hours('lunch') lh,
       private.default_service_hours('dinner') dh,
       private.parse_service(p_entry -> 'lunchService', 'midi', lh.from_time, lh.to_time) l,
       private.parse_service(p_entry -> 'dinnerService', 'soir', dh.from_time, dh.to_time) d;

  insert into public.restaurant_arrival_times (restaurant_id, day, service, arrival_time)
  select distinct p_restaurant_id, p_day, s.service, private.parse_slot(a.value, s.label)
    from (values ('lunch', 'midi', p_entry -> 'lunchService'),
                 ('dinner', 'soir', p_entry -> 'dinnerService')) as s(service, label, cfg)
    cross join lateral jsonb_array_elements_text(
      case when jsonb_typeof(s.cfg -> 'arrivalTimes') = 'array' then s.cfg -> 'arrivalTimes' else '[]' end) a
   where coalesce((s.cfg ->> 'isOpen')::boolean, true)
     and nullif(a.value, '') is not null;
end
$function$;
REVOKE ALL ON FUNCTION private.store_day_hours(uuid,text,jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.store_day_hours(uuid,text,jsonb) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION public.close_services(p_restaurant_id uuid, p_date date, p_services text[], p_reason text DEFAULT NULL::text)
 RETURNS SETOF public.restaurant_closures
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_reason text := nullif(btrim(p_reason), '');
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if p_date is null then
    raise exception 'Choisissez la date à fermer' using errcode = '22023';
  end if;
  if p_date < (now() at time zone 'Europe/Paris')::date then
    raise exception 'Cette date est déjà passée : choisissez une date à venir' using errcode = '22023';
  end if;
  if coalesce(cardinality(p_services), 0) = 0 or not p_services <@ array['lunch', 'dinner'] then
    raise exception 'Choisissez le service à fermer : midi, soir ou les deux' using errcode = '22023';
  end if;
  if char_length(v_reason) > 200 then
    raise exception 'Le motif ne doit pas dépasser 200 caractères' using errcode = '22023';
  end if;
  return query
  insert into public.restaurant_closures as c (restaurant_id, closure_date, service, reason)
  select p_restaurant_id, p_date, s, v_reason from (select distinct unnest(p_services) as s) x
  on conflict (restaurant_id, closure_date, service) do update set reason = excluded.reason
  returning c.*;
end
$function$;
REVOKE ALL ON FUNCTION public.close_services(uuid,date,text[],text) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.create_restaurant_faq(p_restaurant_id uuid, p_question text, p_answer text)
 RETURNS public.restaurant_faqs
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_question text := btrim(coalesce(p_question, ''));
  v_answer text := btrim(coalesce(p_answer, ''));
  v_row public.restaurant_faqs;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if v_question = '' then
    raise exception 'La question est obligatoire' using errcode = '22023';
  end if;
  if v_answer = '' then
    raise exception 'La réponse est obligatoire' using errcode = '22023';
  end if;
  if char_length(v_question) > 1000 then
    raise exception 'La question ne doit pas dépasser 1000 caractères' using errcode = '22023';
  end if;
  if char_length(v_answer) > 10000 then
    raise exception 'La réponse ne doit pas dépasser 10000 caractères' using errcode = '22023';
  end if;
  -- The restaurant's row is locked until commit: the next position is ours alone.
  insert into public.restaurant_faqs (restaurant_id, question, answer, display_order)
  select p_restaurant_id, v_question, v_answer, coalesce(max(f.display_order) + 1, 0)
    from public.restaurant_faqs f
   where f.restaurant_id = p_restaurant_id
  returning * into v_row;
  return v_row;
end
$function$;
COMMENT ON FUNCTION public.create_restaurant_faq(uuid,text,text) IS 'Appends one FAQ entry (trimmed) at the next display_order of a restaurant the caller is a member of; concurrent calls queue on the restaurant.';
REVOKE ALL ON FUNCTION public.create_restaurant_faq(uuid,text,text) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.delete_restaurant_photo(photo_id uuid, user_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_filename text;
  v_restaurant uuid;
begin
  -- The user_id argument is never trusted: it must be the caller.
  if v_uid is null or delete_restaurant_photo.user_id is distinct from v_uid then
    raise exception 'Vous n''avez pas l''autorisation de supprimer cette photo' using errcode = '42501';
  end if;

  select p.filename, p.restaurant_id into v_filename, v_restaurant
    from public.restaurant_photos p
   where p.id = delete_restaurant_photo.photo_id
     for update of p;
  if not found then
    perform private.raise_not_found('Photo non trouvée');
  end if;
  if not private.has_role(v_restaurant, 'manager') then
    raise exception 'Vous n''avez pas l''autorisation de supprimer cette photo' using errcode = '42501';
  end if;

  delete from public.restaurant_photos p where p.id = delete_restaurant_photo.photo_id;
  return v_filename;
end
$function$;
REVOKE ALL ON FUNCTION public.delete_restaurant_photo(uuid,uuid) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.reorder_faqs(p_restaurant_id uuid, p_faq_ids uuid[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_current uuid[];
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  -- Lock the list: two reorders of the same restaurant run one after the other.
  select coalesce(array_agg(f.id), '{}') into v_current
    from (select f.id from public.restaurant_faqs f
           where f.restaurant_id = p_restaurant_id for update) f;
  perform private.assert_same_ids(p_faq_ids, v_current, 'FAQ');

  update public.restaurant_faqs f
     set display_order = (n.pos - 1)::int
    from unnest(p_faq_ids) with ordinality as n(id, pos)
   where f.id = n.id and f.restaurant_id = p_restaurant_id;
end
$function$;
REVOKE ALL ON FUNCTION public.reorder_faqs(uuid,uuid[]) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.save_restaurant_cgv(p_restaurant_id uuid, p_cgv jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  c_policies constant text[] := array['same_day', '24h', '48h', '72h', '7_days'];
  v_cancellation text := p_cgv ->> 'cancellationPolicy';
  v_modification text := p_cgv ->> 'modificationPolicy';
  v_nature text := coalesce(p_cgv ->> 'advancePaymentNature', 'arrhes');
  v_fee_type text := p_cgv #>> '{noShowFee,type}';
  v_fee_amount numeric;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if jsonb_typeof(p_cgv) is distinct from 'object' then
    raise exception 'CGV invalides' using errcode = '22023';
  end if;
  if v_cancellation is null or v_cancellation <> all (c_policies) then
    raise exception 'Politique d''annulation invalide : %', coalesce(v_cancellation, 'null') using errcode = '22023';
  end if;
  if v_modification is null or v_modification <> all (c_policies) then
    raise exception 'Politique de modification invalide : %', coalesce(v_modification, 'null') using errcode = '22023';
  end if;
  if v_nature not in ('arrhes', 'acompte') then
    raise exception 'Nature des sommes versées d''avance invalide : choisissez arrhes ou acompte' using errcode = '22023';
  end if;
  -- The no-show fee: euros as the owner types them, stored in cents.
  if v_fee_type is not null then
    if v_fee_type not in ('per_person', 'fixed') then
      raise exception 'Frais de non-présentation invalides : par personne ou forfait' using errcode = '22023';
    end if;
    v_fee_amount := case when jsonb_typeof(p_cgv #> '{noShowFee,amount}') = 'number' then (p_cgv #>> '{noShowFee,amount}')::numeric end;
    if v_fee_amount is null or v_fee_amount <= 0 or v_fee_amount > 100000 or v_fee_amount <> round(v_fee_amount, 2) then
      raise exception 'Le montant des frais de non-présentation doit être compris entre 0,01 € et 100 000 €' using errcode = '22023';
    end if;
  end if;

  insert into public.restaurant_cgv as t (restaurant_id, cancellation_policy, modification_policy, link, advance_payment_nature,
                                          no_show_fee_type, no_show_fee_cents, updated_at)
  values (p_restaurant_id, v_cancellation, v_modification, nullif(btrim(p_cgv ->> 'link'), ''), v_nature,
          v_fee_type, (v_fee_amount * 100)::integer, now())
  on conflict (restaurant_id) do update set
    cancellation_policy = excluded.cancellation_policy,
    modification_policy = excluded.modification_policy,
    link = excluded.link,
    advance_payment_nature = excluded.advance_payment_nature,
    no_show_fee_type = excluded.no_show_fee_type,
    no_show_fee_cents = excluded.no_show_fee_cents,
    updated_at = excluded.updated_at;
end
$function$;
COMMENT ON FUNCTION public.save_restaurant_cgv(uuid,jsonb) IS 'Saves the CGV in one call: {cancellationPolicy, modificationPolicy, link, advancePaymentNature arrhes|acompte (default arrhes), noShowFee {type per_person|fixed, amount euros} or absent for none}.';
REVOKE ALL ON FUNCTION public.save_restaurant_cgv(uuid,jsonb) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.save_restaurant_hours(p_restaurant_id uuid, p_hours jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  c_week constant text[] := array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'];
  v_days text[];
  v_bad text;
  v_seen text[] := '{}';
  v_entry jsonb;
  v_day text;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if jsonb_typeof(p_hours) is distinct from 'object' then
    raise exception 'Horaires invalides' using errcode = '22023';
  end if;
  if jsonb_typeof(p_hours -> 'daysOpen') is distinct from 'array' then
    raise exception 'Les jours d''ouverture (daysOpen) doivent être une liste' using errcode = '22023';
  end if;
  if p_hours ? 'days' and jsonb_typeof(p_hours -> 'days') not in ('array', 'null') then
    raise exception 'Les réglages par jour (days) doivent être une liste' using errcode = '22023';
  end if;

  select d into v_bad
    from jsonb_array_elements(p_hours -> 'daysOpen') e, lateral (select e #>> '{}' as d) x
   where jsonb_typeof(e) <> 'string' or d <> all (c_week)
   limit 1;
  if found then
    raise exception 'Jour d''ouverture invalide : %', coalesce(v_bad, 'null') using errcode = '22023';
  end if;

  -- Canonical order (monday first), no duplicates.
  select coalesce(array_agg(w.day order by w.pos), '{}') into v_days
    from unnest(c_week) with ordinality as w(day, pos)
   where p_hours -> 'daysOpen' ? w.day;

  update public.restaurants r
     set days_open = v_days,
         has_different_hours_settings = coalesce((p_hours ->> 'hasDifferentSettings')::boolean, false)
   where r.id = p_restaurant_id;

  delete from public.restaurant_arrival_times t where t.restaurant_id = p_restaurant_id;
  delete from public.restaurant_hours h where h.restaurant_id = p_restaurant_id;

  for v_entry in select e from jsonb_array_elements(coalesce(nullif(p_hours -> 'days', 'null'), '[]')) e loop
    v_day := v_entry ->> 'day';
    if v_day is null or v_day <> all (v_days) then
      raise exception 'Le jour % n''est pas un jour d''ouverture', coalesce(v_day, 'null') using errcode = '22023';
    end if;
    if v_day = any (v_seen) then
      raise exception 'Le jour % apparaît plusieurs fois', v_day using errcode = '22023';
    end if;
    v_seen := v_seen || v_day;
    perform private.store_day_hours(p_restaurant_id, v_day, v_entry);
  end loop;

  -- Every arrival time lies within its service's hours (the first one outside, in week order, is named).
  foreach v_day in array v_days loop
    perform private.check_arrival_times_within_hours(p_restaurant_id, v_day);
  end loop;

  -- Open days the client sent no settings for: spec defaults.
  insert into public.restaurant_hours (restaurant_id, day)
  select p_restaurant_id, d from unnest(v_days) d where d <> all (v_seen);
end
$function$;
REVOKE ALL ON FUNCTION public.save_restaurant_hours(uuid,jsonb) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.save_restaurant_information(p_restaurant_id uuid, p_information jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  i jsonb := p_information;
  a jsonb := p_information -> 'amenities';
  c jsonb := p_information -> 'contact';
  v_response_time text;
  v_whatsapp text;
  v_phone text;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if jsonb_typeof(i) is distinct from 'object' then
    raise exception 'Informations du restaurant invalides' using errcode = '22023';
  end if;
  -- Checked before anything is written: a refused number leaves the whole information as it was.
  if jsonb_typeof(c) = 'object' then
    v_whatsapp := nullif(btrim(c ->> 'whatsapp'), '');
    v_phone := nullif(btrim(c ->> 'phone'), '');
    if v_whatsapp is not null and not private.is_e164(v_whatsapp) then
      raise exception 'Numéro WhatsApp invalide : « % » (attendu au format international, ex. +33612345678)', v_whatsapp
        using errcode = '22023', hint = 'restaurant_contacts.whatsapp';
    end if;
    if v_phone is not null and not private.is_e164(v_phone) then
      raise exception 'Téléphone du restaurant invalide : « % » (attendu au format international, ex. +33612345678)', v_phone
        using errcode = '22023', hint = 'restaurant_contacts.phone';
    end if;
  end if;

  update public.restaurants r set
    name          = case when i ? 'name' then coalesce(i ->> 'name', '') else r.name end,
    address       = case when i ? 'address' then coalesce(i ->> 'address', '') else r.address end,
    description   = case when i ? 'description' then coalesce(i ->> 'description', '') else r.description end,
    url           = case when i ? 'url' then nullif(btrim(i ->> 'url'), '') else r.url end,
    first_message = case when i ? 'firstMessage' then nullif(i ->> 'firstMessage', '') else r.first_message end
  where r.id = p_restaurant_id;

  if jsonb_typeof(a) = 'object' then
    insert into public.restaurant_amenities as t
      (restaurant_id, ground_floor, accessible_to_disabled, parking, air_conditioning, wifi, valet_parking)
    values (
      p_restaurant_id,
      coalesce((a ->> 'groundFloor')::boolean, false),
      coalesce((a ->> 'accessibleToDisabled')::boolean, false),
      coalesce((a ->> 'parking')::boolean, false),
      coalesce((a ->> 'airConditioning')::boolean, false),
      coalesce((a ->> 'wifi')::boolean, false),
      coalesce((a ->> 'valetParking')::boolean, false))
    on conflict (restaurant_id) do update set
      ground_floor = excluded.ground_floor,
      accessible_to_disabled = excluded.accessible_to_disabled,
      parking = excluded.parking,
      air_conditioning = excluded.air_conditioning,
      wifi = excluded.wifi,
      valet_parking = excluded.valet_parking;
  elsif a is not null and jsonb_typeof(a) <> 'null' then
    raise exception 'Équipements invalides' using errcode = '22023';
  end if;

  if jsonb_typeof(c) = 'object' then
    v_response_time := coalesce(nullif(c ->> 'responseTime', ''), private.default_response_time());
    if not exists (select 1 from private.response_times t where t.code = v_response_time) then
      raise exception 'Délai de réponse invalide : %', v_response_time using errcode = '22023';
    end if;
    insert into public.restaurant_contacts as t (restaurant_id, email, whatsapp, phone, response_time)
    values (p_restaurant_id, nullif(btrim(c ->> 'email'), ''), v_whatsapp, v_phone, v_response_time)
    on conflict (restaurant_id) do update set
      email = excluded.email,
      whatsapp = excluded.whatsapp,
      phone = case when c ? 'phone' then excluded.phone else t.phone end,
      response_time = excluded.response_time;
  elsif c is not null and jsonb_typeof(c) <> 'null' then
    raise exception 'Contact invalide' using errcode = '22023';
  end if;
end
$function$;
REVOKE ALL ON FUNCTION public.save_restaurant_information(uuid,jsonb) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.save_restaurant_menus(p_restaurant_id uuid, p_menus jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_keep uuid[];
  v_menu jsonb;
  v_pos int;
  v_id uuid;
  v_type text;
  v_price public.amount;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if jsonb_typeof(p_menus) is distinct from 'array' then
    raise exception 'Les menus doivent être une liste' using errcode = '22023';
  end if;
  if (select count(*) from jsonb_array_elements(p_menus) m
       where coalesce((m ->> 'isKidsMenu')::boolean, false)) > 1 then
    raise exception 'Un restaurant ne peut avoir qu''un seul menu enfant' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_menus) m
              where private.try_uuid(m ->> 'id') is not null
              group by private.try_uuid(m ->> 'id') having count(*) > 1) then
    raise exception 'Un même menu apparaît plusieurs fois' using errcode = '22023';
  end if;

  select coalesce(array_agg(rm.id), '{}') into v_keep
    from public.restaurant_menus rm
   where rm.restaurant_id = p_restaurant_id
     and rm.id in (select private.try_uuid(m ->> 'id') from jsonb_array_elements(p_menus) m);

  delete from public.restaurant_menus rm
   where rm.restaurant_id = p_restaurant_id and rm.id <> all (v_keep);

  -- The kids menu is written last, so moving the kids flag from one kept
  -- menu to another never has two kids menus at once.
  for v_menu, v_pos in
    select e, (o - 1)::int
      from jsonb_array_elements(p_menus) with ordinality as t(e, o)
     order by coalesce((e ->> 'isKidsMenu')::boolean, false), o
  loop
    if jsonb_typeof(v_menu) <> 'object' or coalesce(btrim(v_menu ->> 'name'), '') = '' then
      raise exception 'Menu n°% : le nom est obligatoire', v_pos + 1 using errcode = '22023';
    end if;
    v_price := coalesce(private.to_amount(v_menu ->> 'pricePerPerson',
      format('Menu « %s » : le prix doit être un montant positif ou nul', v_menu ->> 'name')), 0);
    v_type := coalesce(nullif(v_menu ->> 'menuType', ''), 'choice');
    if v_type not in ('choice', 'sharing') then
      raise exception 'Menu « % » : type de menu invalide : %', v_menu ->> 'name', v_type using errcode = '22023';
    end if;
    perform private.check_menu_entries(v_menu);

    v_id := private.try_uuid(v_menu ->> 'id');
    if v_id = any (v_keep) then
      update public.restaurant_menus rm set
        name = v_menu ->> 'name',
        price_per_person = v_price,
        content = nullif(v_menu ->> 'content', ''),
        menu_type = v_type,
        available_lunch = coalesce((v_menu -> 'availability' ->> 'lunch')::boolean, true),
        available_dinner = coalesce((v_menu -> 'availability' ->> 'dinner')::boolean, true),
        is_children_menu = coalesce((v_menu ->> 'isKidsMenu')::boolean, false),
        display_order = v_pos
      where rm.id = v_id;
      delete from public.menu_items mi where mi.menu_id = v_id;
      delete from public.menu_item_alternatives ma where ma.menu_id = v_id;
    else
      insert into public.restaurant_menus (
        restaurant_id, name, price_per_person, content, menu_type,
        available_lunch, available_dinner, is_children_menu, display_order)
      values (
        p_restaurant_id, v_menu ->> 'name', v_price, nullif(v_menu ->> 'content', ''), v_type,
        coalesce((v_menu -> 'availability' ->> 'lunch')::boolean, true),
        coalesce((v_menu -> 'availability' ->> 'dinner')::boolean, true),
        coalesce((v_menu ->> 'isKidsMenu')::boolean, false),
        v_pos)
      returning id into v_id;
    end if;

    perform private.insert_menu_entries(v_id, v_menu);
  end loop;
end
$function$;
REVOKE ALL ON FUNCTION public.save_restaurant_menus(uuid,jsonb) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.save_restaurant_options(p_restaurant_id uuid, p_options jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_keep uuid[];
  v_opt jsonb;
  v_pos int;
  v_id uuid;
  v_price public.amount;
  v_type text;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if jsonb_typeof(p_options) is distinct from 'array' then
    raise exception 'Les options doivent être une liste' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_options) e
              where private.try_uuid(e ->> 'id') is not null
              group by private.try_uuid(e ->> 'id') having count(*) > 1) then
    raise exception 'Une même option apparaît plusieurs fois' using errcode = '22023';
  end if;

  select coalesce(array_agg(ro.id), '{}') into v_keep
    from public.restaurant_options ro
   where ro.restaurant_id = p_restaurant_id
     and ro.id in (select private.try_uuid(e ->> 'id') from jsonb_array_elements(p_options) e);

  delete from public.restaurant_options ro
   where ro.restaurant_id = p_restaurant_id and ro.id <> all (v_keep);

  for v_opt, v_pos in
    select e, (o - 1)::int from jsonb_array_elements(p_options) with ordinality as t(e, o) order by o
  loop
    if jsonb_typeof(v_opt) <> 'object' or coalesce(btrim(v_opt ->> 'title'), '') = '' then
      raise exception 'Option n°% : le titre est obligatoire', v_pos + 1 using errcode = '22023';
    end if;
    v_price := private.to_amount(v_opt ->> 'price',
      format('Option « %s » : le prix doit être un montant positif ou nul', v_opt ->> 'title'));
    if v_price is null then
      raise exception 'Option « % » : le prix doit être un montant positif ou nul', v_opt ->> 'title'
        using errcode = '22023';
    end if;
    v_type := coalesce(nullif(v_opt ->> 'priceType', ''), 'per_person');
    if v_type not in ('per_person', 'total') then
      raise exception 'Option « % » : type de prix invalide : %', v_opt ->> 'title', v_type using errcode = '22023';
    end if;

    v_id := private.try_uuid(v_opt ->> 'id');
    if v_id = any (v_keep) then
      update public.restaurant_options ro
         set title = v_opt ->> 'title', price = v_price, price_type = v_type, display_order = v_pos
       where ro.id = v_id;
    else
      insert into public.restaurant_options (restaurant_id, title, price, price_type, display_order)
      values (p_restaurant_id, v_opt ->> 'title', v_price, v_type, v_pos);
    end if;
  end loop;
end
$function$;
REVOKE ALL ON FUNCTION public.save_restaurant_options(uuid,jsonb) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.save_restaurant_photos(p_restaurant_id uuid, p_photos jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_bad text;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if jsonb_typeof(p_photos) is distinct from 'array' then
    raise exception 'Les photos doivent être une liste' using errcode = '22023';
  end if;
  if jsonb_array_length(p_photos) = 0 then
    return; -- skip rule (spec §4)
  end if;

  select coalesce(e ->> 'id', 'null') into v_bad
    from jsonb_array_elements(p_photos) e
   where jsonb_typeof(e) <> 'object'
      or private.try_uuid(e ->> 'id') is null
      or not exists (select 1 from public.restaurant_photos p
                      where p.id = private.try_uuid(e ->> 'id') and p.restaurant_id = p_restaurant_id)
   limit 1;
  if found then
    raise exception 'Photo non trouvée : %', v_bad using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_photos) e
              group by e ->> 'id' having count(*) > 1) then
    raise exception 'Une même photo apparaît plusieurs fois' using errcode = '22023';
  end if;

  -- Lock the restaurant's photos: two saves of the same restaurant run one after the other.
  perform 1 from public.restaurant_photos p where p.restaurant_id = p_restaurant_id for update;

  with listed as (
    select (e ->> 'id')::uuid as id, o as pos, e as photo
      from jsonb_array_elements(p_photos) with ordinality as t(e, o)
  ), ranked as (
    select p.id,
           row_number() over (order by l.pos nulls last, p.display_order, p.created_at) as new_order,
           l.photo
      from public.restaurant_photos p
      left join listed l on l.id = p.id
     where p.restaurant_id = p_restaurant_id
  )
  update public.restaurant_photos p
     set display_order = r.new_order::int,
         alt_text = case when r.photo is null then p.alt_text
                         else nullif(btrim(coalesce(r.photo ->> 'altText', '')), '') end,
         updated_at = now()
    from ranked r
   where p.id = r.id;
end
$function$;
REVOKE ALL ON FUNCTION public.save_restaurant_photos(uuid,jsonb) FROM PUBLIC, anon;

-- -------------------- Views

CREATE VIEW public.restaurant_completeness WITH (security_invoker=true) AS
 SELECT r.id AS restaurant_id,
    (count(m.item))::integer AS missing_count,
    COALESCE(jsonb_agg(jsonb_build_object('item', m.item, 'section', m.section, 'label', m.label) ORDER BY m."position") FILTER (WHERE (m.item IS NOT NULL)), '[]'::jsonb) AS missing
   FROM (public.restaurants r
     LEFT JOIN LATERAL private.profile_missing(r.id) m("position", item, section, label) ON (true))
  GROUP BY r.id;
COMMENT ON VIEW public.restaurant_completeness IS 'What a restaurant''s profile still lacks for its assistant: missing = [{item, section, label}] in the onboarding''s order, the same for every member of its team (private.profile_missing).';
REVOKE ALL ON TABLE public.restaurant_completeness FROM anon, authenticated;
GRANT MAINTAIN, SELECT ON TABLE public.restaurant_completeness TO authenticated;

-- -------------------- Triggers

CREATE TRIGGER menu_item_alternatives_set_updated_at BEFORE UPDATE ON public.menu_item_alternatives FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER menu_items_set_updated_at BEFORE UPDATE ON public.menu_items FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER restaurant_amenities_set_updated_at BEFORE UPDATE ON public.restaurant_amenities FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER restaurant_arrival_times_set_updated_at BEFORE UPDATE ON public.restaurant_arrival_times FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE CONSTRAINT TRIGGER restaurant_arrival_times_within_hours AFTER INSERT OR UPDATE ON public.restaurant_arrival_times DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION private.arrival_times_stay_within_hours();
CREATE TRIGGER restaurant_billing_set_updated_at BEFORE UPDATE ON public.restaurant_billing FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER restaurant_cgv_set_updated_at BEFORE UPDATE ON public.restaurant_cgv FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER restaurant_contacts_set_updated_at BEFORE UPDATE ON public.restaurant_contacts FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER restaurant_faqs_set_updated_at BEFORE UPDATE ON public.restaurant_faqs FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE CONSTRAINT TRIGGER restaurant_hours_keep_arrival_times AFTER INSERT OR UPDATE ON public.restaurant_hours DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION private.arrival_times_stay_within_hours();
CREATE TRIGGER restaurant_hours_set_updated_at BEFORE UPDATE ON public.restaurant_hours FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER restaurant_menus_set_updated_at BEFORE UPDATE ON public.restaurant_menus FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER restaurant_options_set_updated_at BEFORE UPDATE ON public.restaurant_options FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER restaurant_photos_set_updated_at BEFORE UPDATE ON public.restaurant_photos FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER restaurant_photos_within_bucket BEFORE INSERT OR UPDATE OF file_size, mime_type ON public.restaurant_photos FOR EACH ROW EXECUTE FUNCTION private.check_photo_within_bucket();

-- -------------------- Row Level Security policies

CREATE POLICY "Members add their menus' alternatives" ON public.menu_item_alternatives AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK ((menu_id IN ( SELECT m.id
   FROM public.restaurant_menus m
  WHERE (m.restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))));
CREATE POLICY "Members change their menus' alternatives" ON public.menu_item_alternatives AS PERMISSIVE FOR UPDATE TO authenticated
  USING ((menu_id IN ( SELECT m.id
   FROM public.restaurant_menus m
  WHERE (m.restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))))
  WITH CHECK ((menu_id IN ( SELECT m.id
   FROM public.restaurant_menus m
  WHERE (m.restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))));
CREATE POLICY "Members read their menus' alternatives" ON public.menu_item_alternatives AS PERMISSIVE FOR SELECT TO authenticated
  USING ((menu_id IN ( SELECT m.id
   FROM public.restaurant_menus m
  WHERE (m.restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))));
CREATE POLICY "Members remove their menus' alternatives" ON public.menu_item_alternatives AS PERMISSIVE FOR DELETE TO authenticated
  USING ((menu_id IN ( SELECT m.id
   FROM public.restaurant_menus m
  WHERE (m.restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))));
CREATE POLICY "Members add their menus' items" ON public.menu_items AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK ((menu_id IN ( SELECT m.id
   FROM public.restaurant_menus m
  WHERE (m.restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))));
CREATE POLICY "Members change their menus' items" ON public.menu_items AS PERMISSIVE FOR UPDATE TO authenticated
  USING ((menu_id IN ( SELECT m.id
   FROM public.restaurant_menus m
  WHERE (m.restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))))
  WITH CHECK ((menu_id IN ( SELECT m.id
   FROM public.restaurant_menus m
  WHERE (m.restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))));
CREATE POLICY "Members read their menus' items" ON public.menu_items AS PERMISSIVE FOR SELECT TO authenticated
  USING ((menu_id IN ( SELECT m.id
   FROM public.restaurant_menus m
  WHERE (m.restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))));
CREATE POLICY "Members remove their menus' items" ON public.menu_items AS PERMISSIVE FOR DELETE TO authenticated
  USING ((menu_id IN ( SELECT m.id
   FROM public.restaurant_menus m
  WHERE (m.restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))));
CREATE POLICY "Members add their restaurants' amenities" ON public.restaurant_amenities AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members change their restaurants' amenities" ON public.restaurant_amenities AS PERMISSIVE FOR UPDATE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their restaurants' amenities" ON public.restaurant_amenities AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members remove their restaurants' amenities" ON public.restaurant_amenities AS PERMISSIVE FOR DELETE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members add their restaurants' arrival times" ON public.restaurant_arrival_times AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members change their restaurants' arrival times" ON public.restaurant_arrival_times AS PERMISSIVE FOR UPDATE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their restaurants' arrival times" ON public.restaurant_arrival_times AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members remove their restaurants' arrival times" ON public.restaurant_arrival_times AS PERMISSIVE FOR DELETE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Owners add their restaurants' billing" ON public.restaurant_billing AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('owner'::text) AS restaurants_with_role)));
CREATE POLICY "Owners change their restaurants' billing" ON public.restaurant_billing AS PERMISSIVE FOR UPDATE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('owner'::text) AS restaurants_with_role)))
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('owner'::text) AS restaurants_with_role)));
CREATE POLICY "Owners read their restaurants' billing" ON public.restaurant_billing AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('owner'::text) AS restaurants_with_role)));
CREATE POLICY "Owners remove their restaurants' billing" ON public.restaurant_billing AS PERMISSIVE FOR DELETE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('owner'::text) AS restaurants_with_role)));
CREATE POLICY "Members add their restaurants' CGV" ON public.restaurant_cgv AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members change their restaurants' CGV" ON public.restaurant_cgv AS PERMISSIVE FOR UPDATE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their restaurants' CGV" ON public.restaurant_cgv AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members remove their restaurants' CGV" ON public.restaurant_cgv AS PERMISSIVE FOR DELETE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members add their restaurants' closures" ON public.restaurant_closures AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members change their restaurants' closures" ON public.restaurant_closures AS PERMISSIVE FOR UPDATE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their restaurants' closures" ON public.restaurant_closures AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members remove their restaurants' closures" ON public.restaurant_closures AS PERMISSIVE FOR DELETE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members add their restaurants' contacts" ON public.restaurant_contacts AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members change their restaurants' contacts" ON public.restaurant_contacts AS PERMISSIVE FOR UPDATE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their restaurants' contacts" ON public.restaurant_contacts AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members remove their restaurants' contacts" ON public.restaurant_contacts AS PERMISSIVE FOR DELETE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members change their restaurants' FAQ" ON public.restaurant_faqs AS PERMISSIVE FOR UPDATE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their restaurants' FAQ" ON public.restaurant_faqs AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members remove their restaurants' FAQ" ON public.restaurant_faqs AS PERMISSIVE FOR DELETE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members add their restaurants' hours" ON public.restaurant_hours AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members change their restaurants' hours" ON public.restaurant_hours AS PERMISSIVE FOR UPDATE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their restaurants' hours" ON public.restaurant_hours AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members remove their restaurants' hours" ON public.restaurant_hours AS PERMISSIVE FOR DELETE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members add their restaurants' menus" ON public.restaurant_menus AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members change their restaurants' menus" ON public.restaurant_menus AS PERMISSIVE FOR UPDATE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their restaurants' menus" ON public.restaurant_menus AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members remove their restaurants' menus" ON public.restaurant_menus AS PERMISSIVE FOR DELETE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members add their restaurants' options" ON public.restaurant_options AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members change their restaurants' options" ON public.restaurant_options AS PERMISSIVE FOR UPDATE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their restaurants' options" ON public.restaurant_options AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members remove their restaurants' options" ON public.restaurant_options AS PERMISSIVE FOR DELETE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members add their restaurants' photos" ON public.restaurant_photos AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members change their restaurants' photos" ON public.restaurant_photos AS PERMISSIVE FOR UPDATE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))
  WITH CHECK ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their restaurants' photos" ON public.restaurant_photos AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members remove their restaurants' photos" ON public.restaurant_photos AS PERMISSIVE FOR DELETE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members delete their restaurant photos" ON storage.objects AS PERMISSIVE FOR DELETE TO authenticated
  USING (((bucket_id = 'restaurant-photos'::text) AND ((storage.foldername(name))[1] IN ( SELECT (r.r)::text AS r
   FROM private.restaurants_with_role('manager'::text) r(r)))));
CREATE POLICY "Members read their restaurant photos" ON storage.objects AS PERMISSIVE FOR SELECT TO authenticated
  USING (((bucket_id = 'restaurant-photos'::text) AND ((storage.foldername(name))[1] IN ( SELECT (r.r)::text AS r
   FROM private.restaurants_with_role('manager'::text) r(r)))));
CREATE POLICY "Members update their restaurant photos" ON storage.objects AS PERMISSIVE FOR UPDATE TO authenticated
  USING (((bucket_id = 'restaurant-photos'::text) AND ((storage.foldername(name))[1] IN ( SELECT (r.r)::text AS r
   FROM private.restaurants_with_role('manager'::text) r(r)))))
  WITH CHECK (((bucket_id = 'restaurant-photos'::text) AND ((storage.foldername(name))[1] IN ( SELECT (r.r)::text AS r
   FROM private.restaurants_with_role('manager'::text) r(r)))));
CREATE POLICY "Members upload their restaurant photos" ON storage.objects AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK (((bucket_id = 'restaurant-photos'::text) AND ((storage.foldername(name))[1] IN ( SELECT (r.r)::text AS r
   FROM private.restaurants_with_role('manager'::text) r(r)))));

INSERT INTO storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
VALUES ('restaurant-photos', 'restaurant-photos', true, 10485760, ARRAY['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
