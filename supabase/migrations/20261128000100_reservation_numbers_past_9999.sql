-- A restaurant's own numbers grow past R-9999 (R-10000, R-10001…), and numbering never loops without
-- end: lpad(n, 4) cut '10000' to '1000', a number already taken, and the search for a free one ran for
-- ever while holding the restaurant's counter.

-- The restaurant's number n as shown: at least four digits (R-0042), all of them past 9999 (R-10000).
create or replace function private.restaurant_number(p_number integer)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 'R-' || lpad(p_number::text, greatest(4, length(p_number::text)), '0')
$$;
comment on function private.restaurant_number(integer) is 'A restaurant''s reservation number as shown (numero_reservation_restaurateur): R- and at least four digits (R-0042, R-10000).';
revoke execute on function private.restaurant_number(integer) from public;

-- New numbers for a reservation: the restaurant's next R-NNNN, a TBL- number unique everywhere, and
-- the customer's code. Every search here is bounded.
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
  -- A number taken by a row written by hand moves on to the next free one: among the next (rows + 1)
  -- numbers one at least is free, so the search ends.
  if exists (select 1 from public.restaurant_reservations r
              where r.restaurant_id = p_restaurant_id and r.numero_reservation_restaurateur = private.restaurant_number(v_next)) then
    select min(n) into v_next
      from generate_series(v_next, v_next + (select count(*)::integer from public.restaurant_reservations r where r.restaurant_id = p_restaurant_id)) n
     where not exists (select 1 from public.restaurant_reservations r
                        where r.restaurant_id = p_restaurant_id and r.numero_reservation_restaurateur = private.restaurant_number(n));
    update private.reservation_numbers set last_number = v_next where restaurant_id = p_restaurant_id;
  end if;
  numero_restaurateur := private.restaurant_number(v_next);

  -- 40 random bits: a clash is already unlikely once; five in a row mean something else is wrong.
  for v_attempt in 1..5 loop
    select string_agg(substr(v_alphabet, 1 + get_byte(b, i) % 32, 1), '' order by i) into v_random
      from (select extensions.gen_random_bytes(14) as b) bytes, generate_series(0, 13) i;
    numero := 'TBL-' || left(v_random, 8);
    code := right(v_random, 6);
    if not exists (select 1 from public.restaurant_reservations r where r.numero_reservation = numero) then
      return;
    end if;
  end loop;
  raise exception 'no free reservation number after 5 draws';
end
$$;
