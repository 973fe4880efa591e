-- The list's search by several words and by the customer's code: 'dupre lefevre', 'Dupré Lefèvre',
-- 'gerard herve' find the reservation whose searched text holds every word, in any column and any
-- order (accents and case ignored); 'WK1A2B', the code the customer shows on arrival, finds its
-- reservation. Before, the whole typed text had to appear as one piece, and the code was not searched.

-- The searched text gains the customer's code. A generated column's expression cannot be altered
-- before PostgreSQL 17 (hosted projects may run 15): the column is dropped (its index with it) and added
-- again, which computes it for every row.
alter table public.restaurant_reservations drop column search_text;
alter table public.restaurant_reservations
  add column search_text text generated always as (
    private.search_text(
      customer_name || ' ' || numero_reservation || ' ' || numero_reservation_restaurateur || ' ' || code_reservation
        || ' ' || coalesce(email, '')
    ) || ' ' || coalesce(private.phone_digits(phone_number), '')
  ) stored;

comment on column public.restaurant_reservations.search_text is
  'What the list''s search reads (public.search_reservations): name, both numbers, the customer''s code and '
  'e-mail, lower case without accents, then the phone''s digits. Generated; never written.';

create index restaurant_reservations_search_text_trgm_idx
  on public.restaurant_reservations using gin (search_text extensions.gin_trgm_ops);

-- The owner reads it as before (20261123000400): the new column is granted again.
grant select (search_text) on public.restaurant_reservations to authenticated;

-- What the owner typed, one LIKE pattern per word ('%…%', its own % and _ searched literally), the
-- longest first: public.search_reservations looks the first up in the trigram index (the longest has
-- the most trigrams, so the fewest candidates) and checks every word on those rows. Words are what
-- spaces separate; a word repeated is one pattern. Null when nothing is typed.
drop function private.search_words_pattern(text);
create function private.search_words_pattern(p_search text)
returns text[]
language sql
immutable
parallel safe
strict
as $$
  select nullif(array(
    select '%' || replace(replace(replace(w.word, '\', '\\'), '%', '\%'), '_', '\_') || '%'
      from (select distinct word
              from regexp_split_to_table(private.search_text(p_search), '[[:space:]]+') as word
             where word <> '') as w
     order by length(w.word) desc, w.word
  ), '{}')
$$;

comment on function private.search_words_pattern(text) is
  'The words typed in the reservation search as LIKE patterns on search_text, longest first (public.search_reservations).';

revoke all on function private.search_words_pattern(text) from public;
grant execute on function private.search_words_pattern(text) to authenticated, service_role;

-- As in 20261123001100, every word now, and with the trigram index read. Under Row Level Security the
-- index was never read: LIKE is not leakproof, so PostgreSQL checks the policy on every row before any
-- LIKE, by a scan of all the restaurant's reservations (EXPLAIN at 10,000 reservations). So the function
-- runs with its owner's rights and checks what the policy checks (the restaurant is the caller's: another
-- owner's answers no row), and its query is run by EXECUTE, planned with what was typed as constants
-- (an inlined SQL query got them as a column of PostgREST's arguments, unknown when planned).
-- Nothing typed: the restaurant's reservations (the list reads the table then; the CSV export calls this).
create or replace function public.search_reservations(p_restaurant_id uuid, p_search text default '')
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
  service public.restaurant_reservations.service%type,
  respond_by public.restaurant_reservations.respond_by%type,
  options public.restaurant_reservations.options%type,
  created_at public.restaurant_reservations.created_at%type
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_words text[] := private.search_words_pattern(p_search);
  v_phone text;
begin
  -- The policy "Owners read their reservations", restated: only the caller's own restaurant.
  if not exists (select 1 from public.restaurants x where x.id = p_restaurant_id and x.user_id = auth.uid()) then
    return;
  end if;
  if v_words is null then
    return query
      select r.id, r.restaurant_id, r.conversation_id, r.numero_reservation_restaurateur, r.numero_reservation, r.code_reservation, r.status, r.is_accepted, r.customer_name, r.email, r.email_address, r.phone_number, r.selected_menu, r.total_amount, r.number_people, r.children, r.reservation_date, r.arrival_time, r.service, r.respond_by, r.options, r.created_at
        from public.restaurant_reservations r
       where r.restaurant_id = p_restaurant_id;
    return;
  end if;
  -- A phone number typed ('06 12 34 56 78', four digits at least): that number, its digits together.
  v_phone := private.search_phone_pattern(p_search);
  if v_phone is not null then
    return query execute
      'select r.id, r.restaurant_id, r.conversation_id, r.numero_reservation_restaurateur, r.numero_reservation, r.code_reservation, r.status, r.is_accepted, r.customer_name, r.email, r.email_address, r.phone_number, r.selected_menu, r.total_amount, r.number_people, r.children, r.reservation_date, r.arrival_time, r.service, r.respond_by, r.options, r.created_at
         from public.restaurant_reservations r
        where r.restaurant_id = $1 and r.search_text like $2'
      using p_restaurant_id, v_phone;
    return;
  end if;
  -- Words: the longest ($2) is what the index looks up, every word ($3) is checked on what it finds.
  return query execute
    'select r.id, r.restaurant_id, r.conversation_id, r.numero_reservation_restaurateur, r.numero_reservation, r.code_reservation, r.status, r.is_accepted, r.customer_name, r.email, r.email_address, r.phone_number, r.selected_menu, r.total_amount, r.number_people, r.children, r.reservation_date, r.arrival_time, r.service, r.respond_by, r.options, r.created_at
       from public.restaurant_reservations r
      where r.restaurant_id = $1 and r.search_text like $2 and r.search_text like all ($3)'
    using p_restaurant_id, v_words[1], v_words;
end
$$;

comment on function public.search_reservations(uuid, text) is
  'The reservation list''s search: the restaurant''s reservations whose search_text holds the phone number typed, '
  'or else every word typed (name, numbers, customer''s code, e-mail; accents and case ignored); all of them '
  'when nothing is typed. Definer (for the trigram index), the caller''s own restaurant only.';

revoke all on function public.search_reservations(uuid, text) from public, anon;
grant execute on function public.search_reservations(uuid, text) to authenticated, service_role;
