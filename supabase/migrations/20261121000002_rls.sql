-- Tablée — Row Level Security and grants (spec §6, architecture "Data").
-- The only role is the signed-in owner (`authenticated`); an owner reaches a
-- row only through public.restaurants.user_id = auth.uid(). `anon` reaches
-- nothing. `service_role` (reservation service, chatbot backend) bypasses RLS.
--
-- `(select auth.uid())` is evaluated once per statement (an InitPlan), and
-- `restaurant_id in (select id from restaurants ...)` becomes one hashed
-- subplan instead of a lookup per row.

-- ---------------------------------------------------------------- grants
-- Supabase's default privileges give every API role ALL on new tables; take
-- back what no API role should use, then what each table must not allow.

revoke all on all tables in schema public from anon;
revoke truncate, references, trigger on all tables in schema public from authenticated;

-- Only the reservation service (service_role) writes reservations.
revoke insert, update, delete on public.restaurant_reservations from authenticated;
-- Conversations are written by the chatbot backend; owners read and delete them.
revoke insert, update on public.conversations, public.messages from authenticated;
-- Views are read-only.
revoke insert, update, delete on public.conversation_summaries, public.reservation_status_counts from authenticated;
grant select on public.conversation_summaries, public.reservation_status_counts to authenticated, service_role;

-- ---------------------------------------------------------------- enable RLS everywhere

alter table public.restaurants enable row level security;
alter table public.restaurant_amenities enable row level security;
alter table public.restaurant_contacts enable row level security;
alter table public.restaurant_billing enable row level security;
alter table public.restaurant_photos enable row level security;
alter table public.restaurant_hours enable row level security;
alter table public.restaurant_arrival_times enable row level security;
alter table public.restaurant_menus enable row level security;
alter table public.menu_items enable row level security;
alter table public.menu_item_alternatives enable row level security;
alter table public.restaurant_options enable row level security;
alter table public.restaurant_faqs enable row level security;
alter table public.restaurant_cgv enable row level security;
alter table public.conversations enable row level security;
alter table public.messages enable row level security;
alter table public.restaurant_reservations enable row level security;

-- ---------------------------------------------------------------- restaurants

create policy "Owners read their restaurants" on public.restaurants
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Owners create their restaurants" on public.restaurants
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Owners update their restaurants" on public.restaurants
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Owners delete their restaurants" on public.restaurants
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- ---------------------------------------------------------------- profile tables (restaurant_id)
-- Same four policies on each table keyed by restaurant_id. The update policy
-- has a WITH CHECK too, so a row cannot be moved to someone else's restaurant.

do $$
declare
  t text;
  owned constant text :=
    'restaurant_id in (select r.id from public.restaurants r where r.user_id = (select auth.uid()))';
begin
  foreach t in array array[
    'restaurant_amenities', 'restaurant_contacts', 'restaurant_billing', 'restaurant_photos',
    'restaurant_hours', 'restaurant_arrival_times', 'restaurant_menus', 'restaurant_options',
    'restaurant_faqs', 'restaurant_cgv'
  ] loop
    execute format('create policy "Owners read" on public.%I for select to authenticated using (%s)', t, owned);
    execute format('create policy "Owners insert" on public.%I for insert to authenticated with check (%s)', t, owned);
    execute format('create policy "Owners update" on public.%I for update to authenticated using (%s) with check (%s)', t, owned, owned);
    execute format('create policy "Owners delete" on public.%I for delete to authenticated using (%s)', t, owned);
  end loop;
end $$;

-- ---------------------------------------------------------------- menu items and alternatives (via menu)

do $$
declare
  t text;
  owned constant text :=
    'menu_id in (select m.id from public.restaurant_menus m where m.restaurant_id in '
    '(select r.id from public.restaurants r where r.user_id = (select auth.uid())))';
begin
  foreach t in array array['menu_items', 'menu_item_alternatives'] loop
    execute format('create policy "Owners read" on public.%I for select to authenticated using (%s)', t, owned);
    execute format('create policy "Owners insert" on public.%I for insert to authenticated with check (%s)', t, owned);
    execute format('create policy "Owners update" on public.%I for update to authenticated using (%s) with check (%s)', t, owned, owned);
    execute format('create policy "Owners delete" on public.%I for delete to authenticated using (%s)', t, owned);
  end loop;
end $$;

-- ---------------------------------------------------------------- operations
-- Reservations: owners read only (writes are revoked above).

create policy "Owners read their reservations" on public.restaurant_reservations
  for select to authenticated
  using (restaurant_id in (select r.id from public.restaurants r where r.user_id = (select auth.uid())));

-- Conversations and messages: owners read and delete.

create policy "Owners read their conversations" on public.conversations
  for select to authenticated
  using (restaurant_id in (select r.id from public.restaurants r where r.user_id = (select auth.uid())));

create policy "Owners delete their conversations" on public.conversations
  for delete to authenticated
  using (restaurant_id in (select r.id from public.restaurants r where r.user_id = (select auth.uid())));

-- A message is visible exactly when its conversation is: the conversations
-- policy applies inside this subquery. (Measured: cheaper than repeating the
-- restaurants join, which matters in conversation_summaries' subqueries.)
create policy "Owners read their messages" on public.messages
  for select to authenticated
  using (conversation_id in (select c.id from public.conversations c));

create policy "Owners delete their messages" on public.messages
  for delete to authenticated
  using (conversation_id in (select c.id from public.conversations c));
