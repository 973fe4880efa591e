-- Issue 30, items 1 and 2: the owner takes a booking by phone ('Nouvelle réservation', through the one
-- way in, public.submit_group_request, source 'phone') and changes one ('Modifier': one call of
-- public.modify_reservation, recorded in the history, the customer e-mailed through the outbox when the
-- reservation stands); a reservation carries the customer's allergies and diets (dietary_notes, part of
-- the request contract) and the owner's internal notes (notes, never in the contract).

-- ---------------------------------------------------------------- the reservation's notes

alter table public.restaurant_reservations
  add column dietary_notes text,
  add column notes text,
  add constraint restaurant_reservations_dietary_notes_max_1000 check (char_length(dietary_notes) <= 1000),
  add constraint restaurant_reservations_notes_max_2000 check (char_length(notes) <= 2000);
comment on column public.restaurant_reservations.dietary_notes is 'Allergies and diets of the group (the request''s dietary_notes, or the owner''s): printed prominently on the kitchen sheet.';
comment on column public.restaurant_reservations.notes is 'The owner''s internal notes (Nouvelle réservation, Modifier): never shown to the customer; printed on the dining-room sheet.';
grant select (dietary_notes, notes) on public.restaurant_reservations to authenticated;

-- ---------------------------------------------------------------- the history: changes beside decisions

alter table public.reservation_events
  add column kind text not null default 'status' constraint reservation_events_kind_check check (kind in ('status', 'modified')),
  add column summary text constraint reservation_events_summary_length check (char_length(summary) <= 4000);
comment on table public.reservation_events is
  'The history of a reservation: one row per status change (kind status, written by transition_reservation_by_id) and per change of its details (kind modified, written by modify_reservation; from_status = to_status, summary says who changed what).';
comment on column public.reservation_events.summary is 'For a change (kind modified): « Modifiée par <e-mail> : 14 → 18 personnes, … », written when it was made.';

-- ---------------------------------------------------------------- the outbox: the customer told of a booking taken or changed

alter table public.notification_outbox
  add column event_id uuid references public.reservation_events (id) on delete cascade,
  drop constraint notification_outbox_kind_check,
  add constraint notification_outbox_kind_check check (kind in (
    'owner_new_request', 'customer_request_received', 'customer_reservation_accepted', 'customer_reservation_modified')),
  -- A reservation is changed more than once: one message per event and channel (event_id null for the
  -- messages of the request itself, which stay one per kind and channel).
  drop constraint notification_outbox_one_per_channel,
  add constraint notification_outbox_one_per_channel unique nulls not distinct (reservation_id, kind, channel, event_id);
comment on column public.notification_outbox.event_id is 'The change (reservation_events, kind modified) a customer_reservation_modified message tells of; null for the others.';
comment on column public.notification_outbox.kind is 'owner_new_request: the restaurant told of a request; customer_request_received: the customer''s acknowledgement; customer_reservation_accepted: the confirmation of a booking the owner accepted as they took it; customer_reservation_modified: the new details of an accepted or paid reservation the owner changed.';

-- ---------------------------------------------------------------- the one way in, with the dietary notes

-- The messages a new request makes due: the restaurant told by e-mail and WhatsApp, the customer
-- acknowledged by e-mail, each where an address is known. A booking the owner typed (source phone)
-- does not tell the owner of it. The sender wakes on the notification.
create or replace function private.queue_request_notifications(p_reservation_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  insert into public.notification_outbox (restaurant_id, reservation_id, kind, channel, recipient, payload)
  select r.restaurant_id, r.id, m.kind, m.channel, m.recipient,
         jsonb_build_object('numero_reservation', r.numero_reservation, 'numero_restaurateur', r.numero_reservation_restaurateur,
                            'reservation_date', r.reservation_date, 'arrival_time', to_char(r.arrival_time, 'HH24:MI'))
    from public.restaurant_reservations r
    left join public.restaurant_contacts c on c.restaurant_id = r.restaurant_id
   cross join lateral (values
     ('owner_new_request', 'email', c.email_address),
     ('owner_new_request', 'whatsapp', nullif(btrim(c.whatsapp), '')),
     ('customer_request_received', 'email', r.email_address)
   ) m(kind, channel, recipient)
   where r.id = p_reservation_id and m.recipient is not null
     and (m.kind <> 'owner_new_request' or r.source <> 'phone');
  perform pg_notify('notification_outbox', p_reservation_id::text);
end
$$;
revoke execute on function private.queue_request_notifications(uuid) from public;

create or replace function public.submit_group_request(p_restaurant_id uuid, p_request jsonb, p_source text default 'assistant')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_external_id text;
  v_fingerprint text := md5(p_request::text);
  v_existing public.restaurant_reservations;
  v_slot record;
  v_adults integer;
  v_children integer;
  v_amounts record;
  v_customer record;
  v_numbers record;
  v_row public.restaurant_reservations;
begin
  if p_request is null or jsonb_typeof(p_request) <> 'object' then
    perform private.refuse_request(422, 'invalid_request', null, 'La demande doit être un objet JSON.');
  end if;
  v_external_id := private.request_text(p_request -> 'external_id', 'external_id', 'L''identifiant de la demande (external_id)', 200, true);

  -- The same external_id is handled one call at a time: a repeat finds the first one's row.
  perform pg_advisory_xact_lock(hashtextextended('submit_group_request:' || p_restaurant_id || ':' || v_external_id, 0));
  select r.* into v_existing from public.restaurant_reservations r
   where r.restaurant_id = p_restaurant_id and r.external_id = v_external_id;
  if v_existing.id is not null then
    if v_existing.request_fingerprint is distinct from v_fingerprint then
      perform private.refuse_request(409, 'external_id_conflict', 'external_id',
        'Une autre demande porte déjà cet identifiant (external_id) : envoyez-la avec un nouvel identifiant.');
    end if;
    return private.submitted_request(v_existing, true);
  end if;

  if not exists (select 1 from public.restaurants r join public.restaurant_completeness k on k.restaurant_id = r.id
                  where r.id = p_restaurant_id and r.onboarding_finished_at is not null and k.missing_count = 0) then
    perform private.refuse_request(422, 'restaurant_not_ready', null,
      'Ce restaurant ne prend pas encore de demandes de réservation en ligne : merci de le contacter directement.');
  end if;

  select * into v_slot from private.request_slot(p_restaurant_id, p_request ->> 'date', p_request ->> 'arrival_time');
  v_adults := private.request_count(p_request -> 'adults', 'adults', 'Le nombre d''adultes', 1, null);
  v_children := private.request_count(p_request -> 'children', 'children', 'Le nombre d''enfants', 0, 0);
  if v_adults + v_children not between v_slot.group_min and v_slot.group_max then
    perform private.refuse_request(422, 'group_size', 'adults',
      'Le restaurant accueille les groupes de ' || v_slot.group_min || ' à ' || v_slot.group_max || ' personnes au '
      || private.service_label(v_slot.service) || ' ce jour-là.');
  end if;
  select * into v_amounts from private.request_amounts(p_restaurant_id, v_slot.service, p_request -> 'menu_id', p_request -> 'options', v_adults, v_children);
  select * into v_customer from private.request_customer(p_request -> 'customer');
  select * into v_numbers from private.new_reservation_numbers(p_restaurant_id);

  insert into public.restaurant_reservations (
    restaurant_id, conversation_id, numero_reservation_restaurateur, numero_reservation, code_reservation,
    customer_name, email, phone_number, selected_menu, selected_menu_id, total_amount, number_people, children,
    reservation_date, arrival_time, options, external_id, request_fingerprint, customer_message, dietary_notes, source)
  values (
    p_restaurant_id, private.request_conversation(p_restaurant_id, p_request -> 'conversation'),
    v_numbers.numero_restaurateur, v_numbers.numero, v_numbers.code,
    v_customer.name, v_customer.email, v_customer.phone, v_amounts.menu_name, v_amounts.menu_id, v_amounts.total, v_adults, v_children,
    (p_request ->> 'date')::date, (p_request ->> 'arrival_time')::time, v_amounts.options, v_external_id, v_fingerprint,
    private.request_text(p_request -> 'message', 'message', 'Le message', 2000, false),
    private.request_text(p_request -> 'dietary_notes', 'dietary_notes', 'Le champ allergies et régimes', 1000, false), p_source)
  returning * into v_row;

  perform private.queue_request_notifications(v_row.id);
  return private.submitted_request(v_row, false);
end
$$;
comment on function public.submit_group_request(uuid, jsonb, text) is 'The one way a reservation is created (the chatbot''s contract, README "Requests in"; the owner''s Nouvelle réservation through submit_owner_reservation, source phone): checks the request against the stored profile (refusals: {code, message, details = field} with HTTP 422), stores it pending with its numbers, total, dietary notes and respond_by, and queues its notifications. The same external_id again returns the same reservation (replayed: true); with another body it is refused (409).';
revoke all on function public.submit_group_request(uuid, jsonb, text) from public, anon, authenticated;
grant execute on function public.submit_group_request(uuid, jsonb, text) to service_role;

-- ---------------------------------------------------------------- Nouvelle réservation

-- What the customer of a reservation is told its details changed (or a booking taken as accepted):
-- one e-mail, where the reservation has one plain address.
create or replace function private.queue_customer_message(p_reservation_id uuid, p_kind text, p_event_id uuid)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  v_queued boolean;
begin
  insert into public.notification_outbox (restaurant_id, reservation_id, kind, channel, recipient, payload, event_id)
  select r.restaurant_id, r.id, p_kind, 'email', r.email_address,
         jsonb_build_object('numero_reservation', r.numero_reservation, 'numero_restaurateur', r.numero_reservation_restaurateur,
                            'reservation_date', r.reservation_date, 'arrival_time', to_char(r.arrival_time, 'HH24:MI')),
         p_event_id
    from public.restaurant_reservations r
   where r.id = p_reservation_id and r.email_address is not null;
  v_queued := found;
  if v_queued then
    perform pg_notify('notification_outbox', p_reservation_id::text);
  end if;
  return v_queued;
end
$$;
revoke execute on function private.queue_customer_message(uuid, text, uuid) from public;

-- Raised to roll back a preview (its own code: nothing else raises it).
create or replace function private.end_preview()
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  raise exception 'preview' using errcode = 'TBLPV';
end
$$;
revoke execute on function private.end_preview() from public;

create or replace function public.submit_owner_reservation(
  p_restaurant_id uuid, p_request jsonb, p_notes text default null, p_accept boolean default false, p_preview boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_notes text;
  v_submitted jsonb;
  v_id uuid;
  v_outcome jsonb;
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
  v_notes := private.request_text(to_jsonb(p_notes), 'notes', 'Les notes internes', 2000, false);

  if p_preview then
    -- The request made and rolled back: its refusals, or what accepting it would mean for the plan.
    begin
      v_submitted := public.submit_group_request(p_restaurant_id, p_request, 'phone');
      perform private.end_preview();
    exception when sqlstate 'TBLPV' then
      null;
    end;
    return v_submitted || jsonb_build_object('preview', true);
  end if;

  v_submitted := public.submit_group_request(p_restaurant_id, p_request, 'phone');
  -- The same form sent twice (its external_id): the reservation made the first time, as it is.
  if (v_submitted ->> 'replayed')::boolean then
    return v_submitted;
  end if;
  v_id := (v_submitted #>> '{reservation,id}')::uuid;
  update public.restaurant_reservations r set notes = v_notes where r.id = v_id;

  if p_accept then
    v_outcome := public.transition_reservation_by_id(
      p_reservation_id => v_id, p_target_status => private.reservation_status('accepted'), p_actor => 'owner', p_actor_user_id => auth.uid());
    if v_outcome ->> 'outcome' <> 'ok' then
      raise exception 'accepting the new booking failed: %', v_outcome ->> 'outcome';
    end if;
    -- Accepted as it is taken: the customer gets the confirmation instead of the acknowledgement.
    delete from public.notification_outbox n where n.reservation_id = v_id and n.kind = 'customer_request_received';
    perform private.queue_customer_message(v_id, 'customer_reservation_accepted', null);
    v_submitted := jsonb_set(v_submitted, '{reservation,status}', to_jsonb('accepted'::text));
  end if;
  return v_submitted;
end
$$;
comment on function public.submit_owner_reservation(uuid, jsonb, text, boolean, boolean) is 'Nouvelle réservation: a booking the owner takes (by phone), through submit_group_request with source phone (the same checks and refusals; the owner is not notified of it, the customer is acknowledged). p_notes: the owner''s internal notes. p_accept: accepted at once (the history names the owner; the customer gets the acceptance e-mail, not the acknowledgement). p_preview: nothing is stored; answers what submit_group_request would (its acceptance check: the warnings to confirm before accepting).';
revoke all on function public.submit_owner_reservation(uuid, jsonb, text, boolean, boolean) from public, anon;
grant execute on function public.submit_owner_reservation(uuid, jsonb, text, boolean, boolean) to authenticated;

-- ---------------------------------------------------------------- Modifier

-- A reservation as the request that would make it today (the contract's fields, plus the notes): the
-- base a change is laid over.
create or replace function private.reservation_as_request(p_row public.restaurant_reservations)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'date', to_char(p_row.reservation_date, 'YYYY-MM-DD'),
    'arrival_time', to_char(p_row.arrival_time, 'HH24:MI'),
    'adults', p_row.number_people,
    'children', p_row.children,
    'menu_id', p_row.selected_menu_id,
    'options', (select coalesce(jsonb_agg(jsonb_build_object('option_id', o ->> 'option_id', 'quantity', (o ->> 'quantity')::integer)), '[]'::jsonb)
                  from jsonb_array_elements(p_row.options) o where o ? 'option_id'),
    'customer', jsonb_build_object('name', p_row.customer_name, 'email', p_row.email, 'phone', p_row.phone_number),
    'dietary_notes', p_row.dietary_notes,
    'notes', p_row.notes)
$$;
revoke execute on function private.reservation_as_request(public.restaurant_reservations) from public;

-- What changed, in the owner's words: « 14 → 18 personnes, arrivée 19:30 → 20:00, total 420,00 € → 540,00 € ».
create or replace function private.reservation_change_summary(p_old public.restaurant_reservations, p_new public.restaurant_reservations)
returns text
language sql
stable
set search_path = ''
as $$
  with euros(old_total, new_total) as (
    select replace(to_char(p_old.total_amount, 'FM999999990.00'), '.', ',') || ' €', replace(to_char(p_new.total_amount, 'FM999999990.00'), '.', ',') || ' €'
  ), options(old_list, new_list) as (
    select (select coalesce(string_agg((o ->> 'title') || ' ×' || (o ->> 'quantity'), ', ' order by o ->> 'title'), 'aucune') from jsonb_array_elements(p_old.options) o),
           (select coalesce(string_agg((o ->> 'title') || ' ×' || (o ->> 'quantity'), ', ' order by o ->> 'title'), 'aucune') from jsonb_array_elements(p_new.options) o)
  )
  select nullif(concat_ws(', ',
    case when (p_old.number_people, p_old.children) is distinct from (p_new.number_people, p_new.children) then
      (p_old.number_people + p_old.children) || ' → ' || (p_new.number_people + p_new.children) || ' personnes'
      || case when p_old.children <> p_new.children then ' (enfants : ' || p_old.children || ' → ' || p_new.children || ')' else '' end end,
    case when p_old.reservation_date <> p_new.reservation_date then
      'date ' || to_char(p_old.reservation_date, 'DD/MM/YYYY') || ' → ' || to_char(p_new.reservation_date, 'DD/MM/YYYY') end,
    case when p_old.arrival_time is distinct from p_new.arrival_time then
      'arrivée ' || coalesce(to_char(p_old.arrival_time, 'HH24:MI'), '—') || ' → ' || to_char(p_new.arrival_time, 'HH24:MI') end,
    case when p_old.selected_menu is distinct from p_new.selected_menu then
      'menu ' || coalesce(p_old.selected_menu, 'aucun') || ' → ' || coalesce(p_new.selected_menu, 'aucun') end,
    case when o.old_list <> o.new_list then 'options ' || o.old_list || ' → ' || o.new_list end,
    case when p_old.customer_name <> p_new.customer_name then 'client ' || p_old.customer_name || ' → ' || p_new.customer_name end,
    case when p_old.email is distinct from p_new.email then 'e-mail ' || coalesce(p_old.email, '—') || ' → ' || coalesce(p_new.email, '—') end,
    case when p_old.phone_number is distinct from p_new.phone_number then
      'téléphone ' || coalesce(p_old.phone_number, '—') || ' → ' || coalesce(p_new.phone_number, '—') end,
    case when p_old.dietary_notes is distinct from p_new.dietary_notes then
      coalesce('allergies et régimes : « ' || p_new.dietary_notes || ' »', 'allergies et régimes retirées') end,
    case when p_old.notes is distinct from p_new.notes then 'notes internes modifiées' end,
    case when e.old_total <> e.new_total then 'total ' || e.old_total || ' → ' || e.new_total end), '')
    from euros e, options o
$$;
revoke execute on function private.reservation_change_summary(public.restaurant_reservations, public.restaurant_reservations) from public;

-- The change laid over the reservation, checked as submit_group_request checks a request (the same
-- helpers: slot, counts, menu and options, customer), written to the locked row; the new row.
create or replace function private.apply_reservation_changes(p_old public.restaurant_reservations, p_changes jsonb)
returns public.restaurant_reservations
language plpgsql
set search_path = ''
as $$
declare
  v_allowed constant text[] := array['date', 'arrival_time', 'adults', 'children', 'menu_id', 'options', 'customer', 'dietary_notes', 'notes'];
  v_unknown text;
  v_request jsonb;
  v_slot record;
  v_adults integer;
  v_children integer;
  v_amounts record;
  v_customer record;
  v_row public.restaurant_reservations;
begin
  if p_changes is null or jsonb_typeof(p_changes) <> 'object' then
    perform private.refuse_request(422, 'invalid_request', null, 'La modification doit être un objet JSON.');
  end if;
  select k into v_unknown from jsonb_object_keys(p_changes) k where k <> all (v_allowed) limit 1;
  if v_unknown is not null then
    perform private.refuse_request(422, 'unknown_field', v_unknown, 'Champ inconnu : ' || v_unknown || '.');
  end if;
  v_request := private.reservation_as_request(p_old) || p_changes;

  select * into v_slot from private.request_slot(p_old.restaurant_id, v_request ->> 'date', v_request ->> 'arrival_time');
  v_adults := private.request_count(v_request -> 'adults', 'adults', 'Le nombre d''adultes', 1, null);
  v_children := private.request_count(v_request -> 'children', 'children', 'Le nombre d''enfants', 0, 0);
  if v_adults + v_children not between v_slot.group_min and v_slot.group_max then
    perform private.refuse_request(422, 'group_size', 'adults',
      'Le restaurant accueille les groupes de ' || v_slot.group_min || ' à ' || v_slot.group_max || ' personnes au '
      || private.service_label(v_slot.service) || ' ce jour-là.');
  end if;
  select * into v_amounts from private.request_amounts(p_old.restaurant_id, v_slot.service, v_request -> 'menu_id', v_request -> 'options', v_adults, v_children);
  select * into v_customer from private.request_customer(v_request -> 'customer');

  update public.restaurant_reservations r
     set reservation_date = (v_request ->> 'date')::date, arrival_time = (v_request ->> 'arrival_time')::time,
         number_people = v_adults, children = v_children,
         selected_menu = v_amounts.menu_name, selected_menu_id = v_amounts.menu_id, options = v_amounts.options, total_amount = v_amounts.total,
         customer_name = v_customer.name, email = v_customer.email, phone_number = v_customer.phone,
         dietary_notes = private.request_text(v_request -> 'dietary_notes', 'dietary_notes', 'Le champ allergies et régimes', 1000, false),
         notes = private.request_text(v_request -> 'notes', 'notes', 'Les notes internes', 2000, false)
   where r.id = p_old.id
  returning * into v_row;
  return v_row;
end
$$;
revoke execute on function private.apply_reservation_changes(public.restaurant_reservations, jsonb) from public;

create or replace function public.modify_reservation(p_reservation_id uuid, p_changes jsonb, p_preview boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old public.restaurant_reservations;
  v_new public.restaurant_reservations;
  v_seen public.restaurant_reservations;
  v_status text;
  v_diff text;
  v_summary text;
  v_check jsonb;
  v_event uuid;
  v_notified boolean := false;
begin
  if auth.uid() is null then
    raise exception 'Utilisateur non authentifié' using errcode = '42501';
  end if;
  -- The row lock: a change and a decision (or two changes) on the same reservation go one after the other.
  -- Another owner's reservation is not found, as one that does not exist.
  select r.* into v_old from public.restaurant_reservations r
   where r.id = p_reservation_id
     and r.restaurant_id in (select x.id from public.restaurants x where x.user_id = auth.uid())
     for update of r;
  if v_old.id is null then
    perform private.raise_not_found('Réservation non trouvée');
  end if;
  select s.name into v_status from private.reservation_statuses s where s.code = v_old.status;
  if v_status not in ('pending', 'accepted', 'paid') then
    perform private.refuse_request(409, 'not_modifiable', null,
      'Cette réservation ne peut plus être modifiée : seules les réservations en attente, acceptées ou payées peuvent l''être.');
  end if;

  begin
    v_new := private.apply_reservation_changes(v_old, p_changes);
    v_diff := private.reservation_change_summary(v_old, v_new);
    -- What the plan says of the reservation as changed (for a pending one: once accepted).
    select to_jsonb(c) into v_check from public.reservation_acceptance_check(v_new.restaurant_id, v_new.numero_reservation_restaurateur) c;
    if p_preview then
      perform private.end_preview();
    end if;
  exception when sqlstate 'TBLPV' then
    return jsonb_build_object('preview', true, 'changed', v_diff is not null, 'summary', v_diff, 'acceptance', v_check);
  end;

  if v_diff is not null then
    v_summary := 'Modifiée par ' || coalesce((select u.email from auth.users u where u.id = auth.uid()), 'le restaurant') || ' : ' || v_diff;
    insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, actor_user_id, kind, summary)
    values (v_new.id, v_new.restaurant_id, v_new.status, v_new.status, 'owner', auth.uid(), 'modified', left(v_summary, 4000))
    returning id into v_event;
    -- The customer of a standing reservation gets its new details; internal notes are not theirs to know.
    v_seen := v_new;
    v_seen.notes := v_old.notes;
    if v_status in ('accepted', 'paid') and private.reservation_change_summary(v_old, v_seen) is not null then
      v_notified := private.queue_customer_message(v_new.id, 'customer_reservation_modified', v_event);
    end if;
  end if;
  return jsonb_build_object('preview', false, 'changed', v_diff is not null, 'summary', v_summary, 'acceptance', v_check,
    'customer_notified', v_notified, 'numero_restaurateur', v_new.numero_reservation_restaurateur, 'total_amount', v_new.total_amount);
end
$$;
comment on function public.modify_reservation(uuid, jsonb, boolean) is 'Modifier: the owner''s change of a pending, accepted or paid reservation, in one call. p_changes: any of the request''s fields (date, arrival_time, adults, children, menu_id, options, customer, dietary_notes) and notes, laid over the reservation and checked as submit_group_request checks a request (refusals: {code, message, details = field}, 422); the total recomputed; one history row « Modifiée par <e-mail> : … »; the customer of an accepted or paid reservation e-mailed the new details (outbox). p_preview: nothing is changed; answers what would change and the acceptance check of the reservation as changed.';
revoke all on function public.modify_reservation(uuid, jsonb, boolean) from public, anon;
grant execute on function public.modify_reservation(uuid, jsonb, boolean) to authenticated;
