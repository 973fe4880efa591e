-- Tablée — the CSV export neutralises a formula behind a line break, and
-- writes phone numbers as text a spreadsheet keeps as typed (issue 32, item 15).
--
-- 1. private.csv_field: a field whose first non-blank character (after spaces,
--    tabs, line breaks or other control characters) is = + - @ may be run as a
--    formula (a leading break is trimmed on import or on edit); it was caught
--    only when the very first character was one of them (or a tab or CR). It
--    now gets the apostrophe too (OWASP, CSV injection), as does a leading LF.
-- 2. private.csv_phone: '+33612345678' was written "'+33612345678" — on CSV
--    import the apostrophe is part of the cell, not Excel's typed-text marker —
--    and a plain '0612345678' reads as the number 612345678 (its 0 lost), a
--    '+33…' as a number or a formula. A plain phone number (digits, spaces,
--    dots, hyphens, parentheses, one leading +) is now written ="+33612345678":
--    a constant text formula. Excel and Google Sheets (and LibreOffice when its
--    CSV import evaluates formulas) show exactly the number, as text, nothing
--    added to the value. A leading tab, the other usual trick, stays inside the
--    cell's value; an apostrophe shows. Only those characters go inside the
--    formula, so nothing else can run; anything else goes through csv_field.
-- export_reservations_csv is restated whole; only its phone column changed.

create or replace function private.csv_field(p_value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select '"' || replace(
    case when p_value ~ E'^[\\t\\r\\n]' or p_value ~ '^[[:space:][:cntrl:]]*[=+@-]'
         then '''' || p_value else coalesce(p_value, '') end,
    '"', '""') || '"'
$$;
comment on function private.csv_field(text) is
  'One CSV field, quoted; a value a spreadsheet would run as a formula (= + - @ first, even after blanks or line breaks, or a tab/CR/LF first) is prefixed with an apostrophe.';
revoke all on function private.csv_field(text) from public;
grant execute on function private.csv_field(text) to authenticated, service_role;

create or replace function private.csv_phone(p_value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when p_value ~ '^\+?[0-9][0-9 .()-]*$' then '"=""' || p_value || '"""'
    else private.csv_field(p_value)
  end
$$;
comment on function private.csv_phone(text) is
  'A phone number as a CSV field a spreadsheet reads as text, unchanged: ="+33612345678" for a plain number (digits, spaces, dots, hyphens, parentheses, leading +); anything else as private.csv_field.';
revoke all on function private.csv_phone(text) from public;
grant execute on function private.csv_phone(text) to authenticated, service_role;

create or replace function public.export_reservations_csv(
  p_restaurant_id uuid,
  p_search text default '',
  p_status smallint default null,
  p_from date default null,
  p_to date default null,
  p_service text default null,
  p_due_first boolean default false
)
returns text
language plpgsql
-- Not stable: the ownership check (private.assert_restaurant_owner) locks the restaurant's row.
volatile
security invoker
set search_path = ''
as $$
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
  -- The header, then each reservation on a line of its own (CRLF), in the list's order.
  return (
  select chr(65279)
      || 'N° de réservation;Client;Email;Téléphone;Date;Heure;Service;Adultes;Enfants;Menu;Montant total (€);Statut;Demande reçue le'
      || coalesce(string_agg(
           E'\r\n' || concat_ws(';',
             private.csv_field(r.numero_reservation_restaurateur),
             private.csv_field(r.customer_name),
             private.csv_field(r.email),
             private.csv_phone(r.phone_number),
             to_char(r.reservation_date, 'DD/MM/YYYY'),
             coalesce(to_char(r.arrival_time, 'HH24:MI'), ''),
             case r.service when 'lunch' then 'Midi' else 'Soir' end,
             r.number_people::text,
             coalesce(r.children, 0)::text,
             private.csv_field(r.selected_menu),
             replace(to_char(r.total_amount, 'FM999999990.00'), '.', ','),
             case when r.status = private.reservation_status('paid') and x.amount_received < r.total_amount
                  then 'Acompte reçu' else s.label end,
             to_char(r.created_at at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI')),
           '' order by case when p_due_first then r.respond_by end, r.created_at desc, r.id desc), '')
      || E'\r\n'
    from public.search_reservations(p_restaurant_id, coalesce(p_search, '')) r
    join private.reservation_statuses s on s.code = r.status
    -- What was received: not among the search's columns.
    join public.restaurant_reservations x on x.id = r.id
   where (p_status is null or r.status = p_status)
     and (p_from is null or r.reservation_date >= p_from)
     and (p_to is null or r.reservation_date <= p_to)
     and (p_service is null or r.service = p_service)
  );
end
$$;
comment on function public.export_reservations_csv(uuid, text, smallint, date, date, text, boolean) is
  'The reservation list, as filtered, as a CSV file for French spreadsheets (BOM, '';'', CRLF, French headers and labels).';
revoke all on function public.export_reservations_csv(uuid, text, smallint, date, date, text, boolean) from public, anon;
grant execute on function public.export_reservations_csv(uuid, text, smallint, date, date, text, boolean) to authenticated, service_role;
