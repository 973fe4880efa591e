-- Issue 16: a customer is e-mailed only at exactly one plain address (local@domain). A list
-- ('a@x.fr, b@y.fr'), a display name ('"a@x.fr" <b@y.fr>'), a comment or a line break would make the
-- mailer write to someone other than the address the owner reads. The rule lives here, once: the
-- database computes the address to write to, the reservation service sends to it (or sends nothing),
-- and the app reads the same column to tell the owner, before a decision, that the customer will not
-- be told. The restaurant's contact address (the e-mails' Reply-To) follows the same rule.

-- The pattern is the one of zod's z.email(), which the service used before: letters, digits and
-- _ ' + - in dot-separated parts, a domain of dot-separated labels ending in 2+ letters.
create function private.plain_email_address(p_field text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when btrim(p_field, E' \t\r\n\f\v') ~ '^(?:[A-Za-z0-9_''+-]+\.)*[A-Za-z0-9_''+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$'
    then btrim(p_field, E' \t\r\n\f\v')
  end
$$;
comment on function private.plain_email_address(text) is
  'The field, trimmed, when it is exactly one plain e-mail address; else null.';

alter table public.restaurant_reservations
  add column email_address text generated always as (private.plain_email_address(email)) stored;
comment on column public.restaurant_reservations.email_address is
  'Where the customer is e-mailed: the e-mail field when it is exactly one plain address, else null '
  '(nothing is sent, the owner is told). Computed; never written.';
-- Owners read every column but code_manage, column by column (migration 20261123000200).
grant select (email_address) on public.restaurant_reservations to authenticated;

-- The list's search answers the list's columns (RESERVATION_COLUMNS), this one included: as in
-- 20261123000400_reservation_search.sql, with email_address.
drop function public.search_reservations(uuid, text);
create function public.search_reservations(p_restaurant_id uuid, p_search text default '')
returns table (
  id public.restaurant_reservations.id%type,
  restaurant_id public.restaurant_reservations.restaurant_id%type,
  conversation_id public.restaurant_reservations.conversation_id%type,
  numero_reservation_restaurateur public.restaurant_reservations.numero_reservation_restaurateur%type,
  numero_reservation public.restaurant_reservations.numero_reservation%type,
  code_reservation public.restaurant_reservations.code_reservation%type,
  status public.restaurant_reservations.status%type,
  is_accepted public.restaurant_reservations.is_accepted%type,
  customer_name public.restaurant_reservations.customer_name%type,
  email public.restaurant_reservations.email%type,
  email_address public.restaurant_reservations.email_address%type,
  phone_number public.restaurant_reservations.phone_number%type,
  selected_menu public.restaurant_reservations.selected_menu%type,
  total_amount public.restaurant_reservations.total_amount%type,
  number_people public.restaurant_reservations.number_people%type,
  children public.restaurant_reservations.children%type,
  reservation_date public.restaurant_reservations.reservation_date%type,
  arrival_time public.restaurant_reservations.arrival_time%type,
  options public.restaurant_reservations.options%type,
  created_at public.restaurant_reservations.created_at%type
)
language sql
stable
as $$
  -- The typed text's patterns are worked out once per call (a materialized CTE), not once per row.
  with term as materialized (
    select private.search_words_pattern(p_search) as words, private.search_phone_pattern(p_search) as phone
  )
  select r.id, r.restaurant_id, r.conversation_id, r.numero_reservation_restaurateur, r.numero_reservation, r.code_reservation, r.status, r.is_accepted, r.customer_name, r.email, r.email_address, r.phone_number, r.selected_menu, r.total_amount, r.number_people, r.children, r.reservation_date, r.arrival_time, r.options, r.created_at
  from public.restaurant_reservations r, term
  where r.restaurant_id = p_restaurant_id
    and (coalesce(btrim(p_search), '') = '' or r.search_text like term.words or r.search_text like term.phone)
$$;

revoke all on function public.search_reservations(uuid, text) from public, anon;
grant execute on function public.search_reservations(uuid, text) to authenticated, service_role;

alter table public.restaurant_contacts
  add column email_address text generated always as (private.plain_email_address(email)) stored;
comment on column public.restaurant_contacts.email_address is
  'The contact e-mail when it is exactly one plain address, else null: the Reply-To of the customer '
  'e-mails. Computed; never written.';
