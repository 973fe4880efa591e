-- external_id is the sender's idempotency key, and a sender is a credential: an assistant key (its id),
-- the restaurant's request page ('web', whose ids are each page's own random id), the owner's booking
-- ('phone'), the service role without a key ('assistant'). Shared by every caller, it let a request sent
-- without a key take the id the chatbot would use next (the chatbot's real request then a 409), and a
-- chatbot's body replayed without a key answer 200 with that reservation's id, numbers and code. Each
-- credential now has its own ids, as Stripe scopes idempotency keys to the account: the same id from
-- another credential is another request.

alter table public.restaurant_reservations add column request_scope text;
comment on column public.restaurant_reservations.request_scope is 'The credential external_id belongs to: the assistant key''s id, web (the request page), phone (a member''s booking) or assistant (the service role without a key). The same external_id from another credential is another request.';
-- Requests stored before: their source was their credential (which key sent them was not kept).
update public.restaurant_reservations set request_scope = source where external_id is not null;
alter table public.restaurant_reservations
  add constraint restaurant_reservations_request_scope_check check (char_length(request_scope) <= 64),
  add constraint restaurant_reservations_external_id_scoped check (external_id is null or request_scope is not null);

drop index public.restaurant_reservations_external_id_key;
create unique index restaurant_reservations_external_id_key
  on public.restaurant_reservations (restaurant_id, request_scope, external_id) where external_id is not null;

-- The reservation a credential already made with this external_id, as submit_group_request answers a
-- repeat (replayed: true); null when there is none. Another body under the same id is refused (409).
-- Calls with the same id from the same credential are handled one at a time (until the transaction ends).
create or replace function private.replayed_request(p_restaurant_id uuid, p_scope text, p_external_id text, p_fingerprint text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_existing public.restaurant_reservations;
begin
  perform pg_advisory_xact_lock(hashtextextended('submit_group_request:' || p_restaurant_id || ':' || p_scope || ':' || p_external_id, 0));
  select r.* into v_existing from public.restaurant_reservations r
   where r.restaurant_id = p_restaurant_id and r.request_scope = p_scope and r.external_id = p_external_id;
  if v_existing.id is null then
    return null;
  end if;
  if v_existing.request_fingerprint is distinct from p_fingerprint then
    perform private.refuse_request(409, 'external_id_conflict', 'external_id',
      'Une autre demande porte déjà cet identifiant (external_id) : envoyez-la avec un nouvel identifiant.');
  end if;
  return private.submitted_request(v_existing, true);
end
$$;
revoke execute on function private.replayed_request(uuid, text, text, text) from public;

-- The credential a request comes with: the assistant key's id (a live key of this restaurant), or the
-- path it came by.
create or replace function private.request_scope(p_restaurant_id uuid, p_source text, p_key_id uuid)
returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_key_id is null then
    return p_source;
  end if;
  if not exists (select 1 from public.restaurant_assistant_keys k
                  where k.id = p_key_id and k.restaurant_id = p_restaurant_id and k.revoked_at is null) then
    raise exception 'assistant key % is not a live key of restaurant %', p_key_id, p_restaurant_id using errcode = '42501';
  end if;
  return p_key_id::text;
end
$$;
revoke execute on function private.request_scope(uuid, text, uuid) from public;

drop function public.submit_group_request(uuid, jsonb, text);
create function public.submit_group_request(p_restaurant_id uuid, p_request jsonb, p_source text default 'assistant', p_key_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_external_id text;
  v_fingerprint text := md5(p_request::text);
  v_scope text := private.request_scope(p_restaurant_id, p_source, p_key_id);
  v_replayed jsonb;
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
  v_replayed := private.replayed_request(p_restaurant_id, v_scope, v_external_id, v_fingerprint);
  if v_replayed is not null then
    return v_replayed;
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
    reservation_date, arrival_time, options, external_id, request_scope, request_fingerprint, customer_message, dietary_notes, source)
  values (
    p_restaurant_id, private.request_conversation(p_restaurant_id, p_request -> 'conversation'),
    v_numbers.numero_restaurateur, v_numbers.numero, v_numbers.code,
    v_customer.name, v_customer.email, v_customer.phone, v_amounts.menu_name, v_amounts.menu_id, v_amounts.total, v_adults, v_children,
    (p_request ->> 'date')::date, (p_request ->> 'arrival_time')::time, v_amounts.options, v_external_id, v_scope, v_fingerprint,
    private.request_text(p_request -> 'message', 'message', 'Le message', 2000, false),
    private.request_text(p_request -> 'dietary_notes', 'dietary_notes', 'Le champ allergies et régimes', 1000, false), p_source)
  returning * into v_row;

  perform private.queue_request_notifications(v_row.id);
  return private.submitted_request(v_row, false);
end
$$;
comment on function public.submit_group_request(uuid, jsonb, text, uuid) is 'The one way a reservation is created (the chatbot''s contract, README "Requests in"; the owner''s Nouvelle réservation through submit_owner_reservation, source phone): checks the request against the stored profile (refusals: {code, message, details = field} with HTTP 422), stores it pending with its numbers, total, dietary notes and respond_by, and queues its notifications. p_key_id: the assistant key it came with (the reservation service''s chatbot path). The same external_id again from the same credential (that key, else the source) returns the same reservation (replayed: true); with another body it is refused (409); from another credential it is another request.';
revoke all on function public.submit_group_request(uuid, jsonb, text, uuid) from public, anon, authenticated;
grant execute on function public.submit_group_request(uuid, jsonb, text, uuid) to service_role;
