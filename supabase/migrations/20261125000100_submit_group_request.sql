-- Requests in: the chatbot's one way to create a reservation (public.submit_group_request), checked
-- against the restaurant's stored profile, idempotent on the chatbot's external_id, and writing in the
-- same transaction the notifications to send (public.notification_outbox) that the reservation
-- service delivers. Nobody inserts into restaurant_reservations directly any more.

-- ---------------------------------------------------------------- the reservation's new fields

alter table public.restaurant_reservations
  add column external_id text,
  add column request_fingerprint text,
  add column customer_message text,
  add column source text not null default 'assistant',
  add constraint restaurant_reservations_external_id_max_200 check (char_length(external_id) <= 200),
  add constraint restaurant_reservations_request_fingerprint_md5 check (request_fingerprint ~ '^[0-9a-f]{32}$'),
  add constraint restaurant_reservations_customer_message_max_2000 check (char_length(customer_message) <= 2000),
  add constraint restaurant_reservations_source_check check (source in ('assistant', 'phone', 'web'));

comment on column public.restaurant_reservations.external_id is 'The id the sender (the chatbot) gave the request: the same id again returns the same reservation.';
comment on column public.restaurant_reservations.request_fingerprint is 'md5 of the request as submitted: the same external_id with another body is refused (409).';
comment on column public.restaurant_reservations.customer_message is 'The customer''s own words sent with the request (at most 2,000 characters).';
comment on column public.restaurant_reservations.source is 'Where the request came from: assistant (the chatbot), phone (taken by the owner), web (the public request page).';

create unique index restaurant_reservations_external_id_key
  on public.restaurant_reservations (restaurant_id, external_id) where external_id is not null;

grant select (customer_message, source) on public.restaurant_reservations to authenticated;

-- One way in: the function below. The superuser (the seed's history, a test writing an impossible row
-- on purpose) keeps its rights.
revoke insert on public.restaurant_reservations from anon, authenticated, service_role;

-- Each restaurant's numbers R-0001, R-0002… in order, one at a time.
create table private.reservation_numbers (
  restaurant_id uuid primary key references public.restaurants (id) on delete cascade,
  last_number integer not null
);

-- ---------------------------------------------------------------- the outbox

create table public.notification_outbox (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null references public.restaurants (id) on delete cascade,
  reservation_id uuid not null references public.restaurant_reservations (id) on delete cascade,
  kind text not null check (kind in ('owner_new_request', 'customer_request_received')),
  channel text not null check (channel in ('email', 'whatsapp')),
  recipient text not null check (char_length(recipient) <= 320),
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default clock_timestamp(),
  claimed_until timestamptz,
  last_error text check (char_length(last_error) <= 1000),
  sent_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  constraint notification_outbox_one_per_channel unique (reservation_id, kind, channel)
);
comment on table public.notification_outbox is 'The messages to send, written in the transaction that makes them due: a row per message and channel. The reservation service claims due rows (claim_notifications), sends them and records the outcome (finish_notification).';
comment on column public.notification_outbox.payload is 'Which request the message is about, for whoever reads the outbox; the message itself is rendered from the reservation as it is when sent.';
create index notification_outbox_due_idx on public.notification_outbox (next_attempt_at) where status in ('pending', 'sending');

alter table public.notification_outbox enable row level security;
-- Supabase's default privileges gave every API role everything on the new table: owners only read.
revoke all on public.notification_outbox from anon, authenticated, service_role;
grant select on public.notification_outbox to authenticated;
grant select, update on public.notification_outbox to service_role;
create policy "Owners read their restaurants' notifications" on public.notification_outbox for select to authenticated
  using (restaurant_id in (select r.id from public.restaurants r where r.user_id = (select auth.uid())));

-- ---------------------------------------------------------------- the assistant's keys

create table public.restaurant_assistant_keys (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null references public.restaurants (id) on delete cascade,
  prefix text not null check (char_length(prefix) <= 20),
  key_hash text not null unique check (key_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null,
  last_used_at timestamptz,
  revoked_at timestamptz
);
comment on table public.restaurant_assistant_keys is 'The keys the restaurant''s chatbot backend submits requests with: only the SHA-256 of a key is kept, the key itself is shown once.';
create index restaurant_assistant_keys_restaurant_idx on public.restaurant_assistant_keys (restaurant_id, created_at);

alter table public.restaurant_assistant_keys enable row level security;
-- Supabase's default privileges gave every API role everything: owners read all but the hash, and
-- write only through the two functions below.
revoke all on public.restaurant_assistant_keys from anon, authenticated, service_role;
grant select (id, restaurant_id, prefix, created_at, last_used_at, revoked_at) on public.restaurant_assistant_keys to authenticated;
grant select on public.restaurant_assistant_keys to service_role;
create policy "Owners read their restaurants' keys" on public.restaurant_assistant_keys for select to authenticated
  using (restaurant_id in (select r.id from public.restaurants r where r.user_id = (select auth.uid())));

create or replace function public.create_assistant_key(p_restaurant_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_key text := 'tbl_' || encode(extensions.gen_random_bytes(24), 'hex');
  v_row public.restaurant_assistant_keys;
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
  insert into public.restaurant_assistant_keys (restaurant_id, prefix, key_hash, created_by)
  values (p_restaurant_id, left(v_key, 12), encode(extensions.digest(v_key, 'sha256'), 'hex'), auth.uid())
  returning * into v_row;
  return jsonb_build_object('id', v_row.id, 'key', v_key, 'prefix', v_row.prefix, 'created_at', v_row.created_at);
end
$$;
comment on function public.create_assistant_key(uuid) is 'A new key for the restaurant''s assistant (its owner only): the key is in this answer and nowhere else.';
revoke all on function public.create_assistant_key(uuid) from public, anon;
grant execute on function public.create_assistant_key(uuid) to authenticated;

create or replace function public.revoke_assistant_key(p_key_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_restaurant uuid;
begin
  select k.restaurant_id into v_restaurant from public.restaurant_assistant_keys k where k.id = p_key_id;
  if not found then
    perform private.raise_not_found('Clé non trouvée');
  end if;
  perform private.assert_restaurant_owner(v_restaurant);
  update public.restaurant_assistant_keys set revoked_at = coalesce(revoked_at, now()) where id = p_key_id;
end
$$;
revoke all on function public.revoke_assistant_key(uuid) from public, anon;
grant execute on function public.revoke_assistant_key(uuid) to authenticated;

create or replace function public.assistant_key_restaurant(p_key text)
returns table (key_id uuid, restaurant_id uuid)
language sql
set search_path = ''
as $$
  -- Last use to the minute: a busy key does not write its row on every request.
  update public.restaurant_assistant_keys k
     set last_used_at = now()
   where k.key_hash = encode(extensions.digest(p_key, 'sha256'), 'hex') and k.revoked_at is null
     and (k.last_used_at is null or k.last_used_at < now() - interval '1 minute');
  select k.id, k.restaurant_id from public.restaurant_assistant_keys k
   where k.key_hash = encode(extensions.digest(p_key, 'sha256'), 'hex') and k.revoked_at is null;
$$;
comment on function public.assistant_key_restaurant(text) is 'The restaurant a live assistant key belongs to (no row: unknown or revoked), its last use recorded.';
revoke all on function public.assistant_key_restaurant(text) from public, anon, authenticated;
grant execute on function public.assistant_key_restaurant(text) to service_role;
grant update (last_used_at) on public.restaurant_assistant_keys to service_role;

-- ---------------------------------------------------------------- checking a request

create or replace function private.refuse_request(p_status integer, p_code text, p_field text, p_message text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- PostgREST answers this status with {code, message, details} as given: the reservation service
  -- passes code, field (details) and the French message on to the chatbot.
  raise sqlstate 'PGRST' using
    message = json_build_object('code', p_code, 'message', p_message, 'details', p_field, 'hint', null)::text,
    detail = json_build_object('status', p_status, 'headers', json_build_object())::text;
end
$$;

create or replace function private.request_text(p_value jsonb, p_field text, p_label text, p_max integer, p_required boolean)
returns text
language plpgsql
immutable
set search_path = ''
as $$
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
$$;

create or replace function private.request_count(p_value jsonb, p_field text, p_label text, p_min integer, p_default integer)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
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
$$;

create or replace function private.service_label(p_service text)
returns text
language sql
immutable
set search_path = ''
as $$ select case p_service when 'lunch' then 'déjeuner' when 'dinner' then 'dîner' else p_service end $$;

-- The service a group may arrive at on that date and time, and its group sizes; refuses a date in the
-- past or more than a year ahead, a closed day or service, a time that is not one of its arrival times.
create or replace function private.request_slot(
  p_restaurant_id uuid, p_date text, p_time text,
  out service text, out group_min integer, out group_max integer)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_today date := (now() at time zone 'Europe/Paris')::date;
  v_date date;
  v_time time;
  v_day text;
  v_hours public.restaurant_hours;
  v_open boolean;
  v_times text;
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
  if service is null then
    select string_agg(to_char(t.arrival_time, 'HH24:MI'), ', ' order by t.arrival_time) into v_times
      from public.restaurant_arrival_times t
     where t.restaurant_id = p_restaurant_id and t.day = v_day
       and case t.service when 'lunch' then v_hours.lunch_is_open else v_hours.dinner_is_open end;
    perform private.refuse_request(422, 'arrival_time_unavailable', 'arrival_time',
      'Le restaurant n''accueille pas de groupe à ' || to_char(v_time, 'HH24:MI') || ' le ' || lower(private.day_label(v_day))
      || coalesce('. Heures d''arrivée possibles : ' || v_times || '.', '.'));
  end if;
  group_min := case service when 'lunch' then v_hours.lunch_group_min else v_hours.dinner_group_min end;
  group_max := case service when 'lunch' then v_hours.lunch_group_max else v_hours.dinner_group_max end;
end
$$;

-- The menu and options asked for, as stored on the reservation, and the total they come to: the menu's
-- price per adult, the children's menu per child, each option's price times its quantity (by default
-- one per adult for an option per person, one for an option with a total price).
create or replace function private.request_amounts(
  p_restaurant_id uuid, p_service text, p_menu jsonb, p_options jsonb, p_adults integer, p_children integer,
  out menu_id uuid, out menu_name text, out options jsonb, out total numeric)
language plpgsql
stable
set search_path = ''
as $$
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
$$;

-- The customer: a name, and an e-mail address (one plain address) or a phone number to answer them.
create or replace function private.request_customer(p_customer jsonb, out name text, out email text, out phone text)
language plpgsql
immutable
set search_path = ''
as $$
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
$$;

-- The conversation the request came from: one of the restaurant's ({id}), or stored now ({messages}).
create or replace function private.request_conversation(p_restaurant_id uuid, p_conversation jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
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
$$;

-- New numbers for a reservation: the restaurant's next R-NNNN, a TBL- number unique everywhere, and
-- the customer's code.
create or replace function private.new_reservation_numbers(p_restaurant_id uuid, out numero text, out numero_restaurateur text, out code text)
language plpgsql
set search_path = ''
as $$
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
  -- A number taken by a row written by hand moves on to the next free one.
  while exists (select 1 from public.restaurant_reservations r
                 where r.restaurant_id = p_restaurant_id and r.numero_reservation_restaurateur = 'R-' || lpad(v_next::text, 4, '0')) loop
    v_next := v_next + 1;
    update private.reservation_numbers set last_number = v_next where restaurant_id = p_restaurant_id;
  end loop;
  numero_restaurateur := 'R-' || lpad(v_next::text, 4, '0');

  loop
    select string_agg(substr(v_alphabet, 1 + get_byte(b, i) % 32, 1), '' order by i) into v_random
      from (select extensions.gen_random_bytes(14) as b) bytes, generate_series(0, 13) i;
    numero := 'TBL-' || left(v_random, 8);
    code := right(v_random, 6);
    exit when not exists (select 1 from public.restaurant_reservations r where r.numero_reservation = numero);
  end loop;
end
$$;

-- The messages a new request makes due: the restaurant told by e-mail and WhatsApp, the customer
-- acknowledged by e-mail, each where an address is known. The sender wakes on the notification.
create or replace function private.queue_request_notifications(p_reservation_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
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
   where r.id = p_reservation_id and m.recipient is not null;
  perform pg_notify('notification_outbox', p_reservation_id::text);
end
$$;

-- ---------------------------------------------------------------- the one way in

-- The checks above run inside submit_group_request only.
revoke execute on function private.refuse_request(integer, text, text, text), private.request_text(jsonb, text, text, integer, boolean),
  private.request_count(jsonb, text, text, integer, integer), private.service_label(text), private.request_slot(uuid, text, text),
  private.request_amounts(uuid, text, jsonb, jsonb, integer, integer), private.request_customer(jsonb), private.request_conversation(uuid, jsonb),
  private.new_reservation_numbers(uuid), private.queue_request_notifications(uuid) from public;

create or replace function public.submit_group_request(p_restaurant_id uuid, p_request jsonb, p_source text default 'assistant')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_external_id text;
  v_fingerprint text := md5(p_request::text);
  v_existing public.restaurant_reservations;
  v_slot record;
  v_adults integer;
  v_children integer;
  v_amounts record;
  v_customer record;
  v_numbers record;
  v_row public.restaurant_reservations;
begin
  if p_request is null or jsonb_typeof(p_request) <> 'object' then
    perform private.refuse_request(422, 'invalid_request', null, 'La demande doit être un objet JSON.');
  end if;
  v_external_id := private.request_text(p_request -> 'external_id', 'external_id', 'L''identifiant de la demande (external_id)', 200, true);

  -- The same external_id is handled one call at a time: a repeat finds the first one's row.
  perform pg_advisory_xact_lock(hashtextextended('submit_group_request:' || p_restaurant_id || ':' || v_external_id, 0));
  select r.* into v_existing from public.restaurant_reservations r
   where r.restaurant_id = p_restaurant_id and r.external_id = v_external_id;
  if v_existing.id is not null then
    if v_existing.request_fingerprint is distinct from v_fingerprint then
      perform private.refuse_request(409, 'external_id_conflict', 'external_id',
        'Une autre demande porte déjà cet identifiant (external_id) : envoyez-la avec un nouvel identifiant.');
    end if;
    return private.submitted_request(v_existing, true);
  end if;

  if not exists (select 1 from public.restaurants r join public.restaurant_completeness k on k.restaurant_id = r.id
                  where r.id = p_restaurant_id and r.onboarding_finished_at is not null and k.missing_count = 0) then
    perform private.refuse_request(422, 'restaurant_not_ready', null,
      'Ce restaurant ne prend pas encore de demandes de réservation en ligne : merci de le contacter directement.');
  end if;

  select * into v_slot from private.request_slot(p_restaurant_id, p_request ->> 'date', p_request ->> 'arrival_time');
  v_adults := private.request_count(p_request -> 'adults', 'adults', 'Le nombre d''adultes', 1, null);
  v_children := private.request_count(p_request -> 'children', 'children', 'Le nombre d''enfants', 0, 0);
  if v_adults + v_children not between v_slot.group_min and v_slot.group_max then
    perform private.refuse_request(422, 'group_size', 'adults',
      'Le restaurant accueille les groupes de ' || v_slot.group_min || ' à ' || v_slot.group_max || ' personnes au '
      || private.service_label(v_slot.service) || ' ce jour-là.');
  end if;
  select * into v_amounts from private.request_amounts(p_restaurant_id, v_slot.service, p_request -> 'menu_id', p_request -> 'options', v_adults, v_children);
  select * into v_customer from private.request_customer(p_request -> 'customer');
  select * into v_numbers from private.new_reservation_numbers(p_restaurant_id);

  insert into public.restaurant_reservations (
    restaurant_id, conversation_id, numero_reservation_restaurateur, numero_reservation, code_reservation,
    customer_name, email, phone_number, selected_menu, selected_menu_id, total_amount, number_people, children,
    reservation_date, arrival_time, options, external_id, request_fingerprint, customer_message, source)
  values (
    p_restaurant_id, private.request_conversation(p_restaurant_id, p_request -> 'conversation'),
    v_numbers.numero_restaurateur, v_numbers.numero, v_numbers.code,
    v_customer.name, v_customer.email, v_customer.phone, v_amounts.menu_name, v_amounts.menu_id, v_amounts.total, v_adults, v_children,
    (p_request ->> 'date')::date, (p_request ->> 'arrival_time')::time, v_amounts.options, v_external_id, v_fingerprint,
    private.request_text(p_request -> 'message', 'message', 'Le message', 2000, false), p_source)
  returning * into v_row;

  perform private.queue_request_notifications(v_row.id);
  return private.submitted_request(v_row, false);
end
$$;
comment on function public.submit_group_request(uuid, jsonb, text) is 'The one way a reservation is created (the chatbot''s contract, README "Requests in"): checks the request against the stored profile (refusals: {code, message, details = field} with HTTP 422), stores it pending with its numbers, total and respond_by, and queues its notifications. The same external_id again returns the same reservation (replayed: true); with another body it is refused (409).';
revoke all on function public.submit_group_request(uuid, jsonb, text) from public, anon, authenticated;
grant execute on function public.submit_group_request(uuid, jsonb, text) to service_role;

create or replace function private.submitted_request(p_row public.restaurant_reservations, p_replayed boolean)
returns jsonb
language sql
stable
set search_path = ''
as $$
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
    -- The deposit terms, for the answer's acompte (computed by the reservation service's one deposit rule).
    'deposit_terms', (select jsonb_build_object('requires_deposit', b.requires_deposit, 'deposit_type', b.deposit_type,
                                                'deposit_amount', b.deposit_amount, 'deposit_method', b.deposit_method)
                        from public.restaurant_billing b where b.restaurant_id = p_row.restaurant_id))
$$;
revoke execute on function private.submitted_request(public.restaurant_reservations, boolean) from public;

-- ---------------------------------------------------------------- sending

create or replace function public.claim_notifications(p_limit integer default 20, p_lease interval default interval '2 minutes', p_restaurant_id uuid default null)
returns setof public.notification_outbox
language sql
set search_path = ''
as $$
  -- A row claimed by an instance that stopped before finishing is claimed again once its lease ends.
  update public.notification_outbox n
     set status = 'sending', attempts = n.attempts + 1, claimed_until = clock_timestamp() + p_lease
   where n.id in (
     select d.id from public.notification_outbox d
      where ((d.status = 'pending' and d.next_attempt_at <= clock_timestamp()) or (d.status = 'sending' and d.claimed_until < clock_timestamp()))
        and (p_restaurant_id is null or d.restaurant_id = p_restaurant_id)
      -- The restaurant is told first: under a burst, the customers' acknowledgements wait for its messages.
      order by d.kind <> 'owner_new_request', d.next_attempt_at
      limit greatest(p_limit, 0)
        for update skip locked)
  returning n.*
$$;
comment on function public.claim_notifications(integer, interval, uuid) is 'Due notifications for one sender to send, the restaurants'' before the customers'' (skip locked: no two instances claim the same row). p_restaurant_id: one restaurant''s only (tests).';
revoke all on function public.claim_notifications(integer, interval, uuid) from public, anon, authenticated;
grant execute on function public.claim_notifications(integer, interval, uuid) to service_role;

create or replace function public.finish_notification(p_id uuid, p_error text default null)
returns public.notification_outbox
language sql
set search_path = ''
as $$
  -- Sent; or tried again after 30 s, 2 min, 10 min, 1 h, and failed after the fifth attempt.
  update public.notification_outbox n
     set status = case when p_error is null then 'sent' when n.attempts >= 5 then 'failed' else 'pending' end,
         sent_at = case when p_error is null then clock_timestamp() end,
         last_error = left(p_error, 1000),
         claimed_until = null,
         next_attempt_at = case when p_error is null or n.attempts >= 5 then n.next_attempt_at
           else clock_timestamp() + (array[interval '30 seconds', interval '2 minutes', interval '10 minutes', interval '1 hour'])[n.attempts] end
   where n.id = p_id and n.status = 'sending'
  returning n.*
$$;
comment on function public.finish_notification(uuid, text) is 'Records a claimed notification''s outcome: sent (p_error null), or retried later with a growing delay, failed after five attempts.';
revoke all on function public.finish_notification(uuid, text) from public, anon, authenticated;
grant execute on function public.finish_notification(uuid, text) to service_role;
