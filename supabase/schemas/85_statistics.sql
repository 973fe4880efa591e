-- Statistics: the restaurant's group business over a period — requests, answers on time, covers,
-- revenue, deposits, no-shows, where groups come from — for its members (owner or manager), one function per
-- view: 'Statistiques' (restaurant_statistics), the dashboard's cards (dashboard_statistics), the CSV
-- (export_statistics_csv). They read what the reservations and their history record; they write nothing.
--
-- One rule of the period everywhere: a reservation belongs to the Paris day its request was received
-- (created_at in Europe/Paris), p_from and p_to inclusive; the same bounds as the reservation list's filter
-- « Reçue du … au … »: created_at >= p_from 00:00 Paris and created_at < (p_to + 1) 00:00 Paris.
-- Amounts are integer cents (round(euros * 100)); rates are between 0 and 1 (4 decimals), null when their
-- denominator is 0; medians null when there is nothing to measure.
-- A function's body is checked when it runs, not here: it may name what a later file declares (pg_dump's own output does the same).
set check_function_bodies = off;

-- -------------------- Indexes

-- The requests of a period are read with restaurant_reservations_restaurant_created_idx (restaurant_id, created_at).
-- Their decisions, undos and refunds: a restaurant's status changes since an instant, read without the table.
CREATE INDEX reservation_events_statistics_idx ON public.reservation_events USING btree (restaurant_id, created_at) INCLUDE (reservation_id, kind, from_status, to_status, deposit, amount_cents) WHERE (kind = ANY (ARRAY['status'::text, 'undone'::text]));
-- Refunds in Stripe's ledger, by restaurant.
CREATE INDEX reservation_payments_refunds_idx ON public.reservation_payments USING btree (restaurant_id) WHERE (kind = 'refund'::text);

-- -------------------- Functions

CREATE OR REPLACE FUNCTION private.statistics(p_restaurant_ids uuid[], p_from date, p_to date, p_previous_from date, p_details boolean)
 RETURNS TABLE(restaurant_id uuid, current jsonb, previous jsonb, details jsonb)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  -- PL/pgSQL, so that its plan is kept from one call to the next (a function in SQL is planned at each call).
  return query
  -- One read of the requests of both periods (the previous one, when asked, ends the day before p_from): those
  -- received from since to until (Paris days: created_at >= the first day 00:00 Europe/Paris and < the day after the last).
  with bounds(since, current_since, until) as (
    select coalesce(least(p_previous_from, p_from), p_from)::timestamp at time zone 'Europe/Paris',
           p_from::timestamp at time zone 'Europe/Paris',
           (p_to + 1)::timestamp at time zone 'Europe/Paris'
  ),
  -- What the history says of them, in one pass (reservation_events_statistics_idx): nothing happens to a request before
  -- it is received, so the events since the first instant are all there is to read.
  history as (
    select e.reservation_id,
           -- The decisions from pending, and the undos of the link (which leave pending): the last one tells what stands.
           max(e.created_at) filter (where e.kind = 'status' and e.from_status = private.reservation_status('pending')) as decided_at,
           max(e.created_at) filter (where e.kind = 'undone') as undone_at,
           -- Refunded: what the cancellations said was refunded (by hand, or online through Stripe).
           sum(e.amount_cents) filter (where e.kind = 'status' and e.deposit = 'refunded') as refunded_cents
      from public.reservation_events e, bounds b
     where e.restaurant_id = any (p_restaurant_ids) and e.kind in ('status', 'undone') and e.created_at >= b.since
       and (e.kind = 'undone' or e.from_status = private.reservation_status('pending') or e.deposit = 'refunded')
     group by e.reservation_id
  ),
  -- Stripe's ledger: plus a refund made in Stripe's dashboard (no cancellation asked it), less an online refund Stripe refused for good.
  ledger as (
    select p.reservation_id, sum(case when p.event_id is null then p.amount_cents else -p.amount_cents end) as cents
      from public.reservation_payments p
     where p.restaurant_id = any (p_restaurant_ids) and p.kind = 'refund'
       and ((p.event_id is null and p.status = 'succeeded') or (p.event_id is not null and p.status = 'failed'))
     group by p.reservation_id
  ),
  received as materialized (
    select r.restaurant_id, r.id, r.created_at, r.respond_by, r.status, r.source, r.reservation_date, r.service, r.selected_menu, r.options,
           r.created_at < b.current_since as in_previous,
           (r.created_at at time zone 'Europe/Paris')::date as received_on,
           r.number_people + coalesce(r.children, 0) as covers,
           r.total_amount, r.amount_received_cents,
           coalesce(h.refunded_cents, 0) + coalesce(l.cents, 0) as refunded_cents,
           -- The decision that stands: the last decision from pending, unless an undo came after it. What it was, the
           -- status says: nothing leaves rejected, and nothing leads to it but a decision (private.reservation_transitions).
           d.decided_at,
           case when d.decided_at is not null
                then case when r.status = private.reservation_status('rejected') then r.status else private.reservation_status('accepted') end
           end as decision
      from bounds b
      join public.restaurant_reservations r
        on r.restaurant_id = any (p_restaurant_ids) and r.created_at >= b.since and r.created_at < b.until
      left join history h on h.reservation_id = r.id
      left join ledger l on l.reservation_id = r.id
     cross join lateral (
       select case when h.decided_at > coalesce(h.undone_at, '-infinity') then h.decided_at end as decided_at
     ) d
  ),
  -- What the groups confirmed in the period (accepted or paid now) booked, in one pass: the meal's weekday and service, the menu.
  booked as (
    select c.restaurant_id, extract(isodow from c.reservation_date)::integer as iso_dow, c.service collate "C" as service, c.selected_menu,
           count(*)::integer as reservations, sum(c.covers)::integer as covers
      from received c
     where p_details and not c.in_previous and c.status in (private.reservation_status('accepted'), private.reservation_status('paid'))
     group by 1, 2, 3, 4
  ),
  counted as (
    select s.restaurant_id, s.in_previous,
           count(*)::integer as requests,
           count(s.decided_at)::integer as answered,
           count(*) filter (where s.decided_at <= s.respond_by)::integer as answered_on_time,
           percentile_cont(0.5) within group (order by extract(epoch from s.decided_at - s.created_at) / 60) as answer_minutes,
           count(*) filter (where s.decision = private.reservation_status('accepted'))::integer as accepted,
           coalesce(sum(s.covers) filter (where s.status in (private.reservation_status('accepted'), private.reservation_status('paid'))), 0)::integer as covers_confirmed,
           coalesce(sum(s.covers) filter (where s.status in (private.reservation_status('rejected'), private.reservation_status('cancelled'),
                                                             private.reservation_status('no_show'))), 0)::integer as covers_lost,
           count(*) filter (where s.status in (private.reservation_status('accepted'), private.reservation_status('paid')))::integer as confirmed_groups,
           round(coalesce(sum(s.total_amount) filter (where s.status in (private.reservation_status('accepted'), private.reservation_status('paid'))), 0) * 100)::bigint
             as revenue,
           coalesce(sum(s.amount_received_cents), 0)::bigint as received,
           round(coalesce(sum(s.refunded_cents), 0))::bigint as refunded,
           count(*) filter (where s.status = private.reservation_status('no_show'))::integer as no_shows,
           count(*) filter (where s.status in (private.reservation_status('accepted'), private.reservation_status('paid'))
                              and s.reservation_date < (now() at time zone 'Europe/Paris')::date)::integer as came,
           percentile_cont(0.5) within group (order by s.reservation_date - s.received_on) as lead_days,
           percentile_cont(0.5) within group (order by s.covers) as group_size
      from received s
     group by s.restaurant_id, s.in_previous
  ),
  figures as (
    select ids.restaurant_id, periods.in_previous, jsonb_build_object(
      'requests', coalesce(c.requests, 0),
      'answered', coalesce(c.answered, 0),
      'answeredOnTime', coalesce(c.answered_on_time, 0),
      'onTimeRate', round(c.answered_on_time::numeric / nullif(c.answered, 0), 4),
      'medianAnswerMinutes', round(c.answer_minutes::numeric, 1),
      'accepted', coalesce(c.accepted, 0),
      'acceptanceRate', round(c.accepted::numeric / nullif(c.answered, 0), 4),
      'coversConfirmed', coalesce(c.covers_confirmed, 0),
      'coversLost', coalesce(c.covers_lost, 0),
      'confirmedGroups', coalesce(c.confirmed_groups, 0),
      'revenueCents', coalesce(c.revenue, 0),
      'revenuePerCoverCents', round(c.revenue::numeric / nullif(c.covers_confirmed, 0))::bigint,
      'revenuePerGroupCents', round(c.revenue::numeric / nullif(c.confirmed_groups, 0))::bigint,
      'depositsReceivedCents', coalesce(c.received, 0),
      'depositsRefundedCents', coalesce(c.refunded, 0),
      'noShows', coalesce(c.no_shows, 0),
      'noShowRate', round(c.no_shows::numeric / nullif(c.no_shows + c.came, 0), 4),
      'medianLeadDays', round(c.lead_days::numeric, 1),
      'medianGroupSize', round(c.group_size::numeric, 1)) as figures
      -- Every restaurant given and period asked, zeros when nothing was received.
      from unnest(p_restaurant_ids) as ids(restaurant_id)
     cross join (values (false), (true)) as periods(in_previous)
      left join counted c on c.restaurant_id = ids.restaurant_id and c.in_previous = periods.in_previous
     where not periods.in_previous or p_previous_from is not null
  )
  select ids.restaurant_id,
         (select f.figures from figures f where f.restaurant_id = ids.restaurant_id and not f.in_previous),
         (select f.figures from figures f where f.restaurant_id = ids.restaurant_id and f.in_previous),
         case when p_details then jsonb_build_object(
      -- Every ISO week (from its Monday) touching the period, the period's requests received in it.
      'weeks', (
        select jsonb_agg(jsonb_build_object('weekStart', d.week_start, 'requests', coalesce(w.requests, 0),
                                            'coversConfirmed', coalesce(w.covers_confirmed, 0),
                                            'medianAnswerMinutes', round(w.answer_minutes::numeric, 1),
                                            'medianPromiseMinutes', round(w.promise_minutes::numeric, 1))
                         order by d.week_start)
          from (select g::date as week_start
                  from generate_series(date_trunc('week', p_from::timestamp), p_to::timestamp, interval '1 week') g) d
          left join (
            select r.received_on - (extract(isodow from r.received_on)::integer - 1) as week_start, count(*)::integer as requests,
                   coalesce(sum(r.covers) filter (where r.status in (private.reservation_status('accepted'), private.reservation_status('paid'))), 0)::integer
                     as covers_confirmed,
                   percentile_cont(0.5) within group (order by extract(epoch from r.decided_at - r.created_at) / 60) as answer_minutes,
                   percentile_cont(0.5) within group (order by extract(epoch from r.respond_by - r.created_at) / 60) as promise_minutes
              from received r
             where not r.in_previous and r.restaurant_id = ids.restaurant_id
             group by 1) w on w.week_start = d.week_start
      ),
      'sources', (
        select coalesce(jsonb_agg(jsonb_build_object('source', s.source, 'requests', s.requests, 'accepted', s.accepted,
                                                     'acceptanceRate', round(s.accepted::numeric / nullif(s.answered, 0), 4))
                                  order by s.requests desc, s.source), '[]'::jsonb)
          -- Grouped byte-wise ("C"): the sources are a closed list of plain words.
          from (select r.source collate "C" as source, count(*)::integer as requests, count(r.decided_at)::integer as answered,
                       count(*) filter (where r.decision = private.reservation_status('accepted'))::integer as accepted
                  from received r
                 where not r.in_previous and r.restaurant_id = ids.restaurant_id
                 group by 1) s
      ),
      -- What the groups confirmed (accepted or paid now) booked: the meal's weekday and service, menus, options.
      'weekdays', (
        select jsonb_agg(jsonb_build_object('isoDow', d.iso_dow, 'reservations', coalesce(w.reservations, 0), 'covers', coalesce(w.covers, 0))
                         order by d.iso_dow)
          from generate_series(1, 7) as d(iso_dow)
          left join (select b.iso_dow, sum(b.reservations)::integer as reservations, sum(b.covers)::integer as covers
                       from booked b where b.restaurant_id = ids.restaurant_id group by b.iso_dow) w on w.iso_dow = d.iso_dow
      ),
      'services', (
        select jsonb_agg(jsonb_build_object('service', v.service, 'reservations', coalesce(w.reservations, 0), 'covers', coalesce(w.covers, 0))
                         order by v.position)
          from (values ('lunch', 1), ('dinner', 2)) as v(service, position)
          left join (select b.service, sum(b.reservations)::integer as reservations, sum(b.covers)::integer as covers
                       from booked b where b.restaurant_id = ids.restaurant_id group by b.service) w on w.service = v.service
      ),
      'menus', (
        select coalesce(jsonb_agg(jsonb_build_object('name', m.name, 'reservations', m.reservations, 'covers', m.covers)
                                  order by m.covers desc, m.reservations desc, m.name), '[]'::jsonb)
          from (select b.selected_menu as name, sum(b.reservations)::integer as reservations, sum(b.covers)::integer as covers
                  from booked b
                 where b.restaurant_id = ids.restaurant_id and b.selected_menu is not null
                 group by b.selected_menu) m
      ),
      'options', (
        select coalesce(jsonb_agg(jsonb_build_object('name', o.name, 'reservations', o.reservations)
                                  order by o.reservations desc, o.name), '[]'::jsonb)
          from (select x.name, count(distinct c.id)::integer as reservations
                  from received c
                 cross join lateral (select e ->> 'title' as name from jsonb_array_elements(c.options) e) x
                 where c.restaurant_id = ids.restaurant_id and not c.in_previous and c.options <> '[]'::jsonb
                   and c.status in (private.reservation_status('accepted'), private.reservation_status('paid')) and x.name is not null
                 group by x.name) o
      )) end
    from unnest(p_restaurant_ids) as ids(restaurant_id);
end
$function$;
COMMENT ON FUNCTION private.statistics(uuid[],date,date,date,boolean) IS 'Long: one statement, so that the requests and their history are read once for both periods and the details. For each restaurant given, in one read of its requests and their history (the requests received in the period: created_at >= p_from 00:00 Europe/Paris and < p_to + 1 00:00; the decision that stands: the last change of the history from pending to accepted or rejected, none when there is none or an undo of the one-click link came after it): the figures of the requests received from p_from to p_to (current), those from p_previous_from to p_from - 1 (previous; null when p_previous_from is), and with p_details the weeks, sources, weekdays, services, menus and options of the current period (details; null otherwise). The definitions are public.restaurant_statistics''. Run with the caller''s rights.';
REVOKE ALL ON FUNCTION private.statistics(uuid[],date,date,date,boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.statistics(uuid[],date,date,date,boolean) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.statistics_period_check(p_restaurant_id uuid, p_from date, p_to date)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  -- Members only (owner or manager); a restaurant that does not exist is refused as one of someone else's.
  if auth.uid() is null then
    raise exception 'Utilisateur non authentifié' using errcode = '42501';
  end if;
  if p_restaurant_id is null or not private.has_role(p_restaurant_id, 'manager') then
    raise exception 'Accès non autorisé à ce restaurant' using errcode = '42501';
  end if;
  if p_from is null or p_to is null then
    raise exception 'Période invalide : indiquez le premier et le dernier jour' using errcode = '22023';
  end if;
  if p_from > p_to then
    raise exception 'Période invalide : le premier jour (%) est après le dernier (%)', to_char(p_from, 'DD/MM/YYYY'), to_char(p_to, 'DD/MM/YYYY')
      using errcode = '22023';
  end if;
  if p_to - p_from + 1 > 1096 then
    raise exception 'Période trop longue : les statistiques couvrent au plus 3 ans (1 096 jours)' using errcode = '22023';
  end if;
end
$function$;
COMMENT ON FUNCTION private.statistics_period_check(uuid,date,date) IS 'Refuses a caller who is not a member of the restaurant (42501, as private.assert_role, without its lock: the statistics only read), and a period without both days, ending before it starts or over 1,096 days (3 years; 22023, in French).';
REVOKE ALL ON FUNCTION private.statistics_period_check(uuid,date,date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.statistics_period_check(uuid,date,date) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION public.restaurant_statistics(p_restaurant_id uuid, p_from date, p_to date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_previous_from date;
begin
  perform private.statistics_period_check(p_restaurant_id, p_from, p_to);
  -- The previous period: as many days, ending the day before p_from.
  v_previous_from := p_from - 1 - (p_to - p_from);
  return (
    select jsonb_build_object(
             'period', jsonb_build_object('from', p_from, 'to', p_to),
             'previousPeriod', jsonb_build_object('from', v_previous_from, 'to', p_from - 1),
             'current', s.current,
             'previous', s.previous) || s.details
      from private.statistics(array[p_restaurant_id], p_from, p_to, v_previous_from, true) s
  );
end
$function$;
COMMENT ON FUNCTION public.restaurant_statistics(uuid,date,date) IS 'Statistiques: a restaurant''s figures for the requests received from p_from to p_to (Paris days of created_at, inclusive; the list''s « Reçue du … au … »), beside the previous period (as many days, ending the day before p_from), with weeks, sources, weekdays, services, menus and options. Members (owner or manager) only, else 42501; a period without both days, reversed or over 3 years (1,096 days): 22023. Definitions: requests: received in the period. answered: its decision stands — the last decision of its history from pending to accepted or rejected (owner, manager, one-click link or acceptance at creation), unless an undo of the link came after it (then it is pending again: not answered); a status set without a history row (imported data) is not an answer. answeredOnTime: that decision at or before respond_by; onTimeRate = answeredOnTime / answered; medianAnswerMinutes: median of decision − created_at. accepted: that decision is acceptance (whatever became of it); acceptanceRate = accepted / answered. coversConfirmed, confirmedGroups, revenueCents: the reservations accepted or paid now (adults + children; total_amount), revenuePerCoverCents and revenuePerGroupCents their quotients. coversLost: rejected, cancelled or no-show now. depositsReceivedCents: amount_received_cents (what was received when marked paid, by hand or online: the list''s and the CSV''s « Montant reçu »). depositsRefundedCents: what cancellations recorded as refunded (history, deposit refunded: by hand or online), plus refunds made in Stripe''s dashboard, less online refunds Stripe refused for good. noShows: no-show now; noShowRate = noShows / (noShows + accepted or paid whose meal date is before today, Paris). medianLeadDays: median of reservation_date − the Paris day of reception, all requests; medianGroupSize: median of adults + children, all requests. weeks: every ISO week (Monday) touching the period, zeros included, counting the period''s requests received that week: requests, coversConfirmed, medianAnswerMinutes, medianPromiseMinutes (respond_by − created_at). sources: each source met, most requests first, with accepted and acceptanceRate (accepted / answered). weekdays (1 Monday … 7 Sunday, by the meal''s date), services (lunch, dinner), menus (selected_menu, most covers first) and options (their titles, most reservations first): the reservations accepted or paid now only.';
REVOKE ALL ON FUNCTION public.restaurant_statistics(uuid,date,date) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.dashboard_statistics()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_today date := (now() at time zone 'Europe/Paris')::date;
  v_ids uuid[];
begin
  if auth.uid() is null then
    raise exception 'Utilisateur non authentifié' using errcode = '42501';
  end if;
  select coalesce(array_agg(m.id order by m.id), '{}') into v_ids from private.restaurants_with_role('manager') as m(id);
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'restaurantId', s.restaurant_id,
             'requests', s.current -> 'requests',
             'onTimeRate', s.current -> 'onTimeRate',
             'coversConfirmed', s.current -> 'coversConfirmed')
             order by r.name, r.id), '[]'::jsonb)
      from private.statistics(v_ids, date_trunc('month', v_today)::date, v_today, null, false) s
      join public.restaurants r on r.id = s.restaurant_id
  );
end
$function$;
COMMENT ON FUNCTION public.dashboard_statistics() IS 'The dashboard''s cards: for every restaurant the caller is a member of (owner or manager), in one call, the figures of this month (Paris: the requests received from the 1st to today) as restaurant_statistics defines them: requests, onTimeRate, coversConfirmed. Ordered by restaurant name. Signed-in callers only (42501).';
REVOKE ALL ON FUNCTION public.dashboard_statistics() FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION private.csv_decimal(p_value numeric)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  -- French decimals, no trailing zero: 14,3 ; 21 ; empty for null.
  select coalesce(replace(trim_scale(p_value)::text, '.', ','), '')
$function$;
COMMENT ON FUNCTION private.csv_decimal(numeric) IS 'A number as a French spreadsheet reads it: a decimal comma, no trailing zero (14,3; 21); empty for null.';
REVOKE ALL ON FUNCTION private.csv_decimal(numeric) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.csv_decimal(numeric) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION public.export_statistics_csv(p_restaurant_id uuid, p_from date, p_to date)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_previous_from date;
  v_previous_to date;
  v_current jsonb;
  v_previous jsonb;
begin
  perform private.statistics_period_check(p_restaurant_id, p_from, p_to);
  -- The previous period: as many days, ending the day before p_from (restaurant_statistics').
  v_previous_to := p_from - 1;
  v_previous_from := v_previous_to - (p_to - p_from);
  select s.current, s.previous into v_current, v_previous
    from private.statistics(array[p_restaurant_id], p_from, p_to, v_previous_from, false) s;

  -- One line per figure (CRLF): its label, the period's value, the previous period's.
  return chr(65279)
      || 'Indicateur;Du ' || to_char(p_from, 'DD/MM/YYYY') || ' au ' || to_char(p_to, 'DD/MM/YYYY')
      || ';Période précédente, du ' || to_char(v_previous_from, 'DD/MM/YYYY') || ' au ' || to_char(v_previous_to, 'DD/MM/YYYY')
      || string_agg(E'\r\n' || private.csv_field(l.label) || ';' || private.statistics_csv_value(v_current -> l.key, l.unit)
                    || ';' || private.statistics_csv_value(v_previous -> l.key, l.unit), '' order by l.position)
      || E'\r\n'
    from (values
      (1, 'requests', 'Demandes reçues', 'count'),
      (2, 'answered', 'Demandes traitées (acceptées ou refusées)', 'count'),
      (3, 'answeredOnTime', 'Traitées dans le délai promis', 'count'),
      (4, 'onTimeRate', 'Réponses dans le délai promis (%)', 'rate'),
      (5, 'medianAnswerMinutes', 'Délai médian de réponse (minutes)', 'number'),
      (6, 'accepted', 'Demandes acceptées', 'count'),
      (7, 'acceptanceRate', 'Taux d''acceptation (%)', 'rate'),
      (8, 'coversConfirmed', 'Couverts confirmés', 'count'),
      (9, 'coversLost', 'Couverts perdus (refusés, annulés, non présentés)', 'count'),
      (10, 'confirmedGroups', 'Groupes confirmés', 'count'),
      (11, 'revenueCents', 'Chiffre d''affaires des groupes (€)', 'cents'),
      (12, 'revenuePerCoverCents', 'Moyenne par couvert (€)', 'cents'),
      (13, 'revenuePerGroupCents', 'Moyenne par groupe (€)', 'cents'),
      (14, 'depositsReceivedCents', 'Acomptes reçus (€)', 'cents'),
      (15, 'depositsRefundedCents', 'Acomptes remboursés (€)', 'cents'),
      (16, 'noShows', 'Non présentés', 'count'),
      (17, 'noShowRate', 'Taux de non-présentation (%)', 'rate'),
      (18, 'medianLeadDays', 'Délai médian entre la demande et le repas (jours)', 'number'),
      (19, 'medianGroupSize', 'Taille médiane des groupes (personnes)', 'number')
    ) as l(position, key, label, unit);
end
$function$;
COMMENT ON FUNCTION public.export_statistics_csv(uuid,date,date) IS 'Statistiques as a CSV file for French spreadsheets, with the rules of export_reservations_csv (BOM, '';'', CRLF, French labels, text fields quoted and formula-safe, decimal commas): one line per figure of restaurant_statistics (same definitions, same refusals), the period''s value and the previous period''s; rates in %, amounts in euros, empty when there is nothing to measure.';
REVOKE ALL ON FUNCTION public.export_statistics_csv(uuid,date,date) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION private.statistics_csv_value(p_value jsonb, p_unit text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case
    when p_value is null or jsonb_typeof(p_value) <> 'number' then ''
    when p_unit = 'cents' then replace(to_char(p_value::numeric / 100, 'FM999999999990.00'), '.', ',')
    when p_unit = 'rate' then private.csv_decimal(round(p_value::numeric * 100, 1))
    else private.csv_decimal(p_value::numeric)
  end
$function$;
COMMENT ON FUNCTION private.statistics_csv_value(jsonb,text) IS 'A figure of restaurant_statistics as export_statistics_csv writes it: cents as euros (1234,50), a rate as a percentage with one decimal (80; 14,3), a count or median as it is (42,5); empty for null.';
REVOKE ALL ON FUNCTION private.statistics_csv_value(jsonb,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.statistics_csv_value(jsonb,text) TO authenticated, service_role;
