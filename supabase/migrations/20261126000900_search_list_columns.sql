-- The list's search answers the same columns as the list read from the table: what was received when
-- a reservation was marked paid (its badge reads 'Acompte reçu' while money is still due) and where
-- the request came from (Téléphone, Assistant). The answer's columns change: dropped and created again.

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
  amount_received public.restaurant_reservations.amount_received%type,
  number_people public.restaurant_reservations.number_people%type,
  children public.restaurant_reservations.children%type,
  reservation_date public.restaurant_reservations.reservation_date%type,
  arrival_time public.restaurant_reservations.arrival_time%type,
  service public.restaurant_reservations.service%type,
  respond_by public.restaurant_reservations.respond_by%type,
  options public.restaurant_reservations.options%type,
  source public.restaurant_reservations.source%type,
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
      select r.id, r.restaurant_id, r.conversation_id, r.numero_reservation_restaurateur, r.numero_reservation, r.code_reservation, r.status, r.is_accepted, r.customer_name, r.email, r.email_address, r.phone_number, r.selected_menu, r.total_amount, r.amount_received, r.number_people, r.children, r.reservation_date, r.arrival_time, r.service, r.respond_by, r.options, r.source, r.created_at
        from public.restaurant_reservations r
       where r.restaurant_id = p_restaurant_id;
    return;
  end if;
  -- A phone number typed ('06 12 34 56 78', four digits at least): that number, its digits together.
  v_phone := private.search_phone_pattern(p_search);
  if v_phone is not null then
    return query execute
      'select r.id, r.restaurant_id, r.conversation_id, r.numero_reservation_restaurateur, r.numero_reservation, r.code_reservation, r.status, r.is_accepted, r.customer_name, r.email, r.email_address, r.phone_number, r.selected_menu, r.total_amount, r.amount_received, r.number_people, r.children, r.reservation_date, r.arrival_time, r.service, r.respond_by, r.options, r.source, r.created_at
         from public.restaurant_reservations r
        where r.restaurant_id = $1 and r.search_text like $2'
      using p_restaurant_id, v_phone;
    return;
  end if;
  -- Words: the longest ($2) is what the index looks up, every word ($3) is checked on what it finds.
  return query execute
    'select r.id, r.restaurant_id, r.conversation_id, r.numero_reservation_restaurateur, r.numero_reservation, r.code_reservation, r.status, r.is_accepted, r.customer_name, r.email, r.email_address, r.phone_number, r.selected_menu, r.total_amount, r.amount_received, r.number_people, r.children, r.reservation_date, r.arrival_time, r.service, r.respond_by, r.options, r.source, r.created_at
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
