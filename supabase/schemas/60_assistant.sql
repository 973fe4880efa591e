-- The assistant: its keys (one per restaurant, hashed), what it may read of a restaurant (assistant_knowledge),
-- and the restaurant's WhatsApp Business number its customers write to (restaurant_whatsapp_numbers).
-- A function's body is checked when it runs, not here: it may name what a later file declares (pg_dump's own output does the same).
set check_function_bodies = off;

-- -------------------- Tables

CREATE TABLE public.restaurant_assistant_keys (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    prefix text NOT NULL,
    key_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    created_by uuid,
    last_used_at timestamp with time zone,
    revoked_at timestamp with time zone,
    CONSTRAINT restaurant_assistant_keys_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_assistant_keys_key_hash_key UNIQUE (key_hash),
    CONSTRAINT restaurant_assistant_keys_key_hash_check CHECK ((key_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT restaurant_assistant_keys_prefix_check CHECK ((char_length(prefix) <= 20)),
    CONSTRAINT restaurant_assistant_keys_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL,
    CONSTRAINT restaurant_assistant_keys_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
COMMENT ON TABLE public.restaurant_assistant_keys IS 'The keys the restaurant''s chatbot backend submits requests with: only the SHA-256 of a key is kept, the key itself is shown once.';
ALTER TABLE public.restaurant_assistant_keys ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_assistant_keys FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.restaurant_assistant_keys TO service_role;
GRANT SELECT (id, restaurant_id, prefix, created_at, last_used_at, revoked_at) ON TABLE public.restaurant_assistant_keys TO authenticated;
GRANT UPDATE (last_used_at) ON TABLE public.restaurant_assistant_keys TO service_role;

CREATE INDEX restaurant_assistant_keys_restaurant_idx ON public.restaurant_assistant_keys USING btree (restaurant_id, created_at);

CREATE TABLE public.restaurant_whatsapp_numbers (
    restaurant_id uuid NOT NULL,
    phone_number_id text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    CONSTRAINT restaurant_whatsapp_numbers_pkey PRIMARY KEY (restaurant_id),
    CONSTRAINT restaurant_whatsapp_numbers_phone_number_id_key UNIQUE (phone_number_id),
    CONSTRAINT restaurant_whatsapp_numbers_phone_number_id_check CHECK ((phone_number_id ~ '^[0-9]{1,32}$'::text)),
    CONSTRAINT restaurant_whatsapp_numbers_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE,
    CONSTRAINT restaurant_whatsapp_numbers_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL
);
COMMENT ON TABLE public.restaurant_whatsapp_numbers IS 'The restaurant''s WhatsApp Business number, as Meta''s phone_number_id (the id of the number its customers write to, not the number itself): the assistant''s webhook finds the restaurant of a message by it (public.whatsapp_restaurant), and its replies are sent from it. Set by an owner (public.set_whatsapp_number); no row: no WhatsApp.';
ALTER TABLE public.restaurant_whatsapp_numbers ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_whatsapp_numbers FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.restaurant_whatsapp_numbers TO authenticated, service_role;

-- -------------------- Functions

CREATE OR REPLACE FUNCTION private.assistant_closures(p_restaurant_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('date', x.closure_date, 'services', x.services, 'reason', x.reason) order by x.closure_date), '[]'::jsonb)
    from (
      select c.closure_date,
             jsonb_agg(c.service order by c.service = 'dinner') as services,
             string_agg(distinct c.reason, ', ') as reason
        from public.restaurant_closures c
       where c.restaurant_id = p_restaurant_id
         and c.closure_date between (now() at time zone 'Europe/Paris')::date and (now() at time zone 'Europe/Paris')::date + interval '1 year'
       group by c.closure_date
    ) x
$function$;
REVOKE ALL ON FUNCTION private.assistant_closures(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.assistant_closures(uuid) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.assistant_days(p_restaurant_id uuid, p_days_open text[])
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
                      'group_size', jsonb_build_object('min', s.group_min, 'max', s.group_max),
                      'capacity', s.capacity,
                      'a_la_carte', jsonb_build_object('allowed', s.allow_a_la_carte, 'max_group_size', s.max_a_la_carte_size),
                      'partial_privatization', jsonb_build_object(
                        'supplement', s.privatization_supplement,
                        'min_group_size', s.privatization_min_size,
                        'amount', s.privatization_amount)
                    ) order by s.position), '[]'::jsonb)
               from (values
                 (1, 'lunch', h.lunch_is_open, h.lunch_from_time, h.lunch_to_time, h.lunch_group_min, h.lunch_group_max,
                  h.lunch_capacity, h.lunch_allow_a_la_carte, h.lunch_max_a_la_carte_size,
                  h.lunch_partial_privatization_supplement, h.lunch_partial_privatization_min_size, h.lunch_partial_privatization_amount),
                 (2, 'dinner', h.dinner_is_open, h.dinner_from_time, h.dinner_to_time, h.dinner_group_min, h.dinner_group_max,
                  h.dinner_capacity, h.dinner_allow_a_la_carte, h.dinner_max_a_la_carte_size,
                  h.dinner_partial_privatization_supplement, h.dinner_partial_privatization_min_size, h.dinner_partial_privatization_amount)
               ) s(position, service, is_open, from_time, to_time, group_min, group_max, capacity, allow_a_la_carte,
                   max_a_la_carte_size, privatization_supplement, privatization_min_size, privatization_amount)
              where s.is_open)
           end
         ) order by d.position), '[]'::jsonb)
    from unnest(array['monday','tuesday','wednesday','thursday','friday','saturday','sunday']) with ordinality d(day, position)
    left join public.restaurant_hours h on h.restaurant_id = p_restaurant_id and h.day = d.day
$function$;
REVOKE ALL ON FUNCTION private.assistant_days(uuid,text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.assistant_days(uuid,text[]) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.assistant_menus(p_restaurant_id uuid)
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
REVOKE ALL ON FUNCTION private.assistant_menus(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.assistant_menus(uuid) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.default_first_message(p_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select 'Bonjour et bienvenue'
         || case when btrim(coalesce(p_name, '')) = '' then '' else ' chez ' || btrim(p_name) end
         || ' ! Je suis l''assistant du restaurant : je réponds à vos questions et j''organise la réservation de votre groupe. '
         || 'Pour quelle date et combien de personnes souhaitez-vous réserver ?'
$function$;
REVOKE ALL ON FUNCTION private.default_first_message(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.default_first_message(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION public.assistant_faq_match(p_restaurant_id uuid, p_question text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- The customer's words as French lexemes (stemmed, stop words out), less those that say nothing of
  -- the subject ('restaurant', 'possible', 'pouvoir'…): any of them may match, the entry sharing the
  -- most with its question wins, its answer breaking ties.
  with asked as (
    select array(select distinct w from unnest(tsvector_to_array(to_tsvector('french', left(coalesce(p_question, ''), 4000)))) w
                  where char_length(w) >= 3
                    and w <> all (array['restaur', 'possibl', 'peut', 'pouv', 'fair', 'voudr', 'souhait', 'bonjour', 'merci', 'savoir', 'quel', 'comment', 'combien', 'avez', 'est'])) as words
  ), scored as (
    select f.question, f.answer,
           (select count(*) from unnest(a.words) w where to_tsvector('french', f.question) @@ to_tsquery('simple', quote_literal(w)))::integer as shared,
           ts_rank(setweight(to_tsvector('french', f.question), 'A') || setweight(to_tsvector('french', f.answer), 'C'),
                   to_tsquery('simple', array_to_string(array(select quote_literal(w) from unnest(a.words) w), ' | '))) as rank
      from public.restaurant_faqs f, asked a
     where f.restaurant_id = p_restaurant_id and cardinality(a.words) > 0
  )
  select jsonb_build_object('question', s.question, 'answer', s.answer, 'shared', s.shared)
    from scored s
   where s.shared >= 1
   order by s.shared desc, s.rank desc
   limit 1
$function$;
COMMENT ON FUNCTION public.assistant_faq_match(uuid,text) IS 'The restaurant''s FAQ entry that answers a customer''s question, matched in French (PostgreSQL''s french text search: stemmed words, accents and stop words aside) on the words it shares with the entry''s question; null when none shares one. The assistant says the answer as the owner wrote it, or passes the question to the restaurant.';
REVOKE ALL ON FUNCTION public.assistant_faq_match(uuid,text) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.assistant_key_restaurant(p_key text)
 RETURNS TABLE(key_id uuid, restaurant_id uuid)
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  -- Last use to the minute: a busy key does not write its row on every request.
  update public.restaurant_assistant_keys k
     set last_used_at = now()
   where k.key_hash = encode(extensions.digest(p_key, 'sha256'), 'hex') and k.revoked_at is null
     and (k.last_used_at is null or k.last_used_at < now() - interval '1 minute');
  select k.id, k.restaurant_id from public.restaurant_assistant_keys k
   where k.key_hash = encode(extensions.digest(p_key, 'sha256'), 'hex') and k.revoked_at is null;
$function$;
COMMENT ON FUNCTION public.assistant_key_restaurant(text) IS 'The restaurant a live assistant key belongs to (no row: unknown or revoked), its last use recorded.';
REVOKE ALL ON FUNCTION public.assistant_key_restaurant(text) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.assistant_knowledge(p_restaurant_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  result jsonb;
begin
  select jsonb_build_object(
    'version', 2,
    'restaurant', jsonb_build_object(
      'id', r.id,
      'name', r.name,
      'address', r.address,
      'description', r.description,
      'url', r.url,
      'retention_months', r.customer_retention_months
    ),
    'first_message', coalesce(nullif(btrim(r.first_message), ''), private.default_first_message(r.name)),
    'first_message_is_default', nullif(btrim(r.first_message), '') is null,
    'contact', jsonb_build_object(
      'email', c.email,
      'phone', c.phone,
      'whatsapp', c.whatsapp,
      'response_time', t.code,
      'response_time_label', t.label
    ),
    'amenities', jsonb_build_object(
      'ground_floor', coalesce(a.ground_floor, false),
      'accessible_to_disabled', coalesce(a.accessible_to_disabled, false),
      'parking', coalesce(a.parking, false),
      'air_conditioning', coalesce(a.air_conditioning, false),
      'wifi', coalesce(a.wifi, false),
      'valet_parking', coalesce(a.valet_parking, false)
    ),
    'days', private.assistant_days(r.id, r.days_open),
    'closures', private.assistant_closures(r.id),
    'menus', private.assistant_menus(r.id),
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
    'payment', jsonb_build_object(
      'on_site', coalesce(b.payment_onsite, true),
      'online', coalesce(b.payment_online, false),
      'payment_link', b.payment_link
    ),
    'cgv', (
      select jsonb_build_object('cancellation_policy', g.cancellation_policy, 'modification_policy', g.modification_policy, 'link', g.link)
        from public.restaurant_cgv g where g.restaurant_id = r.id
    ),
    'faq', (
      select coalesce(jsonb_agg(jsonb_build_object('question', f.question, 'answer', f.answer) order by f.display_order, f.created_at), '[]'::jsonb)
        from public.restaurant_faqs f where f.restaurant_id = r.id
    ),
    'completeness', jsonb_build_object('complete', k.missing_count = 0, 'missing', k.missing)
  )
    into result
    from public.restaurants r
    left join public.restaurant_contacts c on c.restaurant_id = r.id
    left join private.response_times t on t.code = coalesce(c.response_time, private.default_response_time())
    left join public.restaurant_amenities a on a.restaurant_id = r.id
    left join public.restaurant_billing b on b.restaurant_id = r.id
    join public.restaurant_completeness k on k.restaurant_id = r.id
   where r.id = p_restaurant_id;

  if result is null then
    raise exception 'Restaurant non trouvé ou accès non autorisé' using errcode = '42501';
  end if;
  return result;
end
$function$;
REVOKE ALL ON FUNCTION public.assistant_knowledge(uuid) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.create_assistant_key(p_restaurant_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_key text := 'tbl_' || encode(extensions.gen_random_bytes(24), 'hex');
  v_row public.restaurant_assistant_keys;
begin
  perform private.assert_role(p_restaurant_id, 'owner');
  insert into public.restaurant_assistant_keys (restaurant_id, prefix, key_hash, created_by)
  values (p_restaurant_id, left(v_key, 12), encode(extensions.digest(v_key, 'sha256'), 'hex'), auth.uid())
  returning * into v_row;
  return jsonb_build_object('id', v_row.id, 'key', v_key, 'prefix', v_row.prefix, 'created_at', v_row.created_at);
end
$function$;
COMMENT ON FUNCTION public.create_assistant_key(uuid) IS 'A new key for the restaurant''s assistant (its owners only, not its managers): the key is in this answer and nowhere else.';
REVOKE ALL ON FUNCTION public.create_assistant_key(uuid) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.revoke_assistant_key(p_key_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_restaurant uuid;
begin
  select k.restaurant_id into v_restaurant from public.restaurant_assistant_keys k where k.id = p_key_id;
  if not found then
    perform private.raise_not_found('Clé non trouvée');
  end if;
  perform private.assert_role(v_restaurant, 'owner');
  update public.restaurant_assistant_keys set revoked_at = coalesce(revoked_at, now()) where id = p_key_id;
end
$function$;
REVOKE ALL ON FUNCTION public.revoke_assistant_key(uuid) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.set_whatsapp_number(p_restaurant_id uuid, p_phone_number_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_id text := nullif(btrim(p_phone_number_id), '');
  v_row public.restaurant_whatsapp_numbers;
begin
  perform private.assert_role(p_restaurant_id, 'owner');
  if v_id is null then
    delete from public.restaurant_whatsapp_numbers w where w.restaurant_id = p_restaurant_id;
    return jsonb_build_object('restaurant_id', p_restaurant_id, 'phone_number_id', null, 'updated_at', null);
  end if;
  if v_id !~ '^[0-9]{1,32}$' then
    perform private.refuse_value('restaurant_whatsapp_numbers.phone_number_id',
      'L''identifiant du numéro WhatsApp (phone_number_id, dans le gestionnaire WhatsApp de Meta) ne contient que des chiffres, 32 au plus.');
  end if;
  begin
    insert into public.restaurant_whatsapp_numbers as w (restaurant_id, phone_number_id, updated_at, updated_by)
    values (p_restaurant_id, v_id, now(), auth.uid())
    on conflict (restaurant_id) do update set phone_number_id = excluded.phone_number_id, updated_at = excluded.updated_at, updated_by = excluded.updated_by
    returning * into v_row;
  exception when unique_violation then
    raise exception 'Ce numéro WhatsApp est déjà relié à un autre restaurant.' using errcode = '23505', hint = 'restaurant_whatsapp_numbers.phone_number_id';
  end;
  return jsonb_build_object('restaurant_id', v_row.restaurant_id, 'phone_number_id', v_row.phone_number_id, 'updated_at', v_row.updated_at);
end
$function$;
COMMENT ON FUNCTION public.set_whatsapp_number(uuid,text) IS 'Sets the restaurant''s WhatsApp Business number (Meta''s phone_number_id: digits, at most 32; its owners only, managers read it), or clears it (null or blank): the assistant then answers the customers who write to that number. A number already another restaurant''s is refused (23505).';
REVOKE ALL ON FUNCTION public.set_whatsapp_number(uuid,text) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.whatsapp_restaurant(p_phone_number_id text)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select w.restaurant_id from public.restaurant_whatsapp_numbers w where w.phone_number_id = p_phone_number_id
$function$;
COMMENT ON FUNCTION public.whatsapp_restaurant(text) IS 'The restaurant whose WhatsApp Business number has this phone_number_id (Meta''s, from a webhook''s metadata); null when none. The assistant service''s only.';
REVOKE ALL ON FUNCTION public.whatsapp_restaurant(text) FROM PUBLIC, anon, authenticated;

-- -------------------- Row Level Security policies

CREATE POLICY "Owners read their restaurants' keys" ON public.restaurant_assistant_keys AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('owner'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their restaurants' WhatsApp number" ON public.restaurant_whatsapp_numbers AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
