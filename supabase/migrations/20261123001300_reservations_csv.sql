-- Issue 17, export: the reservation list, as filtered, as a CSV file for French spreadsheets — UTF-8
-- with a byte order mark (Excel reads the accents), ';' between fields, CRLF between lines, French
-- headers, dates dd/mm/yyyy, amounts with a decimal comma. Written whole by the database in one call
-- (the browser pages through nothing), from the list's own search and with the list's filters and
-- order, under the caller's rights; another owner's restaurant is refused (403), as the saves are.

-- The statuses' French labels, in the lookup table (the app's badges say the same:
-- shared/test/integration/reservation-status.test.ts).
alter table private.reservation_statuses add column label text;
update private.reservation_statuses set label = case name
  when 'pending' then 'En attente' when 'accepted' then 'Acceptée' when 'rejected' then 'Refusée'
  when 'paid' then 'Payée' when 'cancelled' then 'Annulée' end;
alter table private.reservation_statuses alter column label set not null;
-- A constant of the schema: owners may read the codes and labels (the export joins them).
grant select (code, label) on private.reservation_statuses to authenticated;

-- One field, quoted; a text a spreadsheet would run as a formula (= + - @, tab, CR) is prefixed with
-- an apostrophe (OWASP, CSV injection): a customer's name is written by the chatbot's user.
create function private.csv_field(p_value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select '"' || replace(case when p_value ~ E'^[=+@\\t\\r-]' then '''' || p_value else coalesce(p_value, '') end, '"', '""') || '"'
$$;
revoke all on function private.csv_field(text) from public;
grant execute on function private.csv_field(text) to authenticated, service_role;

create function public.export_reservations_csv(
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
             private.csv_field(r.phone_number),
             to_char(r.reservation_date, 'DD/MM/YYYY'),
             coalesce(to_char(r.arrival_time, 'HH24:MI'), ''),
             case r.service when 'lunch' then 'Midi' else 'Soir' end,
             r.number_people::text,
             coalesce(r.children, 0)::text,
             private.csv_field(r.selected_menu),
             replace(to_char(r.total_amount, 'FM999999990.00'), '.', ','),
             s.label,
             to_char(r.created_at at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI')),
           '' order by case when p_due_first then r.respond_by end, r.created_at desc, r.id desc), '')
      || E'\r\n'
    from public.search_reservations(p_restaurant_id, coalesce(p_search, '')) r
    join private.reservation_statuses s on s.code = r.status
   where (p_status is null or r.status = p_status)
     and (p_from is null or r.reservation_date >= p_from)
     and (p_to is null or r.reservation_date <= p_to)
     and (p_service is null or r.service = p_service)
  );
end
$$;

revoke all on function public.export_reservations_csv(uuid, text, smallint, date, date, text, boolean) from public, anon;
grant execute on function public.export_reservations_csv(uuid, text, smallint, date, date, text, boolean) to authenticated, service_role;
