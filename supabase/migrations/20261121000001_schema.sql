-- Tablée — tables, constraints, indexes and views (spec §3, §5, §9).
-- Every restaurant-scoped row cascades from public.restaurants, which cascades
-- from auth.users: deleting an account or a restaurant leaves nothing behind.
-- Row Level Security and grants are in ..._rls.sql, RPC functions in
-- ..._functions.sql, the photo bucket in ..._storage.sql.

create extension if not exists pg_trgm with schema extensions;

-- Helpers that must not be reachable through the Data API (PostgREST only
-- exposes `public`).
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- Keeps updated_at honest on every UPDATE, whoever writes the row.
create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke all on function private.set_updated_at() from public;

-- ---------------------------------------------------------------- restaurants

create table public.restaurants (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null default '',
  url text,
  first_message text,
  address text not null default '',
  description text not null default '',
  has_different_hours_settings boolean not null default false,
  -- Spec §3: a new restaurant is open Monday to Saturday.
  days_open text[] not null default '{monday,tuesday,wednesday,thursday,friday,saturday}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint restaurants_days_open_check check (
    days_open <@ array['monday','tuesday','wednesday','thursday','friday','saturday','sunday']
  )
);
create index restaurants_user_id_idx on public.restaurants (user_id);

-- One row per restaurant (upsert on_conflict=restaurant_id).
create table public.restaurant_amenities (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null unique references public.restaurants (id) on delete cascade,
  ground_floor boolean not null default false,
  accessible_to_disabled boolean not null default false,
  parking boolean not null default false,
  air_conditioning boolean not null default false,
  wifi boolean not null default false,
  valet_parking boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.restaurant_contacts (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null unique references public.restaurants (id) on delete cascade,
  email text,
  whatsapp text,
  -- fast '1-2h', medium 'Sous 6h', slow 'Sous 24h'
  response_time text not null default 'medium'
    constraint restaurant_contacts_response_time_check check (response_time in ('fast', 'medium', 'slow')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.restaurant_billing (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null unique references public.restaurants (id) on delete cascade,
  company_name text,
  legal_form text,
  siret_number text,
  rcs_city text,
  vat_number text,
  address text,
  postal_code text,
  city text,
  country text default 'France',
  requires_deposit boolean not null default false,
  -- Nullable: unchecking requiresDeposit clears method, type and amount (spec §4).
  deposit_type text default 'percentage'
    constraint restaurant_billing_deposit_type_check check (deposit_type in ('percentage', 'fixed')),
  deposit_amount numeric(10,2)
    constraint restaurant_billing_deposit_amount_check check (deposit_amount >= 0),
  deposit_method text
    constraint restaurant_billing_deposit_method_check check (deposit_method in ('acompte', 'empreinte')),
  -- Remaining payment: exactly one of on site / online (spec §3).
  payment_onsite boolean not null default true,
  payment_online boolean not null default false,
  iban text,
  bic text,
  contact_name text,
  contact_email text,
  contact_phone text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint restaurant_billing_percentage_max_check
    check (deposit_type is distinct from 'percentage' or deposit_amount <= 100),
  constraint restaurant_billing_remaining_payment_check check (payment_onsite <> payment_online)
);

create table public.restaurant_photos (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null references public.restaurants (id) on delete cascade,
  url text not null,
  -- Storage object name in bucket restaurant-photos: '{restaurantId}/{timestamp}-{random}.{ext}'.
  -- Its first folder must be the restaurant, so a row can never point at
  -- another restaurant's file (delete_restaurant_photo returns this path).
  filename text not null
    constraint restaurant_photos_filename_check check (split_part(filename, '/', 1) = restaurant_id::text),
  original_filename text,
  file_size bigint
    constraint restaurant_photos_file_size_check check (file_size between 0 and 10485760),
  mime_type text not null
    constraint restaurant_photos_mime_type_check check (mime_type in ('image/jpeg', 'image/png', 'image/gif', 'image/webp')),
  display_order int not null default 0,
  alt_text text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index restaurant_photos_restaurant_order_idx on public.restaurant_photos (restaurant_id, display_order);

-- ---------------------------------------------------------------- hours
-- One row per OPEN day; each day carries a lunch and a dinner service.
-- Times are 15-minute slots (spec §5: 00:00 .. 23:45): seconds since midnight
-- divisible by 900. A dinner may end after midnight, so to < from is allowed.

create table public.restaurant_hours (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null references public.restaurants (id) on delete cascade,
  day text not null
    constraint restaurant_hours_day_check check (day in ('monday','tuesday','wednesday','thursday','friday','saturday','sunday')),

  lunch_is_open boolean not null default true,
  lunch_from_time time not null default '12:00',
  lunch_to_time time not null default '14:00',
  lunch_group_min int not null default 1,
  lunch_group_max int not null default 20,
  lunch_allow_a_la_carte boolean not null default true,
  lunch_max_a_la_carte_size int not null default 10,
  lunch_partial_privatization_supplement boolean not null default false,
  lunch_partial_privatization_min_size int not null default 10,
  lunch_partial_privatization_amount numeric(10,2) not null default 0,

  dinner_is_open boolean not null default true,
  dinner_from_time time not null default '19:00',
  dinner_to_time time not null default '22:00',
  dinner_group_min int not null default 1,
  dinner_group_max int not null default 20,
  dinner_allow_a_la_carte boolean not null default true,
  dinner_max_a_la_carte_size int not null default 10,
  dinner_partial_privatization_supplement boolean not null default false,
  dinner_partial_privatization_min_size int not null default 10,
  dinner_partial_privatization_amount numeric(10,2) not null default 0,

  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint restaurant_hours_restaurant_day_key unique (restaurant_id, day),

  constraint restaurant_hours_lunch_times_check check (
    extract(epoch from lunch_from_time)::int % 900 = 0 and extract(epoch from lunch_to_time)::int % 900 = 0),
  constraint restaurant_hours_lunch_group_min_check check (lunch_group_min between 1 and 30),
  constraint restaurant_hours_lunch_group_max_check check (lunch_group_max between lunch_group_min and 50),
  constraint restaurant_hours_lunch_a_la_carte_check check (lunch_max_a_la_carte_size between 1 and 50),
  constraint restaurant_hours_lunch_privatization_min_check check (lunch_partial_privatization_min_size between 1 and 50),
  constraint restaurant_hours_lunch_privatization_amount_check check (lunch_partial_privatization_amount >= 0),

  constraint restaurant_hours_dinner_times_check check (
    extract(epoch from dinner_from_time)::int % 900 = 0 and extract(epoch from dinner_to_time)::int % 900 = 0),
  constraint restaurant_hours_dinner_group_min_check check (dinner_group_min between 1 and 30),
  constraint restaurant_hours_dinner_group_max_check check (dinner_group_max between dinner_group_min and 50),
  constraint restaurant_hours_dinner_a_la_carte_check check (dinner_max_a_la_carte_size between 1 and 50),
  constraint restaurant_hours_dinner_privatization_min_check check (dinner_partial_privatization_min_size between 1 and 50),
  constraint restaurant_hours_dinner_privatization_amount_check check (dinner_partial_privatization_amount >= 0)
);

-- Only stored for open services (spec §3).
create table public.restaurant_arrival_times (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null references public.restaurants (id) on delete cascade,
  day text not null
    constraint restaurant_arrival_times_day_check check (day in ('monday','tuesday','wednesday','thursday','friday','saturday','sunday')),
  service text not null
    constraint restaurant_arrival_times_service_check check (service in ('lunch', 'dinner')),
  arrival_time time not null
    constraint restaurant_arrival_times_quarter_check check (extract(epoch from arrival_time)::int % 900 = 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint restaurant_arrival_times_key unique (restaurant_id, day, service, arrival_time)
);

-- ---------------------------------------------------------------- menus

create table public.restaurant_menus (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null references public.restaurants (id) on delete cascade,
  name text not null
    constraint restaurant_menus_name_check check (btrim(name) <> ''),
  price_per_person numeric(10,2) not null default 0
    constraint restaurant_menus_price_check check (price_per_person >= 0),
  content text,
  menu_type text not null default 'choice'
    constraint restaurant_menus_menu_type_check check (menu_type in ('choice', 'sharing')),
  available_lunch boolean not null default true,
  available_dinner boolean not null default true,
  is_children_menu boolean not null default false,
  display_order int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index restaurant_menus_restaurant_order_idx on public.restaurant_menus (restaurant_id, display_order);
-- At most one kids menu per restaurant.
create unique index restaurant_menus_one_children_menu_idx
  on public.restaurant_menus (restaurant_id) where is_children_menu;

create table public.menu_items (
  id uuid primary key default gen_random_uuid(),
  menu_id uuid not null references public.restaurant_menus (id) on delete cascade,
  name text not null
    constraint menu_items_name_check check (btrim(name) <> ''),
  type text not null
    constraint menu_items_type_check check (type in ('aperitif', 'starter', 'main', 'side', 'dessert', 'drink')),
  display_order int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index menu_items_menu_order_idx on public.menu_items (menu_id, display_order);

-- Alternatives (dietary variants) never include drinks.
create table public.menu_item_alternatives (
  id uuid primary key default gen_random_uuid(),
  menu_id uuid not null references public.restaurant_menus (id) on delete cascade,
  name text not null
    constraint menu_item_alternatives_name_check check (btrim(name) <> ''),
  type text not null
    constraint menu_item_alternatives_type_check check (type in ('aperitif', 'starter', 'main', 'side', 'dessert')),
  is_gluten_free boolean not null default false,
  is_vegan boolean not null default false,
  other_dietary_notes text,
  display_order int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index menu_item_alternatives_menu_order_idx on public.menu_item_alternatives (menu_id, display_order);

-- ---------------------------------------------------------------- options, FAQ, CGV

create table public.restaurant_options (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null references public.restaurants (id) on delete cascade,
  title text not null
    constraint restaurant_options_title_check check (btrim(title) <> ''),
  price numeric(10,2) not null
    constraint restaurant_options_price_check check (price >= 0),
  price_type text not null default 'per_person'
    constraint restaurant_options_price_type_check check (price_type in ('per_person', 'total')),
  display_order int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index restaurant_options_restaurant_order_idx on public.restaurant_options (restaurant_id, display_order);

-- No unique (restaurant_id, display_order): the spec's reorder sends one
-- update per row in parallel, which would collide transiently.
create table public.restaurant_faqs (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null references public.restaurants (id) on delete cascade,
  question text not null
    constraint restaurant_faqs_question_check check (btrim(question) <> ''),
  answer text not null
    constraint restaurant_faqs_answer_check check (btrim(answer) <> ''),
  display_order int not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index restaurant_faqs_restaurant_order_idx on public.restaurant_faqs (restaurant_id, display_order);

-- Policies: same_day (Jour J), 24h, 48h, 72h (3 jours), 7_days.
create table public.restaurant_cgv (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null unique references public.restaurants (id) on delete cascade,
  cancellation_policy text not null
    constraint restaurant_cgv_cancellation_policy_check check (cancellation_policy in ('same_day', '24h', '48h', '72h', '7_days')),
  modification_policy text not null
    constraint restaurant_cgv_modification_policy_check check (modification_policy in ('same_day', '24h', '48h', '72h', '7_days')),
  link text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- ---------------------------------------------------------------- conversations

-- updated_at = time of the latest message (bumped by a trigger on messages).
create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null references public.restaurants (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index conversations_restaurant_updated_idx on public.conversations (restaurant_id, updated_at desc);

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  role text not null
    constraint messages_role_check check (role in ('user', 'assistant')),
  content text not null,
  created_at timestamptz not null default now()
);
create index messages_conversation_created_idx on public.messages (conversation_id, created_at);

-- A new message moves its conversation to the top of the list. Security
-- definer: messages are written by the chatbot backend, whatever its role.
create or replace function private.bump_conversation_updated_at()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.conversations c
     set updated_at = new.created_at
   where c.id = new.conversation_id
     and c.updated_at < new.created_at;
  return null;
end
$$;
revoke all on function private.bump_conversation_updated_at() from public;

create trigger messages_bump_conversation
  after insert on public.messages
  for each row execute function private.bump_conversation_updated_at();

-- ---------------------------------------------------------------- reservations

create table public.restaurant_reservations (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null references public.restaurants (id) on delete cascade,
  conversation_id uuid references public.conversations (id) on delete set null,
  -- Restaurant-facing number, shown as 'Réservation {numero}' (e.g. 'R-0042').
  numero_reservation_restaurateur text not null,
  -- Global number used in the accept/reject links (e.g. 'TBL-7K3QF9').
  numero_reservation text not null
    constraint restaurant_reservations_numero_reservation_key unique,
  -- Short code given to the customer.
  code_reservation text not null,
  -- Long random secret that authorizes the accept/reject links.
  code_manage text not null default encode(extensions.gen_random_bytes(24), 'hex')
    constraint restaurant_reservations_code_manage_key unique
    constraint restaurant_reservations_code_manage_check check (length(code_manage) >= 32),
  status smallint not null default 0
    constraint restaurant_reservations_status_check check (status between 0 and 4),
  is_accepted boolean not null default false,
  customer_name text not null default '',
  email text,
  phone_number text,
  -- Menu name as chosen by the customer; selected_menu_id when it still exists.
  selected_menu text,
  selected_menu_id uuid references public.restaurant_menus (id) on delete set null,
  total_amount numeric(10,2) not null default 0
    constraint restaurant_reservations_total_check check (total_amount >= 0),
  number_people int not null
    constraint restaurant_reservations_number_people_check check (number_people >= 1),
  children int not null default 0
    constraint restaurant_reservations_children_check check (children >= 0),
  reservation_date date not null,
  arrival_time time,
  -- [{ "title": text, "price": number, "quantity": int }]
  options jsonb not null default '[]'
    constraint restaurant_reservations_options_check check (jsonb_typeof(options) = 'array'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint restaurant_reservations_restaurant_numero_key unique (restaurant_id, numero_reservation_restaurateur)
);
comment on column public.restaurant_reservations.status is
  '0 pending, 1 accepted, 2 rejected, 3 paid, 4 cancelled (unknown values read as pending). '
  'Only the reservation service changes it (transition_reservation: 0 -> 1 | 2).';
comment on column public.restaurant_reservations.code_manage is
  'Secret of the one-click accept/reject links; never shown to customers.';

-- The list screen: newest first, optionally by status, by date range, by name.
create index restaurant_reservations_restaurant_created_idx
  on public.restaurant_reservations (restaurant_id, created_at desc);
create index restaurant_reservations_restaurant_status_created_idx
  on public.restaurant_reservations (restaurant_id, status, created_at desc);
create index restaurant_reservations_restaurant_date_idx
  on public.restaurant_reservations (restaurant_id, reservation_date);
-- customer_name ILIKE '%...%'
create index restaurant_reservations_customer_name_trgm_idx
  on public.restaurant_reservations using gin (customer_name extensions.gin_trgm_ops);
create index restaurant_reservations_conversation_idx
  on public.restaurant_reservations (conversation_id) where conversation_id is not null;
create index restaurant_reservations_selected_menu_idx
  on public.restaurant_reservations (selected_menu_id) where selected_menu_id is not null;

-- ---------------------------------------------------------------- updated_at triggers

do $$
declare t text;
begin
  foreach t in array array[
    'restaurants', 'restaurant_amenities', 'restaurant_contacts', 'restaurant_billing',
    'restaurant_photos', 'restaurant_hours', 'restaurant_arrival_times', 'restaurant_menus',
    'menu_items', 'menu_item_alternatives', 'restaurant_options', 'restaurant_faqs',
    'restaurant_cgv', 'restaurant_reservations'
  ] loop
    execute format(
      'create trigger %I before update on public.%I for each row execute function private.set_updated_at()',
      t || '_set_updated_at', t);
  end loop;
end $$;

-- ---------------------------------------------------------------- views

-- One card of the conversation list. Scalar subqueries on
-- messages(conversation_id, created_at) run only for the rows of the page
-- (order by updated_at desc limit 10), and PostgREST's count query, which
-- selects none of these columns, does not evaluate them at all.
create view public.conversation_summaries
with (security_invoker = true) as
select
  c.id,
  c.restaurant_id,
  c.created_at,
  c.updated_at,
  (select count(*) from public.messages m where m.conversation_id = c.id)::int as message_count,
  (select m.role from public.messages m where m.conversation_id = c.id
    order by m.created_at desc, m.id desc limit 1) as last_message_role,
  (select m.content from public.messages m where m.conversation_id = c.id
    order by m.created_at desc, m.id desc limit 1) as last_message_content,
  (select max(m.created_at) from public.messages m where m.conversation_id = c.id) as last_message_at
from public.conversations c;

-- Filter counts and statistics without reading every reservation.
create view public.reservation_status_counts
with (security_invoker = true) as
select r.restaurant_id, r.status, count(*)::int as count
from public.restaurant_reservations r
group by r.restaurant_id, r.status;
