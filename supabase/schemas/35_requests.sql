-- A group request's one way in: submit_group_request (and the owner's submit_owner_reservation), the
-- checks of its fields, the public request page and its form.
-- A function's body is checked when it runs, not here: it may name what a later file declares (pg_dump's own output does the same).
set check_function_bodies = off;

-- -------------------- Tables

CREATE TABLE public.restaurant_request_pages (
    restaurant_id uuid NOT NULL,
    enabled boolean DEFAULT false NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    CONSTRAINT restaurant_request_pages_pkey PRIMARY KEY (restaurant_id),
    CONSTRAINT restaurant_request_pages_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE,
    CONSTRAINT restaurant_request_pages_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL
);
COMMENT ON TABLE public.restaurant_request_pages IS 'Whether the restaurant''s public request page (/demande/{restaurantId}) takes requests: switched by its owner (set_request_page); no row means off.';
ALTER TABLE public.restaurant_request_pages ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_request_pages FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.restaurant_request_pages TO authenticated, service_role;

-- -------------------- Functions

CREATE OR REPLACE FUNCTION private.closed_date_message(p_restaurant_id uuid, p_date date, p_service text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select 'Le restaurant est fermé le ' || private.french_date(p_date)
         || case when count(*) = 2 then ', au déjeuner comme au dîner'
                 else ' au ' || private.service_label(min(c.service)) end
         || coalesce(' (' || string_agg(distinct c.reason, ', ') || ')', '') || '.'
    from public.restaurant_closures c
   where c.restaurant_id = p_restaurant_id and c.closure_date = p_date
  having bool_or(p_service is null or c.service = p_service)
$function$;
REVOKE ALL ON FUNCTION private.closed_date_message(uuid,date,text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.refuse_request(p_status integer, p_code text, p_field text, p_message text)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  -- PostgREST answers this status with {code, message, details} as given: the reservation service
  -- passes code, field (details) and the French message on to the chatbot.
  raise sqlstate 'PGRST' using
    message = json_build_object('code', p_code, 'message', p_message, 'details', p_field, 'hint', null)::text,
    detail = json_build_object('status', p_status, 'headers', json_build_object())::text;
end
$function$;
REVOKE ALL ON FUNCTION private.refuse_request(integer,text,text,text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.replayed_request(p_restaurant_id uuid, p_scope text, p_external_id text, p_fingerprint text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_existing public.restaurant_reservations;
begin
  perform pg_advisory_xact_lock(hashtextextended('submit_group_request:' || p_restaurant_id || ':' || p_scope || ':' || p_external_id, 0));
  select r.* into v_existing from public.restaurant_reservations r
   where r.restaurant_id = p_restaurant_id and r.request_scope = p_scope and r.external_id = p_external_id;
  if v_existing.id is null then
    return null;
  end if;
  if v_existing.request_fingerprint is distinct from p_fingerprint then
    perform private.refuse_request(409, 'external_id_conflict', 'external_id',
      'Une autre demande porte déjà cet identifiant (external_id) : envoyez-la avec un nouvel identifiant.');
  end if;
  return private.submitted_request(v_existing, true);
end
$function$;
REVOKE ALL ON FUNCTION private.replayed_request(uuid,text,text,text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.request_amounts(p_restaurant_id uuid, p_service text, p_menu jsonb, p_options jsonb, p_adults integer, p_children integer, OUT menu_id uuid, OUT menu_name text, OUT options jsonb, OUT total numeric)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_menu public.restaurant_menus;
  v_item jsonb;
  v_option public.restaurant_options;
  v_quantity integer;
begin
  total := 0;
  options := '[]'::jsonb;
  if p_menu is not null and jsonb_typeof(p_menu) <> 'null' then
    select m.* into v_menu from public.restaurant_menus m
     where m.restaurant_id = p_restaurant_id and m.id = private.try_uuid(p_menu #>> '{}') and not m.is_children_menu;
    if v_menu.id is null then
      perform private.refuse_request(422, 'unknown_menu', 'menu_id', 'Ce menu n''est pas proposé par le restaurant.');
    end if;
    if not (case p_service when 'lunch' then v_menu.available_lunch else v_menu.available_dinner end) then
      perform private.refuse_request(422, 'menu_not_served', 'menu_id',
        'Le ' || v_menu.name || ' n''est pas proposé au ' || private.service_label(p_service) || '.');
    end if;
    menu_id := v_menu.id;
    menu_name := v_menu.name;
    total := v_menu.price_per_person * p_adults
      + coalesce((select k.price_per_person from public.restaurant_menus k where k.restaurant_id = p_restaurant_id and k.is_children_menu), 0) * p_children;
  end if;

  if p_options is not null and jsonb_typeof(p_options) <> 'null' then
    if jsonb_typeof(p_options) <> 'array' or jsonb_array_length(p_options) > 50 then
      perform private.refuse_request(422, 'invalid_field', 'options', 'Les options doivent être une liste (50 au plus).');
    end if;
    for v_item in select value from jsonb_array_elements(p_options) loop
      select o.* into v_option from public.restaurant_options o
       where o.restaurant_id = p_restaurant_id and o.id = private.try_uuid(case when jsonb_typeof(v_item) = 'object' then v_item ->> 'option_id' end);
      if v_option.id is null then
        perform private.refuse_request(422, 'unknown_option', 'options', 'Cette option n''est pas proposée par le restaurant.');
      end if;
      v_quantity := private.request_count(v_item -> 'quantity', 'options', 'La quantité d''une option', 1,
                                          case v_option.price_type when 'per_person' then p_adults else 1 end);
      options := options || jsonb_build_array(jsonb_build_object(
        'option_id', v_option.id, 'title', v_option.title, 'price', v_option.price, 'price_type', v_option.price_type, 'quantity', v_quantity));
      total := total + v_option.price * v_quantity;
    end loop;
  end if;
end
$function$;
REVOKE ALL ON FUNCTION private.request_amounts(uuid,text,jsonb,jsonb,integer,integer) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.request_conversation(p_restaurant_id uuid, p_conversation jsonb)
 RETURNS uuid
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_id uuid;
  v_message jsonb;
  v_sent_at timestamptz;
begin
  if p_conversation is null or jsonb_typeof(p_conversation) = 'null' then
    return null;
  end if;
  if jsonb_typeof(p_conversation) <> 'object' or (p_conversation ? 'id') = (p_conversation ? 'messages') then
    perform private.refuse_request(422, 'invalid_conversation', 'conversation',
      'La conversation doit être {id} d''une conversation du restaurant, ou {messages} à enregistrer.');
  end if;
  if p_conversation ? 'id' then
    select c.id into v_id from public.conversations c
     where c.id = private.try_uuid(p_conversation ->> 'id') and c.restaurant_id = p_restaurant_id;
    if v_id is null then
      perform private.refuse_request(422, 'unknown_conversation', 'conversation.id', 'Cette conversation n''existe pas pour ce restaurant.');
    end if;
    return v_id;
  end if;
  if jsonb_typeof(p_conversation -> 'messages') <> 'array' or jsonb_array_length(p_conversation -> 'messages') not between 1 and 500 then
    perform private.refuse_request(422, 'invalid_conversation', 'conversation.messages', 'La conversation doit compter de 1 à 500 messages.');
  end if;
  insert into public.conversations (restaurant_id) values (p_restaurant_id) returning id into v_id;
  for v_message in select value from jsonb_array_elements(p_conversation -> 'messages') loop
    if jsonb_typeof(v_message) <> 'object' or coalesce(v_message ->> 'role', '') not in ('user', 'assistant') then
      perform private.refuse_request(422, 'invalid_conversation', 'conversation.messages',
        'Chaque message a un rôle (user ou assistant), un contenu et une date d''envoi.');
    end if;
    begin
      v_sent_at := coalesce((v_message ->> 'sent_at')::timestamptz, now());
    exception when others then
      perform private.refuse_request(422, 'invalid_conversation', 'conversation.messages', 'La date d''envoi d''un message n''est pas valide (ISO 8601).');
    end;
    insert into public.messages (conversation_id, role, content, created_at)
    values (v_id, v_message ->> 'role',
            private.request_text(v_message -> 'content', 'conversation.messages', 'Le contenu d''un message', 100000, true), v_sent_at);
  end loop;
  return v_id;
end
$function$;
REVOKE ALL ON FUNCTION private.request_conversation(uuid,jsonb) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.request_count(p_value jsonb, p_field text, p_label text, p_min integer, p_default integer)
 RETURNS integer
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_value is null or jsonb_typeof(p_value) = 'null' then
    if p_default is null then
      perform private.refuse_request(422, 'required', p_field, p_label || ' est obligatoire.');
    end if;
    return p_default;
  end if;
  -- Nested: a text must not reach the numeric cast.
  if jsonb_typeof(p_value) = 'number' then
    if (p_value #>> '{}')::numeric = trunc((p_value #>> '{}')::numeric) and (p_value #>> '{}')::numeric between p_min and 1000 then
      return (p_value #>> '{}')::integer;
    end if;
  end if;
  perform private.refuse_request(422, 'invalid_number', p_field,
    p_label || ' doit être un nombre entier entre ' || p_min || ' et 1000.');
  return null;
end
$function$;
REVOKE ALL ON FUNCTION private.request_count(jsonb,text,text,integer,integer) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.request_customer(p_customer jsonb, OUT name text, OUT email text, OUT phone text)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_customer is null or jsonb_typeof(p_customer) <> 'object' then
    perform private.refuse_request(422, 'required', 'customer', 'Les coordonnées du client sont obligatoires.');
  end if;
  name := private.request_text(p_customer -> 'name', 'customer.name', 'Le nom du client', 200, true);
  email := private.request_text(p_customer -> 'email', 'customer.email', 'L''adresse e-mail du client', 320, false);
  phone := private.request_text(p_customer -> 'phone', 'customer.phone', 'Le téléphone du client', 100, false);
  if email is not null and private.plain_email_address(email) is null then
    perform private.refuse_request(422, 'invalid_email', 'customer.email',
      'L''adresse e-mail du client n''est pas valide (une seule adresse, par exemple nom@exemple.fr).');
  end if;
  if phone is not null and length(private.phone_digits(phone)) not between 6 and 15 then
    perform private.refuse_request(422, 'invalid_phone', 'customer.phone', 'Le numéro de téléphone du client n''est pas valide.');
  end if;
  if email is null and phone is null then
    perform private.refuse_request(422, 'contact_required', 'customer',
      'Indiquez une adresse e-mail ou un numéro de téléphone pour que le restaurant puisse répondre.');
  end if;
  email := private.plain_email_address(email);
end
$function$;
REVOKE ALL ON FUNCTION private.request_customer(jsonb) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.request_form_days(p_restaurant_id uuid, p_days_open text[])
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object(
           'day', d.day,
           'is_open', h.id is not null and d.day = any (p_days_open),
           'services', case when h.id is null or not d.day = any (p_days_open) then '[]'::jsonb else (
             select coalesce(jsonb_agg(jsonb_build_object(
                      'service', s.service,
                      'from', to_char(s.from_time, 'HH24:MI'),
                      'to', to_char(s.to_time, 'HH24:MI'),
                      'arrival_times', (
                        select coalesce(jsonb_agg(to_char(t.arrival_time, 'HH24:MI') order by t.arrival_time), '[]'::jsonb)
                          from public.restaurant_arrival_times t
                         where t.restaurant_id = p_restaurant_id and t.day = d.day and t.service = s.service),
                      'group_size', jsonb_build_object('min', s.group_min, 'max', s.group_max)
                    ) order by s.position), '[]'::jsonb)
               from (values
                 (1, 'lunch', h.lunch_is_open, h.lunch_from_time, h.lunch_to_time, h.lunch_group_min, h.lunch_group_max),
                 (2, 'dinner', h.dinner_is_open, h.dinner_from_time, h.dinner_to_time, h.dinner_group_min, h.dinner_group_max)
               ) s(position, service, is_open, from_time, to_time, group_min, group_max)
              where s.is_open)
           end
         ) order by d.position), '[]'::jsonb)
    from unnest(array['monday','tuesday','wednesday','thursday','friday','saturday','sunday']) with ordinality d(day, position)
    left join public.restaurant_hours h on h.restaurant_id = p_restaurant_id and h.day = d.day
$function$;
REVOKE ALL ON FUNCTION private.request_form_days(uuid,text[]) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.request_form_menus(p_restaurant_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', m.id,
           'name', m.name,
           'price_per_person', m.price_per_person,
           'menu_type', m.menu_type,
           'content', m.content,
           'available_lunch', m.available_lunch,
           'available_dinner', m.available_dinner,
           'is_children_menu', m.is_children_menu,
           'items', (
             select coalesce(jsonb_agg(jsonb_build_object('name', i.name, 'type', i.type) order by i.display_order, i.created_at), '[]'::jsonb)
               from public.menu_items i where i.menu_id = m.id),
           'alternatives', (
             select coalesce(jsonb_agg(jsonb_build_object(
                      'name', x.name, 'type', x.type, 'is_gluten_free', x.is_gluten_free, 'is_vegan', x.is_vegan,
                      'other_dietary_notes', x.other_dietary_notes) order by x.display_order, x.created_at), '[]'::jsonb)
               from public.menu_item_alternatives x where x.menu_id = m.id)
         ) order by m.is_children_menu, m.display_order, m.created_at), '[]'::jsonb)
    from public.restaurant_menus m where m.restaurant_id = p_restaurant_id
$function$;
REVOKE ALL ON FUNCTION private.request_form_menus(uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.request_page_open(p_restaurant_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.restaurants r
      join public.restaurant_request_pages p on p.restaurant_id = r.id and p.enabled
      join public.restaurant_completeness k on k.restaurant_id = r.id
     where r.id = p_restaurant_id and r.onboarding_finished_at is not null and k.missing_count = 0)
$function$;
REVOKE ALL ON FUNCTION private.request_page_open(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.request_page_open(uuid) TO service_role;

CREATE OR REPLACE FUNCTION private.request_scope(p_restaurant_id uuid, p_source text, p_key_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if p_key_id is null then
    return p_source;
  end if;
  if not exists (select 1 from public.restaurant_assistant_keys k
                  where k.id = p_key_id and k.restaurant_id = p_restaurant_id and k.revoked_at is null) then
    raise exception 'assistant key % is not a live key of restaurant %', p_key_id, p_restaurant_id using errcode = '42501';
  end if;
  return p_key_id::text;
end
$function$;
REVOKE ALL ON FUNCTION private.request_scope(uuid,text,uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.request_slot(p_restaurant_id uuid, p_date text, p_time text, OUT service text, OUT group_min integer, OUT group_max integer)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_today date := (now() at time zone 'Europe/Paris')::date;
  v_date date;
  v_time time;
  v_day text;
  v_hours public.restaurant_hours;
  v_open boolean;
  v_times text;
  v_closed text;
begin
  begin
    v_date := case when p_date ~ '^\d{4}-\d{2}-\d{2}$' then p_date::date end;
  exception when others then
    v_date := null;
  end;
  if v_date is null then
    perform private.refuse_request(422, 'invalid_date', 'date', 'La date doit être une date réelle au format AAAA-MM-JJ.');
  end if;
  if p_time is null or p_time !~ '^([01]\d|2[0-3]):[0-5]\d$' then
    perform private.refuse_request(422, 'invalid_arrival_time', 'arrival_time', 'L''heure d''arrivée doit être au format HH:MM.');
  end if;
  v_time := p_time::time;
  if v_date < v_today or (v_date = v_today and v_time <= (now() at time zone 'Europe/Paris')::time) then
    perform private.refuse_request(422, 'date_in_past', 'date', 'Cette date est déjà passée : choisissez une date à venir.');
  end if;
  if v_date > v_today + interval '1 year' then
    perform private.refuse_request(422, 'date_too_far', 'date', 'Le restaurant ne prend pas de demandes à plus d''un an.');
  end if;

  v_day := lower(to_char(v_date, 'FMDay'));
  select h.* into v_hours from public.restaurant_hours h where h.restaurant_id = p_restaurant_id and h.day = v_day;
  if v_hours.id is null or not exists (select 1 from public.restaurants r where r.id = p_restaurant_id and v_day = any (r.days_open)) then
    perform private.refuse_request(422, 'closed_day', 'date', 'Le restaurant est fermé le ' || lower(private.day_label(v_day)) || '.');
  end if;

  select t.service into service from public.restaurant_arrival_times t
   where t.restaurant_id = p_restaurant_id and t.day = v_day and t.arrival_time = v_time;
  v_open := case service when 'lunch' then v_hours.lunch_is_open when 'dinner' then v_hours.dinner_is_open end;
  if service is not null and not v_open then
    perform private.refuse_request(422, 'closed_service', 'arrival_time',
      'Le restaurant ne sert pas le ' || private.service_label(service) || ' le ' || lower(private.day_label(v_day)) || '.');
  end if;
  -- An exceptional closure of that service (or, for a time that is none, of every open service that day).
  v_closed := private.closed_date_message(p_restaurant_id, v_date, service);
  if v_closed is not null and (service is not null or not exists (
       select 1 from (values ('lunch', v_hours.lunch_is_open), ('dinner', v_hours.dinner_is_open)) s(service, is_open)
        where s.is_open and not exists (select 1 from public.restaurant_closures c
                                         where c.restaurant_id = p_restaurant_id and c.closure_date = v_date and c.service = s.service))) then
    perform private.refuse_request(422, 'closed_date', 'date', v_closed);
  end if;
  if service is null then
    select string_agg(to_char(t.arrival_time, 'HH24:MI'), ', ' order by t.arrival_time) into v_times
      from public.restaurant_arrival_times t
     where t.restaurant_id = p_restaurant_id and t.day = v_day
       and case t.service when 'lunch' then v_hours.lunch_is_open else v_hours.dinner_is_open end
       and not exists (select 1 from public.restaurant_closures c
                        where c.restaurant_id = p_restaurant_id and c.closure_date = v_date and c.service = t.service);
    perform private.refuse_request(422, 'arrival_time_unavailable', 'arrival_time',
      'Le restaurant n''accueille pas de groupe à ' || to_char(v_time, 'HH24:MI') || ' le ' || lower(private.day_label(v_day))
      || coalesce('. Heures d''arrivée possibles : ' || v_times || '.', '.'));
  end if;
  group_min := case service when 'lunch' then v_hours.lunch_group_min else v_hours.dinner_group_min end;
  group_max := case service when 'lunch' then v_hours.lunch_group_max else v_hours.dinner_group_max end;
end
$function$;
REVOKE ALL ON FUNCTION private.request_slot(uuid,text,text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.request_text(p_value jsonb, p_field text, p_label text, p_max integer, p_required boolean)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_text text;
begin
  if p_value is not null and jsonb_typeof(p_value) not in ('string', 'null') then
    perform private.refuse_request(422, 'invalid_field', p_field, p_label || ' doit être un texte.');
  end if;
  v_text := nullif(btrim(p_value #>> '{}'), '');
  if v_text is null and p_required then
    perform private.refuse_request(422, 'required', p_field, p_label || ' est obligatoire.');
  end if;
  if char_length(v_text) > p_max then
    perform private.refuse_request(422, 'too_long', p_field,
      p_label || ' dépasse ' || regexp_replace(p_max::text, '(\d)(?=(\d{3})+$)', '\1 ', 'g') || ' caractères.');
  end if;
  return v_text;
end
$function$;
REVOKE ALL ON FUNCTION private.request_text(jsonb,text,text,integer,boolean) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.submitted_request(p_row public.restaurant_reservations, p_replayed boolean)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'replayed', p_replayed,
    'reservation', jsonb_build_object(
      'id', p_row.id,
      'numero', p_row.numero_reservation,
      'numero_restaurateur', p_row.numero_reservation_restaurateur,
      'code_reservation', p_row.code_reservation,
      'status', (select s.name from private.reservation_statuses s where s.code = p_row.status),
      'respond_by', p_row.respond_by,
      'total_amount', p_row.total_amount),
    'acceptance', (select to_jsonb(c) from public.reservation_acceptance_check(p_row.restaurant_id, p_row.numero_reservation_restaurateur) c),
    'deposit', private.deposit_for(p_row.total_amount, p_row.restaurant_id))
$function$;
REVOKE ALL ON FUNCTION private.submitted_request(public.restaurant_reservations,boolean) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.request_form(p_restaurant_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'version', 1,
    'restaurant', jsonb_build_object(
      'id', r.id,
      'name', r.name,
      'address', r.address,
      'description', r.description,
      'photo', (select jsonb_build_object('url', ph.url, 'alt_text', ph.alt_text)
                  from public.restaurant_photos ph where ph.restaurant_id = r.id
                 order by ph.display_order, ph.created_at limit 1)
    ),
    'response_time', jsonb_build_object('code', t.code, 'label', t.label),
    -- The privacy notice's controller: the contact the customer e-mails already give, and how long data is kept.
    'privacy', jsonb_build_object('email', c.email_address, 'phone', c.phone, 'retention_months', r.customer_retention_months),
    'today', to_char((now() at time zone 'Europe/Paris')::date, 'YYYY-MM-DD'),
    'last_date', to_char((now() at time zone 'Europe/Paris')::date + interval '1 year', 'YYYY-MM-DD'),
    'days', private.request_form_days(r.id, r.days_open),
    'menus', private.request_form_menus(r.id),
    'options', (
      select coalesce(jsonb_agg(jsonb_build_object('id', o.id, 'title', o.title, 'price', o.price, 'price_type', o.price_type)
                                order by o.display_order, o.created_at), '[]'::jsonb)
        from public.restaurant_options o where o.restaurant_id = r.id
    ),
    'deposit', jsonb_build_object(
      'required', coalesce(b.requires_deposit, false),
      'method', case when b.requires_deposit then b.deposit_method end,
      'type', case when b.requires_deposit then b.deposit_type end,
      'amount', case when b.requires_deposit then b.deposit_amount end,
      -- Money taken in advance: arrhes or acompte, as the CGV say (arrhes when they say nothing).
      'nature', case when b.requires_deposit and b.deposit_method is distinct from 'empreinte'
                     then coalesce((select g.advance_payment_nature from public.restaurant_cgv g where g.restaurant_id = r.id), 'arrhes') end
    ),
    'cgv', (
      select jsonb_build_object('cancellation_policy', g.cancellation_policy, 'modification_policy', g.modification_policy, 'link', g.link)
        from public.restaurant_cgv g where g.restaurant_id = r.id
    ),
    -- The services closed exceptionally from today to the last date: their date and service, never the
    -- owner's reason (a private event is nobody else's business).
    'closures', (
      select coalesce(jsonb_agg(jsonb_build_object('date', to_char(x.closure_date, 'YYYY-MM-DD'), 'service', x.service)
                                order by x.closure_date, x.service), '[]'::jsonb)
        from public.restaurant_closures x
       where x.restaurant_id = r.id
         and x.closure_date between (now() at time zone 'Europe/Paris')::date and ((now() at time zone 'Europe/Paris')::date + interval '1 year')::date
    )
  )
    from public.restaurants r
    left join public.restaurant_contacts c on c.restaurant_id = r.id
    left join private.response_times t on t.code = coalesce(c.response_time, private.default_response_time())
    left join public.restaurant_billing b on b.restaurant_id = r.id
   where r.id = p_restaurant_id and private.request_page_open(r.id)
$function$;
COMMENT ON FUNCTION public.request_form(uuid) IS 'What a customer may see of a restaurant on its public request page (README, "The public request page"): null unless the owner switched the page on and the profile is ready for requests. Open to anonymous callers; nothing private (no billing, bank, capacity; of contacts only what the privacy notice names, the e-mail and phone the customer e-mails already give; of its exceptional closures, the dates and services only).';
REVOKE ALL ON FUNCTION public.request_form(uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.request_page_open(p_restaurant_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select private.request_page_open(p_restaurant_id) $function$;
COMMENT ON FUNCTION public.request_page_open(uuid) IS 'Whether the restaurant''s public request page takes requests (switched on and profile ready): the reservation service checks it before a request without a key.';
REVOKE ALL ON FUNCTION public.request_page_open(uuid) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.set_request_page(p_restaurant_id uuid, p_enabled boolean)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.assert_role(p_restaurant_id, 'owner');
  if p_enabled is null then
    raise exception 'Indiquez si la page de demande est ouverte ou fermée.' using errcode = '22023';
  end if;
  insert into public.restaurant_request_pages as p (restaurant_id, enabled, updated_at, updated_by)
  values (p_restaurant_id, p_enabled, now(), auth.uid())
  on conflict (restaurant_id) do update set enabled = excluded.enabled, updated_at = excluded.updated_at, updated_by = excluded.updated_by;
  return p_enabled;
end
$function$;
COMMENT ON FUNCTION public.set_request_page(uuid,boolean) IS 'Switches the restaurant''s public request page on or off (its owners only; managers see its state).';
REVOKE ALL ON FUNCTION public.set_request_page(uuid,boolean) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION private.refuse_unless_object(p_request jsonb)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_request is null or jsonb_typeof(p_request) <> 'object' then
    perform private.refuse_request(422, 'invalid_request', null, 'La demande doit être un objet JSON.');
  end if;
end
$function$;
REVOKE ALL ON FUNCTION private.refuse_unless_object(jsonb) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.request_booking(p_restaurant_id uuid, p_request jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_slot record;
  v_adults integer;
  v_children integer;
  v_amounts record;
begin
  select * into v_slot from private.request_slot(p_restaurant_id, p_request ->> 'date', p_request ->> 'arrival_time');
  v_adults := private.request_count(p_request -> 'adults', 'adults', 'Le nombre d''adultes', 1, null);
  v_children := private.request_count(p_request -> 'children', 'children', 'Le nombre d''enfants', 0, 0);
  if v_adults + v_children not between v_slot.group_min and v_slot.group_max then
    perform private.refuse_request(422, 'group_size', 'adults',
      'Le restaurant accueille les groupes de ' || v_slot.group_min || ' à ' || v_slot.group_max || ' personnes au '
      || private.service_label(v_slot.service) || ' ce jour-là.');
  end if;
  select * into v_amounts from private.request_amounts(p_restaurant_id, v_slot.service, p_request -> 'menu_id', p_request -> 'options', v_adults, v_children);
  return jsonb_build_object(
    'date', p_request ->> 'date', 'arrival_time', p_request ->> 'arrival_time', 'service', v_slot.service,
    'adults', v_adults, 'children', v_children,
    'menu_id', v_amounts.menu_id, 'menu_name', v_amounts.menu_name, 'options', v_amounts.options, 'total_amount', v_amounts.total);
end
$function$;
COMMENT ON FUNCTION private.request_booking(uuid,jsonb) IS 'What a request (or a reservation as changed) books, by the restaurant''s stored rules: its date and arrival time in an open service, its group within the service''s size, its menu and options, its total; or the first refusal (private.refuse_request). The one place of these rules: a new request (private.checked_booking) and a change (private.apply_reservation_changes). Writes nothing.';
REVOKE ALL ON FUNCTION private.request_booking(uuid,jsonb) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.checked_booking(p_restaurant_id uuid, p_request jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform private.refuse_unless_object(p_request);
  if not exists (select 1 from public.restaurants r join public.restaurant_completeness k on k.restaurant_id = r.id
                  where r.id = p_restaurant_id and r.onboarding_finished_at is not null and k.missing_count = 0) then
    perform private.refuse_request(422, 'restaurant_not_ready', null,
      'Ce restaurant ne prend pas encore de demandes de réservation en ligne : merci de le contacter directement.');
  end if;
  return private.request_booking(p_restaurant_id, p_request);
end
$function$;
COMMENT ON FUNCTION private.checked_booking(uuid,jsonb) IS 'What a new request books (private.request_booking), once the restaurant takes requests (its profile complete): the first part of private.checked_request. Writes nothing.';
REVOKE ALL ON FUNCTION private.checked_booking(uuid,jsonb) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.checked_request(p_restaurant_id uuid, p_request jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_booking jsonb := private.checked_booking(p_restaurant_id, p_request);
  v_customer record;
begin
  select * into v_customer from private.request_customer(p_request -> 'customer');
  return v_booking || jsonb_build_object(
    'customer', jsonb_build_object('name', v_customer.name, 'email', v_customer.email, 'phone', v_customer.phone),
    'message', private.request_text(p_request -> 'message', 'message', 'Le message', 2000, false),
    'dietary_notes', private.request_text(p_request -> 'dietary_notes', 'dietary_notes', 'Le champ allergies et régimes', 1000, false));
end
$function$;
COMMENT ON FUNCTION private.checked_request(uuid,jsonb) IS 'A request against the restaurant''s stored profile (what it books: private.checked_booking; then the customer and the texts): the request as it would be stored, or the first refusal (private.refuse_request). Writes nothing.';
REVOKE ALL ON FUNCTION private.checked_request(uuid,jsonb) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.check_group_request(p_restaurant_id uuid, p_request jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking jsonb;
  v_request jsonb;
  v_refusal text;
  v_status text;
  v_answer jsonb := jsonb_build_object('refusal', null, 'request', null, 'deposit', null, 'acceptance', null);
begin
  begin
    -- What it books first: a refusal of the customer or the texts after it still answers what it books.
    v_booking := private.checked_booking(p_restaurant_id, p_request);
    v_request := private.checked_request(p_restaurant_id, p_request);
  exception when sqlstate 'PGRST' then
    -- private.refuse_request's refusal, as PostgREST would answer it.
    get stacked diagnostics v_refusal = message_text, v_status = pg_exception_detail;
    v_answer := v_answer || jsonb_build_object(
      'refusal', jsonb_build_object('status', (v_status::jsonb ->> 'status')::integer, 'code', v_refusal::jsonb ->> 'code',
                                    'field', v_refusal::jsonb ->> 'details', 'message', v_refusal::jsonb ->> 'message'));
  end;
  if v_booking is null then
    return v_answer;
  end if;
  return v_answer || jsonb_build_object(
    'request', coalesce(v_request, v_booking),
    'deposit', private.deposit_for((v_booking ->> 'total_amount')::numeric, p_restaurant_id),
    'acceptance', (select to_jsonb(a) from private.acceptance_for(p_restaurant_id, (v_booking ->> 'date')::date, v_booking ->> 'service',
                     (v_booking ->> 'arrival_time')::time, (v_booking ->> 'adults')::integer + (v_booking ->> 'children')::integer, false) a));
end
$function$;
COMMENT ON FUNCTION public.check_group_request(uuid,jsonb) IS 'What submit_group_request would answer a request, without writing anything (the check the submission itself runs, private.checked_request): refusal {status, code, field, message} (null when none); the request as it would be stored (its total, menu and options), its deposit and its acceptance check (the warnings the owner will see) — also beside a refusal of the customer or the texts, once what it books (date, time, group, menu, options) is right, so that a page filled in step by step shows its total while the customer''s details are still to come. The conversation and external_id are the submission''s alone.';
REVOKE ALL ON FUNCTION public.check_group_request(uuid,jsonb) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.submit_group_request(p_restaurant_id uuid, p_request jsonb, p_source text DEFAULT 'assistant'::text, p_key_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_external_id text;
  v_fingerprint text := md5(p_request::text);
  v_scope text := private.request_scope(p_restaurant_id, p_source, p_key_id);
  v_replayed jsonb;
  v_request jsonb;
  v_numbers record;
  v_row public.restaurant_reservations;
begin
  perform private.refuse_unless_object(p_request);
  v_external_id := private.request_text(p_request -> 'external_id', 'external_id', 'L''identifiant de la demande (external_id)', 200, true);
  v_replayed := private.replayed_request(p_restaurant_id, v_scope, v_external_id, v_fingerprint);
  if v_replayed is not null then
    return v_replayed;
  end if;

  -- The restaurant's rules, as check_group_request answers them before a request is sent (its refusals raised here).
  v_request := private.checked_request(p_restaurant_id, p_request);
  select * into v_numbers from private.new_reservation_numbers(p_restaurant_id);

  insert into public.restaurant_reservations (
    restaurant_id, conversation_id, numero_reservation_restaurateur, numero_reservation, code_reservation,
    customer_name, email, phone_number, selected_menu, selected_menu_id, total_amount, number_people, children,
    reservation_date, arrival_time, options, external_id, request_scope, request_fingerprint, customer_message, dietary_notes, source)
  values (
    p_restaurant_id, private.request_conversation(p_restaurant_id, p_request -> 'conversation'),
    v_numbers.numero_restaurateur, v_numbers.numero, v_numbers.code,
    v_request #>> '{customer,name}', v_request #>> '{customer,email}', v_request #>> '{customer,phone}',
    v_request ->> 'menu_name', (v_request ->> 'menu_id')::uuid, (v_request ->> 'total_amount')::numeric,
    (v_request ->> 'adults')::integer, (v_request ->> 'children')::integer,
    (v_request ->> 'date')::date, (v_request ->> 'arrival_time')::time, v_request -> 'options', v_external_id, v_scope, v_fingerprint,
    v_request ->> 'message', v_request ->> 'dietary_notes', p_source)
  returning * into v_row;

  perform private.queue_request_notifications(v_row.id);
  return private.submitted_request(v_row, false);
end
$function$;
COMMENT ON FUNCTION public.submit_group_request(uuid,jsonb,text,uuid) IS 'The one way a reservation is created (the chatbot''s contract, README "Requests in"; the owner''s Nouvelle réservation through submit_owner_reservation, source phone): checks the request against the stored profile (refusals: {code, message, details = field} with HTTP 422), stores it pending with its numbers, total, dietary notes and respond_by, and queues its notifications. p_key_id: the assistant key it came with (the reservation service''s chatbot path). The same external_id again from the same credential (that key, else the source) returns the same reservation (replayed: true); with another body it is refused (409); from another credential it is another request.';
REVOKE ALL ON FUNCTION public.submit_group_request(uuid,jsonb,text,uuid) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.submit_owner_reservation(p_restaurant_id uuid, p_request jsonb, p_notes text DEFAULT NULL::text, p_accept boolean DEFAULT false, p_preview boolean DEFAULT false)
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
REVOKE ALL ON FUNCTION public.submit_owner_reservation(uuid,jsonb,text,boolean,boolean) FROM PUBLIC, anon;

-- -------------------- Row Level Security policies

CREATE POLICY "Members read their restaurants' request page" ON public.restaurant_request_pages AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
