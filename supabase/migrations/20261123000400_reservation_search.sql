-- Issue 16: the reservation list's search, in the database, case- and accent-insensitive ('berenice'
-- finds 'Bérénice'), on the customer's name, both reservation numbers, the e-mail and the phone
-- ('06 12 34 56 78', '0612345678' and '+33 6 12 34 56 78' are the same number).
--
-- One rule for the stored text and for what the owner types: private.search_text() and
-- private.phone_digits(), used by the generated column and by public.search_reservations().

create extension if not exists unaccent with schema extensions;

-- unaccent() is only STABLE (its dictionary is looked up by name at each call); with the dictionary
-- named explicitly it does not change, which a generated column and an index need (IMMUTABLE).
create function private.search_text(p_text text)
returns text
language sql
immutable
parallel safe
strict
as $$ select lower(extensions.unaccent('extensions.unaccent'::regdictionary, p_text)) $$;

-- The digits of a phone number, a French international prefix (+33 / 0033) read as its national 0.
create function private.phone_digits(p_phone text)
returns text
language sql
immutable
parallel safe
strict
as $$
  select case
    when d ~ '^0033[1-9][0-9]{8}$' then '0' || substr(d, 5)
    when d ~ '^33[1-9][0-9]{8}$' then '0' || substr(d, 3)
    else d
  end
  from (select regexp_replace(p_phone, '[^0-9]', '', 'g') as d) as digits
$$;

-- What the owner typed, as LIKE patterns on search_text ('%…%', its own % and _ searched literally):
-- its words, and its digits when it is typed as a phone number (digits, spaces, dots, dashes, +,
-- brackets; four digits at least). Null when there is nothing to look for: LIKE null matches nothing.
create function private.search_words_pattern(p_search text)
returns text
language sql
immutable
parallel safe
strict
as $$
  select nullif('%' || replace(replace(replace(private.search_text(btrim(p_search)), '\', '\\'), '%', '\%'), '_', '\_') || '%', '%%')
$$;

create function private.search_phone_pattern(p_search text)
returns text
language sql
immutable
parallel safe
strict
as $$
  select case when p_search ~ '^[0-9 .+()/-]+$' and length(private.phone_digits(p_search)) >= 4 then '%' || private.phone_digits(p_search) || '%' end
$$;

revoke all on function private.search_text(text) from public;
revoke all on function private.phone_digits(text) from public;
revoke all on function private.search_words_pattern(text) from public;
revoke all on function private.search_phone_pattern(text) from public;
grant execute on function private.search_text(text) to authenticated, service_role;
grant execute on function private.phone_digits(text) to authenticated, service_role;
grant execute on function private.search_words_pattern(text) to authenticated, service_role;
grant execute on function private.search_phone_pattern(text) to authenticated, service_role;

alter table public.restaurant_reservations
  add column search_text text generated always as (
    private.search_text(
      customer_name || ' ' || numero_reservation || ' ' || numero_reservation_restaurateur || ' ' || coalesce(email, '')
    ) || ' ' || coalesce(private.phone_digits(phone_number), '')
  ) stored;

comment on column public.restaurant_reservations.search_text is
  'What the list''s search reads (public.search_reservations): name, both numbers and e-mail, lower '
  'case without accents, then the phone''s digits. Generated; never written.';

-- The trigram index on the name alone is replaced by one on everything searched.
drop index if exists public.restaurant_reservations_customer_name_trgm_idx;
create index restaurant_reservations_search_text_trgm_idx
  on public.restaurant_reservations using gin (search_text extensions.gin_trgm_ops);

-- The owner reads every column of a reservation but code_manage, column by column (migration
-- 20261123000200): the new one too, so that their search can read it.
grant select (search_text) on public.restaurant_reservations to authenticated;

-- The reservations of a restaurant whose search text contains what the owner typed (all of them when
-- nothing is typed), with the columns of the list (shared/src/domain/rows.ts, RESERVATION_COLUMNS):
-- never code_manage. The caller's own rights: Row Level Security decides what an owner sees, so
-- another owner's restaurant answers nothing. PostgREST adds the status and date filters, the order,
-- the page and the exact count to this call as to a table.
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
  select r.id, r.restaurant_id, r.conversation_id, r.numero_reservation_restaurateur, r.numero_reservation, r.code_reservation, r.status, r.is_accepted, r.customer_name, r.email, r.phone_number, r.selected_menu, r.total_amount, r.number_people, r.children, r.reservation_date, r.arrival_time, r.options, r.created_at
  from public.restaurant_reservations r, term
  where r.restaurant_id = p_restaurant_id
    and (coalesce(btrim(p_search), '') = '' or r.search_text like term.words or r.search_text like term.phone)
$$;

revoke all on function public.search_reservations(uuid, text) from public, anon;
grant execute on function public.search_reservations(uuid, text) to authenticated, service_role;
