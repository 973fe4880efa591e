-- The customer's own page (/ma-reservation/{token}): its token, what the customer reads there, and the
-- changes they make (headcount, allergies, each guest's choices, cancellation, a word to the restaurant),
-- each one SQL function with the profile's rules, a history row (actor customer) and the owner's message.
-- A function's body is checked when it runs, not here: it may name what a later file declares (pg_dump's own output does the same).
set check_function_bodies = off;

-- -------------------- Tables

CREATE TABLE private.customer_page_secret (
    id boolean DEFAULT true NOT NULL,
    secret bytea DEFAULT extensions.gen_random_bytes(32) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT customer_page_secret_pkey PRIMARY KEY (id),
    CONSTRAINT customer_page_secret_one_row CHECK (id)
);
COMMENT ON TABLE private.customer_page_secret IS 'The key of the customers'' page tokens (HMAC-SHA-256 of the reservation''s id): one row, drawn when the first reservation is written. The tokens themselves are stored nowhere (only their sha256, restaurant_reservations.customer_page_hash); replacing the key voids every link already sent.';

CREATE TABLE public.reservation_guests (
    reservation_id uuid NOT NULL,
    restaurant_id uuid NOT NULL,
    guest_number integer NOT NULL,
    name text,
    choices jsonb DEFAULT '{}'::jsonb NOT NULL,
    allergies text,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT reservation_guests_pkey PRIMARY KEY (reservation_id, guest_number),
    CONSTRAINT reservation_guests_guest_number_check CHECK ((guest_number >= 1 AND guest_number <= 500)),
    CONSTRAINT reservation_guests_choices_check CHECK ((jsonb_typeof(choices) = 'object'::text)),
    CONSTRAINT reservation_guests_name_max_100 CHECK ((char_length(name) <= 100)),
    CONSTRAINT reservation_guests_allergies_max_500 CHECK ((char_length(allergies) <= 500)),
    CONSTRAINT reservation_guests_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.restaurant_reservations(id) ON DELETE CASCADE,
    CONSTRAINT reservation_guests_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
COMMENT ON TABLE public.reservation_guests IS 'Each guest of a reservation whose organiser filled in their choices on their own page (public.customer_update_reservation): a name or none (Convive 3), the dish chosen for each course of a choice menu ({course: dish name}, as the menu named it then), their allergies. Written by that function only; read by the restaurant''s members and the kitchen and dining-room sheets.';
ALTER TABLE public.reservation_guests ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.reservation_guests FROM anon, authenticated;
GRANT SELECT ON TABLE public.reservation_guests TO authenticated;
GRANT SELECT ON TABLE public.reservation_guests TO service_role;

-- -------------------- Functions

CREATE OR REPLACE FUNCTION private.customer_page_key()
 RETURNS bytea
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_secret bytea;
begin
  select s.secret into v_secret from private.customer_page_secret s;
  if v_secret is null then
    insert into private.customer_page_secret default values on conflict (id) do nothing;
    select s.secret into v_secret from private.customer_page_secret s;
  end if;
  return v_secret;
end
$function$;
REVOKE ALL ON FUNCTION private.customer_page_key() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.customer_page_token(p_reservation_id uuid)
 RETURNS text
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- 192 bits of HMAC-SHA-256: the same link in every message to the customer, yet stored nowhere.
  select encode(substring(extensions.hmac(convert_to(p_reservation_id::text, 'UTF8'), private.customer_page_key(), 'sha256') from 1 for 24), 'hex')
$function$;
COMMENT ON FUNCTION private.customer_page_token(uuid) IS 'The token of a reservation''s customer page: 48 hexadecimal characters (192 bits) of HMAC-SHA-256 of its id under private.customer_page_secret, so that every message carries the same link while only its sha256 is stored.';
REVOKE ALL ON FUNCTION private.customer_page_token(uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.customer_page_hash(p_token text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select encode(extensions.digest(convert_to(p_token, 'UTF8'), 'sha256'), 'hex')
$function$;
REVOKE ALL ON FUNCTION private.customer_page_hash(text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.set_customer_page_hash()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  new.customer_page_hash := private.customer_page_hash(private.customer_page_token(new.id));
  return new;
end
$function$;
REVOKE ALL ON FUNCTION private.set_customer_page_hash() FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.customer_page_tokens(p_reservation_ids uuid[])
 RETURNS TABLE(reservation_id uuid, token text)
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select r.id, private.customer_page_token(r.id) from public.restaurant_reservations r where r.id = any (p_reservation_ids)
$function$;
COMMENT ON FUNCTION public.customer_page_tokens(uuid[]) IS 'The tokens of these reservations'' customer pages, for the messages to their customers (the reservation service''s sender and request answers; the assistant''s last reply). Service role only.';
REVOKE ALL ON FUNCTION public.customer_page_tokens(uuid[]) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.customer_page_tokens(uuid[]) TO service_role;

CREATE OR REPLACE FUNCTION private.policy_deadline(p_date date, p_time time without time zone, p_policy text)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- Counted back from the meal (Europe/Paris; without an arrival time, noon). 'same_day': until the meal itself.
  select (p_date + coalesce(p_time, time '12:00')) at time zone 'Europe/Paris'
         - case p_policy when '24h' then interval '24 hours' when '48h' then interval '48 hours'
                         when '72h' then interval '72 hours' when '7_days' then interval '7 days' else interval '0' end
$function$;
COMMENT ON FUNCTION private.policy_deadline(date,time without time zone,text) IS 'Until when a CGV policy (same_day, 24h, 48h, 72h, 7_days) lets a reservation of that day and time be changed or cancelled for free.';
REVOKE ALL ON FUNCTION private.policy_deadline(date,time without time zone,text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.customer_deadlines(p_row public.restaurant_reservations, OUT modify_until timestamp with time zone, OUT cancel_free_until timestamp with time zone, OUT meal_at timestamp with time zone)
 RETURNS record
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- A restaurant without CGV: 48 hours for both (the default the CGV form proposes).
  select private.policy_deadline(p_row.reservation_date, p_row.arrival_time, coalesce(c.modification_policy, '48h')),
         private.policy_deadline(p_row.reservation_date, p_row.arrival_time, coalesce(c.cancellation_policy, '48h')),
         private.policy_deadline(p_row.reservation_date, p_row.arrival_time, 'same_day')
    from (select 1) one
    left join public.restaurant_cgv c on c.restaurant_id = p_row.restaurant_id
$function$;
REVOKE ALL ON FUNCTION private.customer_deadlines(public.restaurant_reservations) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.customer_may_act(p_status smallint)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select p_status in (private.reservation_status('pending'), private.reservation_status('accepted'), private.reservation_status('paid'))
$function$;
COMMENT ON FUNCTION private.customer_may_act(smallint) IS 'Whether the customer may still change or cancel a reservation of that status from their page (pending, accepted or paid; the deadlines aside).';
REVOKE ALL ON FUNCTION private.customer_may_act(smallint) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.customer_reservation_row(p_token text, p_lock boolean)
 RETURNS public.restaurant_reservations
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_row public.restaurant_reservations;
begin
  -- Anything but a token's shape finds nothing (and costs no lookup).
  if p_token is null or p_token !~ '^[0-9a-f]{48}$' then
    perform private.refuse_request(404, 'not_found', null, 'Ce lien ne correspond à aucune réservation. Vérifiez qu''il est complet, ou contactez le restaurant.');
  end if;
  if p_lock then
    select r.* into v_row from public.restaurant_reservations r where r.customer_page_hash = private.customer_page_hash(p_token) for update;
  else
    select r.* into v_row from public.restaurant_reservations r where r.customer_page_hash = private.customer_page_hash(p_token);
  end if;
  if v_row.id is null then
    perform private.refuse_request(404, 'not_found', null, 'Ce lien ne correspond à aucune réservation. Vérifiez qu''il est complet, ou contactez le restaurant.');
  end if;
  return v_row;
end
$function$;
REVOKE ALL ON FUNCTION private.customer_reservation_row(text,boolean) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.menu_courses(p_menu_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- Each course of a menu with its dishes, the menu's own first, then its alternatives (with their diets).
  select coalesce(jsonb_agg(jsonb_build_object('course', d.type, 'dishes', d.dishes) order by array_position(array['aperitif', 'starter', 'main', 'side', 'dessert', 'drink'], d.type)), '[]'::jsonb)
    from (
      select x.type, jsonb_agg(jsonb_build_object('name', x.name, 'gluten_free', x.gluten_free, 'vegan', x.vegan, 'notes', x.notes) order by x.rank, x.display_order) as dishes
        from (
          select i.type, i.name, false as gluten_free, false as vegan, null::text as notes, 0 as rank, i.display_order
            from public.menu_items i where i.menu_id = p_menu_id
          union all
          select a.type, a.name, a.is_gluten_free, a.is_vegan, a.other_dietary_notes, 1, a.display_order
            from public.menu_item_alternatives a where a.menu_id = p_menu_id
        ) x
       group by x.type
    ) d
$function$;
COMMENT ON FUNCTION private.menu_courses(uuid) IS 'A menu''s courses for its guests'' choices: [{course (aperitif, starter, main, side, dessert, drink), dishes: [{name, gluten_free, vegan, notes}]}], the menu''s dishes then its alternatives.';
REVOKE ALL ON FUNCTION private.menu_courses(uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.customer_view(p_row public.restaurant_reservations)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'numero', p_row.code_reservation,
    'status', (select s.name from private.reservation_statuses s where s.code = p_row.status),
    'respond_by', p_row.respond_by,
    'created_at', p_row.created_at,
    'reservation_date', p_row.reservation_date,
    'arrival_time', to_char(p_row.arrival_time, 'HH24:MI'),
    'service', p_row.service,
    'adults', p_row.number_people,
    'children', p_row.children,
    'menu', (select jsonb_build_object('name', m.name, 'type', m.menu_type, 'price_per_person', m.price_per_person,
                                       'courses', case when m.menu_type = 'choice' then private.menu_courses(m.id) else '[]'::jsonb end)
               from public.restaurant_menus m where m.id = p_row.selected_menu_id),
    'menu_name', p_row.selected_menu,
    'options', p_row.options,
    'total_amount', p_row.total_amount,
    'deposit', private.deposit_for(p_row.total_amount, p_row.restaurant_id),
    'amount_received_cents', p_row.amount_received_cents,
    'dietary_notes', p_row.dietary_notes,
    'customer', jsonb_build_object('name', p_row.customer_name, 'email', p_row.email, 'phone', p_row.phone_number),
    'decision', (select jsonb_build_object('reason', e.reason, 'reason_detail', e.reason_detail, 'proposal', e.proposal, 'actor', e.actor,
                                           'deposit', e.deposit, 'amount_cents', e.amount_cents, 'at', e.created_at)
                   from public.reservation_events e
                  where e.reservation_id = p_row.id and e.kind = 'status' and e.to_status = p_row.status
                  order by e.created_at desc limit 1),
    'restaurant', (select jsonb_build_object('name', t.name, 'address', t.address, 'phone', c.phone, 'email', c.email_address,
                                             'retention_months', t.customer_retention_months)
                     from public.restaurants t left join public.restaurant_contacts c on c.restaurant_id = t.id where t.id = p_row.restaurant_id),
    -- Online (the restaurant's Stripe account): what may be paid now ({purpose advance|imprint|no_show_fee, amount_cents}), the card saved.
    'online_payment', private.online_payment_due(p_row),
    'advance_nature', private.advance_payment_nature(p_row.restaurant_id),
    'imprint', (select jsonb_build_object('brand', i.card_brand, 'last4', i.card_last4, 'saved_at', i.saved_at)
                  from public.reservation_card_imprints i where i.reservation_id = p_row.id),
    'payment', (select jsonb_build_object('iban', b.iban, 'bic', b.bic, 'payment_link', b.payment_link, 'holder', b.company_name,
                                          'remainder', case when b.payment_online then 'online' else 'onsite' end)
                  from public.restaurant_billing b where b.restaurant_id = p_row.restaurant_id),
    'cgv', (select jsonb_build_object('cancellation_policy', c.cancellation_policy, 'modification_policy', c.modification_policy, 'link', c.link)
              from public.restaurant_cgv c where c.restaurant_id = p_row.restaurant_id),
    'meal_at', d.meal_at,
    'modify_until', d.modify_until,
    'cancel_free_until', d.cancel_free_until,
    'can_change', private.customer_may_act(p_row.status)
                  and now() < d.modify_until,
    'can_cancel', private.customer_may_act(p_row.status)
                  and now() < d.meal_at,
    'past', now() >= d.meal_at,
    'cancellation_cost_cents', private.customer_cancellation_cost_cents(p_row),
    'guests', (select coalesce(jsonb_agg(jsonb_build_object('guest_number', g.guest_number, 'name', g.name, 'choices', g.choices, 'allergies', g.allergies)
                                         order by g.guest_number), '[]'::jsonb)
                 from public.reservation_guests g where g.reservation_id = p_row.id),
    'messages', (select coalesce(jsonb_agg(jsonb_build_object('role', m.role, 'text', m.content, 'author_name', m.author_name, 'created_at', m.created_at)
                                           order by m.created_at, m.id), '[]'::jsonb)
                   from public.messages m where m.conversation_id = p_row.conversation_id and m.role in ('user', 'staff')))
    from private.customer_deadlines(p_row) d
$function$;
COMMENT ON FUNCTION private.customer_view(public.restaurant_reservations) IS 'Long: one object whose keys are the page''s sections, read in one go. What the customer''s page shows of their reservation: its details, the decision (reason, proposal), the restaurant''s address and contact, how to pay the acompte, the CGV, the deadlines (modify_until, cancel_free_until, meal_at) and what they allow now, what cancelling now costs, each guest''s choices, and the conversation with the restaurant. Never its internal notes or codes.';
REVOKE ALL ON FUNCTION private.customer_view(public.restaurant_reservations) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.customer_cancellation_cost_cents(p_row public.restaurant_reservations)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- After the free cancellation deadline the acompte received stays with the restaurant (the CGV); before it, nothing.
  select case when p_row.status = private.reservation_status('paid') and now() >= d.cancel_free_until
              then coalesce(p_row.amount_received_cents, 0) else 0 end
    from private.customer_deadlines(p_row) d
$function$;
COMMENT ON FUNCTION private.customer_cancellation_cost_cents(public.restaurant_reservations) IS 'What cancelling now costs the customer under the CGV, in cents: the acompte (or arrhes) received, once the cancellation deadline has passed; 0 before it, or when nothing was paid.';
REVOKE ALL ON FUNCTION private.customer_cancellation_cost_cents(public.restaurant_reservations) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.customer_reservation(p_token text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.customer_view(private.customer_reservation_row(p_token, false))
$function$;
COMMENT ON FUNCTION public.customer_reservation(text) IS 'The customer''s page (/ma-reservation/{token}): what private.customer_view shows of the reservation of that token, for anyone who holds the link; 404 not_found with a French message for any other token.';
REVOKE ALL ON FUNCTION public.customer_reservation(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.customer_reservation(text) TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION private.customer_guest(p_row public.restaurant_reservations, p_guest jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_number integer;
  v_courses jsonb := '[]'::jsonb;
  v_course text;
  v_dish jsonb;
  v_name text;
  v_allergies text;
begin
  if jsonb_typeof(p_guest) <> 'object' then
    perform private.refuse_request(422, 'invalid_request', 'guest', 'Le convive doit être un objet JSON.');
  end if;
  v_number := case when jsonb_typeof(p_guest -> 'guest_number') = 'number' then (p_guest ->> 'guest_number')::numeric::integer end;
  if v_number is null or v_number < 1 or v_number > p_row.number_people + p_row.children then
    perform private.refuse_request(422, 'guest_number', 'guest', 'Le convive doit être numéroté de 1 à ' || (p_row.number_people + p_row.children) || '.');
  end if;
  v_name := private.request_text(p_guest -> 'name', 'name', 'Le nom du convive', 100, false);
  v_allergies := private.request_text(p_guest -> 'allergies', 'allergies', 'Les allergies du convive', 500, false);
  if p_guest ? 'choices' and jsonb_typeof(p_guest -> 'choices') <> 'object' then
    perform private.refuse_request(422, 'invalid_request', 'choices', 'Les choix du convive doivent être un objet JSON.');
  end if;
  select coalesce(m.courses, '[]'::jsonb) into v_courses
    from (select private.menu_courses(x.id) as courses from public.restaurant_menus x where x.id = p_row.selected_menu_id and x.menu_type = 'choice') m;
  for v_course, v_dish in select * from jsonb_each(coalesce(p_guest -> 'choices', '{}'::jsonb)) loop
    if not exists (select 1 from jsonb_array_elements(coalesce(v_courses, '[]'::jsonb)) c, jsonb_array_elements(c -> 'dishes') d
                    where c ->> 'course' = v_course and d ->> 'name' = v_dish #>> '{}') then
      perform private.refuse_request(422, 'unknown_dish', 'choices', 'Ce plat n''est pas au menu : ' || left(coalesce(v_dish #>> '{}', ''), 200) || '.');
    end if;
  end loop;
  return jsonb_build_object('guest_number', v_number, 'name', v_name, 'allergies', v_allergies,
                            'choices', coalesce(p_guest -> 'choices', '{}'::jsonb));
end
$function$;
COMMENT ON FUNCTION private.customer_guest(public.restaurant_reservations,jsonb) IS 'A guest as the organiser sent it, checked: numbered within the party, a name and allergies within their lengths, and for each course a dish of the reservation''s choice menu; or the first refusal.';
REVOKE ALL ON FUNCTION private.customer_guest(public.restaurant_reservations,jsonb) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.require_customer_change(p_row public.restaurant_reservations)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_until timestamptz := (select d.modify_until from private.customer_deadlines(p_row) d);
begin
  if not private.customer_may_act(p_row.status) then
    perform private.refuse_request(409, 'not_modifiable', null, 'Cette réservation ne peut plus être modifiée.');
  end if;
  if now() >= v_until then
    perform private.refuse_request(409, 'deadline_passed', null,
      'Le délai de modification est passé (' || to_char(v_until at time zone 'Europe/Paris', 'DD/MM/YYYY à HH24:MI')
      || ') : appelez le restaurant pour tout changement.');
  end if;
end
$function$;
REVOKE ALL ON FUNCTION private.require_customer_change(public.restaurant_reservations) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.customer_update_reservation(p_token text, p_changes jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_old public.restaurant_reservations := private.customer_reservation_row(p_token, true);
  v_new public.restaurant_reservations;
  v_unknown text;
  v_guest jsonb;
  v_diff text;
  v_event uuid;
  v_last public.reservation_events;
begin
  perform private.require_customer_change(v_old);
  perform private.refuse_unless_object(p_changes);
  select k into v_unknown from jsonb_object_keys(p_changes) k where k not in ('adults', 'children', 'dietary_notes', 'guest') limit 1;
  if v_unknown is not null then
    perform private.refuse_request(422, 'unknown_field', v_unknown, 'Champ inconnu : ' || v_unknown || '.');
  end if;

  -- The headcount and allergies, by the rules of a new request (group limits, service, menu, total).
  v_new := v_old;
  if p_changes - 'guest' <> '{}'::jsonb then
    v_new := private.apply_reservation_changes(v_old, p_changes - 'guest');
    v_diff := private.reservation_change_summary(v_old, v_new);
    -- Guests beyond the new headcount are gone.
    delete from public.reservation_guests g where g.reservation_id = v_old.id and g.guest_number > v_new.number_people + v_new.children;
    if v_diff is not null then
      insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, kind, summary)
      values (v_new.id, v_new.restaurant_id, v_new.status, v_new.status, 'customer', 'modified', left('Modifiée par le client : ' || v_diff, 4000))
      returning id into v_event;
      perform private.queue_owner_message(v_new.id, 'owner_customer_changed', v_event, jsonb_build_object('changes', v_diff));
    end if;
  end if;

  -- One guest, saved as the organiser fills them in: one history row per sitting (a row of the last half hour is brought up to date).
  if p_changes ? 'guest' then
    v_guest := private.customer_guest(v_new, p_changes -> 'guest');
    insert into public.reservation_guests (reservation_id, restaurant_id, guest_number, name, choices, allergies, updated_at)
    values (v_new.id, v_new.restaurant_id, (v_guest ->> 'guest_number')::integer, v_guest ->> 'name', v_guest -> 'choices', v_guest ->> 'allergies', now())
    on conflict (reservation_id, guest_number) do update
      set name = excluded.name, choices = excluded.choices, allergies = excluded.allergies, updated_at = excluded.updated_at;
    v_diff := 'Choix des convives envoyés par le client : ' || (select count(*) from public.reservation_guests g where g.reservation_id = v_new.id)
              || ' convive(s) sur ' || (v_new.number_people + v_new.children) || '.';
    select e.* into v_last from public.reservation_events e
     where e.reservation_id = v_new.id and e.actor = 'customer' and e.kind = 'modified' and e.summary like 'Choix des convives%'
       and e.created_at > clock_timestamp() - interval '30 minutes'
     order by e.created_at desc limit 1;
    if v_last.id is not null then
      update public.reservation_events e set summary = v_diff where e.id = v_last.id;
    else
      insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, kind, summary)
      values (v_new.id, v_new.restaurant_id, v_new.status, v_new.status, 'customer', 'modified', v_diff);
    end if;
  end if;
  return private.customer_view((select r from public.restaurant_reservations r where r.id = v_old.id));
end
$function$;
COMMENT ON FUNCTION public.customer_update_reservation(text,jsonb) IS 'The customer''s change from their page, until the CGV''s modification deadline, of a pending, accepted or paid reservation. p_changes: adults, children, dietary_notes (checked as a new request is: group limits, service, menu, total; one history row « Modifiée par le client : … » and the restaurant e-mailed what changed), and/or guest: one guest {guest_number, name, choices {course: dish}, allergies} of a choice menu (saved at once; one history row per half hour of filling in). Answers the page as changed.';
REVOKE ALL ON FUNCTION public.customer_update_reservation(text,jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.customer_update_reservation(text,jsonb) TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.customer_cancel_reservation(p_token text, p_reason text, p_accepted_cost_cents integer DEFAULT NULL::integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row public.restaurant_reservations := private.customer_reservation_row(p_token, true);
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
  v_cost_cents integer := private.customer_cancellation_cost_cents(v_row);
  v_arrhes boolean := private.advance_payment_nature(v_row.restaurant_id) = 'arrhes';
  v_deposit text;
  v_amount_cents integer;
  v_event uuid;
begin
  if not private.customer_may_act(v_row.status) then
    perform private.refuse_request(409, 'not_cancellable', null, 'Cette réservation ne peut plus être annulée.');
  end if;
  if now() >= (select d.meal_at from private.customer_deadlines(v_row) d) then
    perform private.refuse_request(409, 'not_cancellable', null, 'L''heure du repas est passée : contactez le restaurant.');
  end if;
  if v_reason is null then
    perform private.refuse_request(422, 'reason_required', 'reason', 'Indiquez la raison de l''annulation.');
  end if;
  if char_length(v_reason) > 500 then
    perform private.refuse_request(422, 'too_long', 'reason', 'La raison de l''annulation dépasse 500 caractères.');
  end if;
  -- The cost is stated before the customer confirms: a confirmation of another amount (the deadline passed meanwhile) is asked again.
  if v_cost_cents > 0 and p_accepted_cost_cents is distinct from v_cost_cents then
    perform private.refuse_request(409, 'cost_not_accepted', 'accepted_cost_cents',
      'Annuler maintenant coûte ' || case when v_arrhes then 'les arrhes versées (' else 'l''acompte versé (' end
      || replace(to_char(v_cost_cents / 100.0, 'FM999999990.00'), '.', ',') || ' €), '
      || case when v_arrhes then 'conservées' else 'conservé' end
      || ' par le restaurant selon ses conditions d''annulation.');
  end if;
  if v_row.status = private.reservation_status('paid') and coalesce(v_row.amount_received_cents, 0) > 0 then
    v_deposit := case when v_cost_cents > 0 then 'kept' else 'refunded' end;
    v_amount_cents := v_row.amount_received_cents;
  end if;

  update public.restaurant_reservations r set status = private.reservation_status('cancelled') where r.id = v_row.id;
  insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, reason, reason_detail, actor, deposit, amount_cents)
  values (v_row.id, v_row.restaurant_id, v_row.status, private.reservation_status('cancelled'), 'demande_du_client', v_reason, 'customer', v_deposit, v_amount_cents)
  returning id into v_event;
  -- What was paid online is refunded online: planned here, made by the reservation service's next round (take_pending_refunds).
  if v_deposit = 'refunded' and v_amount_cents > 0 then
    perform private.plan_online_refunds(v_row.id, v_event, v_amount_cents);
  end if;
  perform private.queue_owner_message(v_row.id, 'owner_customer_cancelled', v_event, jsonb_build_object('reason', v_reason));
  perform private.queue_customer_message(v_row.id, 'customer_reservation_cancelled', v_event);
  return private.customer_view((select r from public.restaurant_reservations r where r.id = v_row.id));
end
$function$;
COMMENT ON FUNCTION public.customer_cancel_reservation(text,text,integer) IS 'The customer cancels from their page a pending, accepted or paid reservation before the meal, with a reason. Free until the CGV''s cancellation deadline; after it, a paid acompte is kept, and p_accepted_cost_cents must repeat that cost in cents (the page states it first). Status cancelled (history: actor customer, reason demande_du_client, the acompte refunded or kept), the restaurant and the customer e-mailed. Answers the page as changed.';
REVOKE ALL ON FUNCTION public.customer_cancel_reservation(text,text,integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.customer_cancel_reservation(text,text,integer) TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.customer_write_to_restaurant(p_token text, p_text text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row public.restaurant_reservations := private.customer_reservation_row(p_token, true);
  v_text text := nullif(btrim(coalesce(p_text, '')), '');
  v_conversation uuid := v_row.conversation_id;
  v_message uuid;
begin
  if v_text is null then
    perform private.refuse_request(422, 'required', 'text', 'Écrivez votre message avant de l''envoyer.');
  end if;
  if char_length(v_text) > 4000 then
    perform private.refuse_request(422, 'too_long', 'text', 'Le message dépasse 4 000 caractères.');
  end if;
  if (select count(*) from public.messages m where m.conversation_id = v_conversation and m.role = 'user'
        and m.created_at > clock_timestamp() - interval '1 hour') >= 20 then
    perform private.refuse_request(429, 'rate_limited', null, 'Trop de messages en une heure : le restaurant vous répondra, réessayez plus tard.');
  end if;
  -- One conversation per request, whatever the channel: a request sent from the form gets one here.
  if v_conversation is null then
    insert into public.conversations (restaurant_id, channel, customer_contact)
    values (v_row.restaurant_id, 'page', left(coalesce(v_row.email_address, v_row.phone_number), 320))
    returning id into v_conversation;
    update public.restaurant_reservations r set conversation_id = v_conversation where r.id = v_row.id;
  end if;
  insert into public.messages (conversation_id, role, content, created_at) values (v_conversation, 'user', v_text, clock_timestamp())
  returning id into v_message;
  -- The restaurant answers it ('À vous'): the assistant does not answer what was written to the restaurant.
  update public.conversations c set answered_by = 'staff', handed_over_at = now(), handover_reason = 'Message depuis la page de réservation'
   where c.id = v_conversation;
  insert into public.notification_outbox (restaurant_id, reservation_id, conversation_id, message_id, kind, channel, recipient, payload)
  select v_row.restaurant_id, v_row.id, v_conversation, v_message, 'owner_customer_message', 'email', c.email_address,
         jsonb_build_object('numero_reservation', v_row.numero_reservation, 'text', v_text)
    from public.restaurant_contacts c where c.restaurant_id = v_row.restaurant_id and c.email_address is not null;
  perform pg_notify('notification_outbox', v_row.id::text);
  return private.customer_view((select r from public.restaurant_reservations r where r.id = v_row.id));
end
$function$;
COMMENT ON FUNCTION public.customer_write_to_restaurant(text,text) IS 'A word from the customer to the restaurant from their page: joins the request''s conversation (one is opened, channel page, for a request without one), hands it to the restaurant (À vous), and e-mails the restaurant; at most 20 an hour. The members answer with reply_to_conversation, which the customer reads on the page and receives by e-mail. Answers the page as changed.';
REVOKE ALL ON FUNCTION public.customer_write_to_restaurant(text,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.customer_write_to_restaurant(text,text) TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION private.queue_owner_message(p_reservation_id uuid, p_kind text, p_event_id uuid, p_payload jsonb)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  insert into public.notification_outbox (restaurant_id, reservation_id, kind, channel, recipient, payload, event_id)
  select r.restaurant_id, r.id, p_kind, 'email', c.email_address,
         jsonb_build_object('numero_reservation', r.numero_reservation, 'numero_restaurateur', r.numero_reservation_restaurateur,
                            'reservation_date', r.reservation_date, 'arrival_time', to_char(r.arrival_time, 'HH24:MI')) || coalesce(p_payload, '{}'::jsonb),
         p_event_id
    from public.restaurant_reservations r
    join public.restaurant_contacts c on c.restaurant_id = r.restaurant_id
   where r.id = p_reservation_id and c.email_address is not null;
  if found then
    perform pg_notify('notification_outbox', p_reservation_id::text);
  end if;
  return found;
end
$function$;
COMMENT ON FUNCTION private.queue_owner_message(uuid,text,uuid,jsonb) IS 'Queues the restaurant''s e-mail (its contact address) of what the customer did on their page, with the change as its event and what the e-mail says in the payload. Answers whether one was queued.';
REVOKE ALL ON FUNCTION private.queue_owner_message(uuid,text,uuid,jsonb) FROM PUBLIC;

-- -------------------- Triggers

CREATE TRIGGER restaurant_reservations_customer_page_hash BEFORE INSERT ON public.restaurant_reservations FOR EACH ROW EXECUTE FUNCTION private.set_customer_page_hash();

-- -------------------- Row Level Security policies

CREATE POLICY "Members read their reservations' guests" ON public.reservation_guests AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
