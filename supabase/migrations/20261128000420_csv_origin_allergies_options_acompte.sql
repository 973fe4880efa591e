-- The CSV export (the reservation list as filtered) gains what the owner works with besides: where the
-- request came from (Origine), the group's allergies and diets, the options, the acompte the terms ask
-- and what was received.

-- The owner's name of a request's origin (restaurant_reservations.source), one home for SQL;
-- RESERVATION_SOURCE_LABELS of @tablee/domain/reservation-sources is its mirror (a test checks both agree).
create function private.reservation_source_label(p_source text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_source when 'web' then 'Site web' when 'phone' then 'Téléphone' else 'Assistant' end
$$;
comment on function private.reservation_source_label(text) is
  'How the owner''s screens name a request''s origin (source): Assistant, Site web, Téléphone; an unknown value reads as the chatbot''s. Twin: RESERVATION_SOURCE_LABELS of domain/src/reservation-sources.ts.';
revoke all on function private.reservation_source_label(text) from public;
grant execute on function private.reservation_source_label(text) to authenticated, service_role;

-- The acompte a reservation owes under its restaurant's terms (Facturation): a percentage of its total, or
-- a fixed amount never above it; null when none is asked or the terms are a card imprint (nothing taken).
-- Definer: a manager, who cannot read Facturation, exports it too; it answers only a member of the
-- reservation's restaurant (null to anyone else). Twin: depositFor of domain/src/deposit.ts.
create function private.reservation_acompte(p_reservation_id uuid)
returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select case when b.deposit_type = 'fixed' then round(least(b.deposit_amount, r.total_amount), 2)
              else round(r.total_amount * least(b.deposit_amount, 100) / 100, 2) end
    from public.restaurant_reservations r
    join public.restaurant_billing b on b.restaurant_id = r.restaurant_id
   where r.id = p_reservation_id
     and private.has_role(r.restaurant_id, 'manager')
     and b.requires_deposit and coalesce(b.deposit_method, 'acompte') = 'acompte' and b.deposit_amount > 0
$$;
comment on function private.reservation_acompte(uuid) is
  'The acompte a reservation owes under its restaurant''s billing terms, for a member of that restaurant only (null otherwise, and when none is asked or the terms are a card imprint). Twin: depositFor of domain/src/deposit.ts.';
revoke all on function private.reservation_acompte(uuid) from public;
grant execute on function private.reservation_acompte(uuid) to authenticated;

create or replace function public.export_reservations_csv(p_restaurant_id uuid, p_search text DEFAULT ''::text, p_status smallint DEFAULT NULL::smallint, p_from date DEFAULT NULL::date, p_to date DEFAULT NULL::date, p_service text DEFAULT NULL::text, p_due_first boolean DEFAULT false)
returns text
language plpgsql
set search_path = ''
as $function$
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  -- The header, then each reservation on a line of its own (CRLF), in the list's order.
  return (
  select chr(65279)
      || 'N° de réservation;Client;Email;Téléphone;Date;Heure;Service;Adultes;Enfants;Menu;Options;Allergies et régimes;Montant total (€);Acompte demandé (€);Montant reçu (€);Statut;Origine;Demande reçue le'
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
             private.csv_field((select string_agg((o ->> 'title') || ' ×' || (o ->> 'quantity'), ', ' order by n)
                                  from jsonb_array_elements(r.options) with ordinality as e(o, n))),
             private.csv_field(x.dietary_notes),
             replace(to_char(r.total_amount, 'FM999999990.00'), '.', ','),
             coalesce(replace(to_char(private.reservation_acompte(r.id), 'FM999999990.00'), '.', ','), ''),
             coalesce(replace(to_char(x.amount_received, 'FM999999990.00'), '.', ','), ''),
             case when r.status = private.reservation_status('paid') and x.amount_received < r.total_amount
                  then 'Acompte reçu' else s.label end,
             private.reservation_source_label(r.source),
             to_char(r.created_at at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI')),
           '' order by case when p_due_first then r.respond_by end, r.created_at desc, r.id desc), '')
      || E'\r\n'
    from public.search_reservations(p_restaurant_id, coalesce(p_search, '')) r
    join private.reservation_statuses s on s.code = r.status
    -- What was received and the allergies: not among the search's columns.
    join public.restaurant_reservations x on x.id = r.id
   where (p_status is null or r.status = p_status)
     and (p_from is null or r.reservation_date >= p_from)
     and (p_to is null or r.reservation_date <= p_to)
     and (p_service is null or r.service = p_service)
  );
end
$function$;
comment on function public.export_reservations_csv(uuid,text,smallint,date,date,text,boolean) IS 'The reservation list, as filtered, as a CSV file for French spreadsheets (BOM, '';'', CRLF, French headers and labels): with each reservation''s options, allergies and diets, acompte asked and amount received, and origin.';
revoke all on function public.export_reservations_csv(uuid,text,smallint,date,date,text,boolean) from public, anon;
grant execute on function public.export_reservations_csv(uuid,text,smallint,date,date,text,boolean) to authenticated, service_role;
