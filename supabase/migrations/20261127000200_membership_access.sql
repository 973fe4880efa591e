-- Issue 33: access decided by membership. Every policy, function and storage path asks
-- public.restaurant_members (20261127000100_restaurant_members.sql) instead of restaurants.user_id,
-- which now only says who created a restaurant:
--   owner:   everything, including Facturation (restaurant_billing), the assistant keys and deleting
--            the restaurant;
--   manager: everything else (the profile tabs but Facturation, reservations and their history, the
--            planning, closures, conversations, the request page, photos).
-- The policies generated in DO loops by 20261121000002_rls.sql (and repeated by later files) are
-- dropped and written out below, one per table and action.

-- ---------------------------------------------------------------- the helpers

-- The restaurants where the signed-in user holds at least p_role ('manager' < 'owner'): private.has_role's
-- rule (20261127000100), as a set, for the policies.
-- Why a set next to has_role: a policy written `private.has_role(restaurant_id, ...)` calls the function
-- once per row (a SECURITY DEFINER function is never inlined): 53 ms instead of 1 ms to count a restaurant's
-- 10,000 reservations. Written `restaurant_id in (select private.restaurants_with_role(...))`, the set is
-- read once per query (a hashed subplan, through the (user_id, restaurant_id) key) and each row only
-- probes it. has_role keeps its own one-row lookup for the functions: built on this set it cost 3 to 5
-- times more per call. SECURITY DEFINER: it reads restaurant_members past that table's own policy,
-- which uses it.
create function private.restaurants_with_role(p_role text)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.restaurant_id
    from public.restaurant_members m
   where m.user_id = (select auth.uid())
     and (m.role = 'owner' or p_role = 'manager')
$$;
comment on function private.restaurants_with_role(text) is
  'The restaurants where the signed-in user is a member with at least the given role (''manager'' < ''owner''): the policies'' form of private.has_role, read once per query.';
revoke all on function private.restaurants_with_role(text) from public, anon;
grant execute on function private.restaurants_with_role(text) to authenticated, service_role;

-- What a function that acts for a restaurant checks first: a signed-in member with at least p_role.
-- The restaurant's row stays locked until commit: two saves of one restaurant run one after the other.
create function private.assert_role(p_restaurant_id uuid, p_role text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Utilisateur non authentifié' using errcode = '42501';
  end if;
  if p_restaurant_id is null then
    raise exception 'ID du restaurant requis' using errcode = '22023';
  end if;
  perform 1 from public.restaurants r where r.id = p_restaurant_id for no key update;
  if not found then
    perform private.raise_not_found('Restaurant non trouvé');
  end if;
  if not private.has_role(p_restaurant_id, p_role) then
    raise exception 'Accès non autorisé à ce restaurant' using errcode = '42501';
  end if;
end
$$;
comment on function private.assert_role(uuid, text) is
  'Refuses (42501) a caller who is not a member of the restaurant with at least the given role; locks the restaurant''s row until commit.';
revoke all on function private.assert_role(uuid, text) from public, anon;
grant execute on function private.assert_role(uuid, text) to authenticated, service_role;

-- ---------------------------------------------------------------- the policies

drop policy "Owners delete their conversations" on public.conversations;
drop policy "Owners read their conversations" on public.conversations;
drop policy "Owners delete" on public.menu_item_alternatives;
drop policy "Owners insert" on public.menu_item_alternatives;
drop policy "Owners read" on public.menu_item_alternatives;
drop policy "Owners update" on public.menu_item_alternatives;
drop policy "Owners delete" on public.menu_items;
drop policy "Owners insert" on public.menu_items;
drop policy "Owners read" on public.menu_items;
drop policy "Owners update" on public.menu_items;
drop policy "Owners delete their messages" on public.messages;
drop policy "Owners read their messages" on public.messages;
drop policy "Owners read their restaurants' notifications" on public.notification_outbox;
drop policy "Owners read their reservations' history" on public.reservation_events;
drop policy "Owners delete" on public.restaurant_amenities;
drop policy "Owners insert" on public.restaurant_amenities;
drop policy "Owners read" on public.restaurant_amenities;
drop policy "Owners update" on public.restaurant_amenities;
drop policy "Owners delete" on public.restaurant_arrival_times;
drop policy "Owners insert" on public.restaurant_arrival_times;
drop policy "Owners read" on public.restaurant_arrival_times;
drop policy "Owners update" on public.restaurant_arrival_times;
drop policy "Owners read their restaurants' keys" on public.restaurant_assistant_keys;
drop policy "Owners delete" on public.restaurant_billing;
drop policy "Owners insert" on public.restaurant_billing;
drop policy "Owners read" on public.restaurant_billing;
drop policy "Owners update" on public.restaurant_billing;
drop policy "Owners delete" on public.restaurant_cgv;
drop policy "Owners insert" on public.restaurant_cgv;
drop policy "Owners read" on public.restaurant_cgv;
drop policy "Owners update" on public.restaurant_cgv;
drop policy "Owners delete" on public.restaurant_closures;
drop policy "Owners insert" on public.restaurant_closures;
drop policy "Owners read" on public.restaurant_closures;
drop policy "Owners update" on public.restaurant_closures;
drop policy "Owners delete" on public.restaurant_contacts;
drop policy "Owners insert" on public.restaurant_contacts;
drop policy "Owners read" on public.restaurant_contacts;
drop policy "Owners update" on public.restaurant_contacts;
drop policy "Owners delete" on public.restaurant_faqs;
drop policy "Owners insert" on public.restaurant_faqs;
drop policy "Owners read" on public.restaurant_faqs;
drop policy "Owners update" on public.restaurant_faqs;
drop policy "Owners delete" on public.restaurant_hours;
drop policy "Owners insert" on public.restaurant_hours;
drop policy "Owners read" on public.restaurant_hours;
drop policy "Owners update" on public.restaurant_hours;
drop policy "Members read their restaurants' team" on public.restaurant_members;
drop policy "Owners delete" on public.restaurant_menus;
drop policy "Owners insert" on public.restaurant_menus;
drop policy "Owners read" on public.restaurant_menus;
drop policy "Owners update" on public.restaurant_menus;
drop policy "Owners delete" on public.restaurant_options;
drop policy "Owners insert" on public.restaurant_options;
drop policy "Owners read" on public.restaurant_options;
drop policy "Owners update" on public.restaurant_options;
drop policy "Owners delete" on public.restaurant_photos;
drop policy "Owners insert" on public.restaurant_photos;
drop policy "Owners read" on public.restaurant_photos;
drop policy "Owners update" on public.restaurant_photos;
drop policy "Owners read their restaurants' request page" on public.restaurant_request_pages;
drop policy "Owners read their reservations" on public.restaurant_reservations;
drop policy "Owners create their restaurants" on public.restaurants;
drop policy "Owners delete their restaurants" on public.restaurants;
drop policy "Owners read their restaurants" on public.restaurants;
drop policy "Owners update their restaurants" on public.restaurants;
drop policy "Owners delete their restaurant photos" on storage.objects;
drop policy "Owners read their restaurant photos" on storage.objects;
drop policy "Owners update their restaurant photos" on storage.objects;
drop policy "Owners upload their restaurant photos" on storage.objects;

-- restaurants: created for oneself (the creator trigger makes the creator its first owner); read and
-- changed by its members (the profile); deleted by its owners only.

create policy "Users create their own restaurants" on public.restaurants
  for insert to authenticated
  with check (user_id = (select auth.uid()));

-- Besides its members, the creator reads the row in the transaction that creates it (created_at is
-- that transaction's now()): INSERT ... RETURNING checks this policy before the creator trigger has
-- made them a member. Later, only membership counts (a creator removed from the team reads nothing).
create policy "Members read their restaurants" on public.restaurants
  for select to authenticated
  using (id in (select private.restaurants_with_role('manager'))
         or (user_id = (select auth.uid()) and created_at = now()));

create policy "Members change their restaurants" on public.restaurants
  for update to authenticated
  using (id in (select private.restaurants_with_role('manager')))
  with check (id in (select private.restaurants_with_role('manager')));

create policy "Owners delete their restaurants" on public.restaurants
  for delete to authenticated
  using (id in (select private.restaurants_with_role('owner')));

-- Facturation: owners only, every action.

create policy "Owners read their restaurants' billing" on public.restaurant_billing
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('owner')));

create policy "Owners add their restaurants' billing" on public.restaurant_billing
  for insert to authenticated
  with check (restaurant_id in (select private.restaurants_with_role('owner')));

create policy "Owners change their restaurants' billing" on public.restaurant_billing
  for update to authenticated
  using (restaurant_id in (select private.restaurants_with_role('owner')))
  with check (restaurant_id in (select private.restaurants_with_role('owner')));

create policy "Owners remove their restaurants' billing" on public.restaurant_billing
  for delete to authenticated
  using (restaurant_id in (select private.restaurants_with_role('owner')));

-- The assistant's keys: owners only (read here; created and revoked by their functions).

create policy "Owners read their restaurants' keys" on public.restaurant_assistant_keys
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('owner')));

-- The team: read by its members; written by the team functions only (no write grant).

create policy "Members read their restaurants' team" on public.restaurant_members
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

-- The profile tabs but Facturation: members (owners and managers).

create policy "Members read their restaurants' amenities" on public.restaurant_amenities
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members add their restaurants' amenities" on public.restaurant_amenities
  for insert to authenticated
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members change their restaurants' amenities" on public.restaurant_amenities
  for update to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')))
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members remove their restaurants' amenities" on public.restaurant_amenities
  for delete to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members read their restaurants' contacts" on public.restaurant_contacts
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members add their restaurants' contacts" on public.restaurant_contacts
  for insert to authenticated
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members change their restaurants' contacts" on public.restaurant_contacts
  for update to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')))
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members remove their restaurants' contacts" on public.restaurant_contacts
  for delete to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members read their restaurants' hours" on public.restaurant_hours
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members add their restaurants' hours" on public.restaurant_hours
  for insert to authenticated
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members change their restaurants' hours" on public.restaurant_hours
  for update to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')))
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members remove their restaurants' hours" on public.restaurant_hours
  for delete to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members read their restaurants' arrival times" on public.restaurant_arrival_times
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members add their restaurants' arrival times" on public.restaurant_arrival_times
  for insert to authenticated
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members change their restaurants' arrival times" on public.restaurant_arrival_times
  for update to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')))
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members remove their restaurants' arrival times" on public.restaurant_arrival_times
  for delete to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members read their restaurants' menus" on public.restaurant_menus
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members add their restaurants' menus" on public.restaurant_menus
  for insert to authenticated
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members change their restaurants' menus" on public.restaurant_menus
  for update to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')))
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members remove their restaurants' menus" on public.restaurant_menus
  for delete to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members read their restaurants' options" on public.restaurant_options
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members add their restaurants' options" on public.restaurant_options
  for insert to authenticated
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members change their restaurants' options" on public.restaurant_options
  for update to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')))
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members remove their restaurants' options" on public.restaurant_options
  for delete to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members read their restaurants' photos" on public.restaurant_photos
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members add their restaurants' photos" on public.restaurant_photos
  for insert to authenticated
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members change their restaurants' photos" on public.restaurant_photos
  for update to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')))
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members remove their restaurants' photos" on public.restaurant_photos
  for delete to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members read their restaurants' CGV" on public.restaurant_cgv
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members add their restaurants' CGV" on public.restaurant_cgv
  for insert to authenticated
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members change their restaurants' CGV" on public.restaurant_cgv
  for update to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')))
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members remove their restaurants' CGV" on public.restaurant_cgv
  for delete to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members read their restaurants' closures" on public.restaurant_closures
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members add their restaurants' closures" on public.restaurant_closures
  for insert to authenticated
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members change their restaurants' closures" on public.restaurant_closures
  for update to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')))
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members remove their restaurants' closures" on public.restaurant_closures
  for delete to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

-- FAQ entries are added through create_restaurant_faq only (no insert grant).

create policy "Members read their restaurants' FAQ" on public.restaurant_faqs
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members change their restaurants' FAQ" on public.restaurant_faqs
  for update to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')))
  with check (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members remove their restaurants' FAQ" on public.restaurant_faqs
  for delete to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

-- A menu's dishes and alternatives: through their menu's restaurant.

create policy "Members read their menus' items" on public.menu_items
  for select to authenticated
  using (menu_id in (select m.id from public.restaurant_menus m where m.restaurant_id in (select private.restaurants_with_role('manager'))));

create policy "Members add their menus' items" on public.menu_items
  for insert to authenticated
  with check (menu_id in (select m.id from public.restaurant_menus m where m.restaurant_id in (select private.restaurants_with_role('manager'))));

create policy "Members change their menus' items" on public.menu_items
  for update to authenticated
  using (menu_id in (select m.id from public.restaurant_menus m where m.restaurant_id in (select private.restaurants_with_role('manager'))))
  with check (menu_id in (select m.id from public.restaurant_menus m where m.restaurant_id in (select private.restaurants_with_role('manager'))));

create policy "Members remove their menus' items" on public.menu_items
  for delete to authenticated
  using (menu_id in (select m.id from public.restaurant_menus m where m.restaurant_id in (select private.restaurants_with_role('manager'))));

create policy "Members read their menus' alternatives" on public.menu_item_alternatives
  for select to authenticated
  using (menu_id in (select m.id from public.restaurant_menus m where m.restaurant_id in (select private.restaurants_with_role('manager'))));

create policy "Members add their menus' alternatives" on public.menu_item_alternatives
  for insert to authenticated
  with check (menu_id in (select m.id from public.restaurant_menus m where m.restaurant_id in (select private.restaurants_with_role('manager'))));

create policy "Members change their menus' alternatives" on public.menu_item_alternatives
  for update to authenticated
  using (menu_id in (select m.id from public.restaurant_menus m where m.restaurant_id in (select private.restaurants_with_role('manager'))))
  with check (menu_id in (select m.id from public.restaurant_menus m where m.restaurant_id in (select private.restaurants_with_role('manager'))));

create policy "Members remove their menus' alternatives" on public.menu_item_alternatives
  for delete to authenticated
  using (menu_id in (select m.id from public.restaurant_menus m where m.restaurant_id in (select private.restaurants_with_role('manager'))));

-- The operational area: members read; every change goes through the functions and the reservation service.

create policy "Members read their reservations" on public.restaurant_reservations
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members read their reservations' history" on public.reservation_events
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members read their restaurants' notifications" on public.notification_outbox
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members read their restaurants' request page" on public.restaurant_request_pages
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members read their conversations" on public.conversations
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members delete their conversations" on public.conversations
  for delete to authenticated
  using (restaurant_id in (select private.restaurants_with_role('manager')));

create policy "Members read their messages" on public.messages
  for select to authenticated
  using (conversation_id in (select c.id from public.conversations c where c.restaurant_id in (select private.restaurants_with_role('manager'))));

create policy "Members delete their messages" on public.messages
  for delete to authenticated
  using (conversation_id in (select c.id from public.conversations c where c.restaurant_id in (select private.restaurants_with_role('manager'))));

-- Photo files: the restaurant-photos bucket, one folder per restaurant (its id), for its members.

create policy "Members read their restaurant photos" on storage.objects
  for select to authenticated
  using (bucket_id = 'restaurant-photos'
    and (storage.foldername(name))[1] in (select r::text from private.restaurants_with_role('manager') r));

create policy "Members upload their restaurant photos" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'restaurant-photos'
    and (storage.foldername(name))[1] in (select r::text from private.restaurants_with_role('manager') r));

create policy "Members update their restaurant photos" on storage.objects
  for update to authenticated
  using (bucket_id = 'restaurant-photos'
    and (storage.foldername(name))[1] in (select r::text from private.restaurants_with_role('manager') r))
  with check (bucket_id = 'restaurant-photos'
    and (storage.foldername(name))[1] in (select r::text from private.restaurants_with_role('manager') r));

create policy "Members delete their restaurant photos" on storage.objects
  for delete to authenticated
  using (bucket_id = 'restaurant-photos'
    and (storage.foldername(name))[1] in (select r::text from private.restaurants_with_role('manager') r));

-- ---------------------------------------------------------------- what a manager sees of completeness

-- A manager cannot read Facturation (the billing row is hidden from them): its four items are left out
-- of what they see missing rather than all shown as missing, which they could neither check nor fix.
-- Owners, the service role and the definer functions (request_page_open, submit_group_request) see the
-- billing row and every item as before.
create or replace view public.restaurant_completeness
with (security_invoker = true)
as
select r.id as restaurant_id,
       count(m.item)::int as missing_count,
       coalesce(
         jsonb_agg(jsonb_build_object('item', m.item, 'section', m.section, 'label', m.label) order by m.position)
           filter (where m.item is not null),
         '[]'::jsonb
       ) as missing
  from public.restaurants r
  left join public.restaurant_contacts c on c.restaurant_id = r.id
  left join public.restaurant_billing b on b.restaurant_id = r.id
  cross join lateral (
    select b.restaurant_id is null and not private.has_role(r.id, 'owner') and private.has_role(r.id, 'manager') as billing_hidden
  ) seen
  left join lateral (
    select v.position, v.item, v.section, v.label
      from (values
        (1, 'name', 'information', 'Nom du restaurant',
           btrim(r.name) = ''),
        (2, 'address', 'information', 'Adresse du restaurant',
           btrim(r.address) = ''),
        (3, 'contact_email', 'information', 'Email de contact',
           coalesce(btrim(c.email), '') = ''),
        (4, 'whatsapp', 'information', 'Numéro WhatsApp',
           coalesce(btrim(c.whatsapp), '') = ''),
        (5, 'service', 'hours', 'Au moins un service ouvert avec des heures d''arrivée',
           not exists (
             select 1
               from public.restaurant_arrival_times t
               join public.restaurant_hours h on h.restaurant_id = t.restaurant_id and h.day = t.day
              where t.restaurant_id = r.id
                and t.day = any (r.days_open)
                and case t.service when 'lunch' then h.lunch_is_open else h.dinner_is_open end)),
        (6, 'menu', 'menus', 'Au moins un menu avec un prix',
           not exists (
             select 1 from public.restaurant_menus m
              where m.restaurant_id = r.id and not m.is_children_menu and m.price_per_person > 0)),
        (7, 'legal', 'billing', 'Informations légales (raison sociale, forme juridique, SIRET, RCS, TVA)',
           not seen.billing_hidden
           and '' in (coalesce(btrim(b.company_name), ''), coalesce(btrim(b.legal_form), ''), coalesce(btrim(b.siret_number), ''),
                      coalesce(btrim(b.rcs_city), ''), coalesce(btrim(b.vat_number), ''))),
        (8, 'headquarters', 'billing', 'Adresse du siège',
           not seen.billing_hidden
           and '' in (coalesce(btrim(b.address), ''), coalesce(btrim(b.postal_code), ''), coalesce(btrim(b.city), ''),
                      coalesce(btrim(b.country), ''))),
        (9, 'bank', 'billing', 'Coordonnées bancaires (IBAN, BIC)',
           not seen.billing_hidden
           and '' in (coalesce(btrim(b.iban), ''), coalesce(btrim(b.bic), ''))),
        (10, 'billing_contact', 'billing', 'Contact de facturation',
           not seen.billing_hidden
           and '' in (coalesce(btrim(b.contact_name), ''), coalesce(btrim(b.contact_email), ''), coalesce(btrim(b.contact_phone), ''))),
        (11, 'cgv', 'cgv', 'Conditions d''annulation et de modification (CGV)',
           not exists (select 1 from public.restaurant_cgv g where g.restaurant_id = r.id))
      ) v(position, item, section, label, is_missing)
     where v.is_missing
  ) m on true
 group by r.id;

comment on view public.restaurant_completeness is
  'What a restaurant''s profile still lacks for its assistant: missing = [{item, section, label}] in the onboarding''s order. A manager (who cannot read Facturation) is not shown its items.';
revoke all on public.restaurant_completeness from anon;
revoke insert, update, delete, truncate, references, trigger on public.restaurant_completeness from authenticated;
grant select on public.restaurant_completeness to authenticated, service_role;

-- ---------------------------------------------------------------- the functions, on membership

create or replace function public.close_services(p_restaurant_id uuid, p_date date, p_services text[], p_reason text DEFAULT NULL::text)
returns SETOF public.restaurant_closures
language plpgsql
set search_path = ''
as $function$
declare
  v_reason text := nullif(btrim(p_reason), '');
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if p_date is null then
    raise exception 'Choisissez la date à fermer' using errcode = '22023';
  end if;
  if p_date < (now() at time zone 'Europe/Paris')::date then
    raise exception 'Cette date est déjà passée : choisissez une date à venir' using errcode = '22023';
  end if;
  if coalesce(cardinality(p_services), 0) = 0 or not p_services <@ array['lunch', 'dinner'] then
    raise exception 'Choisissez le service à fermer : midi, soir ou les deux' using errcode = '22023';
  end if;
  if char_length(v_reason) > 200 then
    raise exception 'Le motif ne doit pas dépasser 200 caractères' using errcode = '22023';
  end if;
  return query
  insert into public.restaurant_closures as c (restaurant_id, closure_date, service, reason)
  select p_restaurant_id, p_date, s, v_reason from (select distinct unnest(p_services) as s) x
  on conflict (restaurant_id, closure_date, service) do update set reason = excluded.reason
  returning c.*;
end
$function$;
revoke all on function public.close_services(uuid,date,text[],text) from public, anon;
grant execute on function public.close_services(uuid,date,text[],text) to authenticated, service_role;

create or replace function public.create_assistant_key(p_restaurant_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_key text := 'tbl_' || encode(extensions.gen_random_bytes(24), 'hex');
  v_row public.restaurant_assistant_keys;
begin
  perform private.assert_role(p_restaurant_id, 'owner');
  insert into public.restaurant_assistant_keys (restaurant_id, prefix, key_hash, created_by)
  values (p_restaurant_id, left(v_key, 12), encode(extensions.digest(v_key, 'sha256'), 'hex'), auth.uid())
  returning * into v_row;
  return jsonb_build_object('id', v_row.id, 'key', v_key, 'prefix', v_row.prefix, 'created_at', v_row.created_at);
end
$function$;
comment on function public.create_assistant_key(uuid) IS 'A new key for the restaurant''s assistant (its owners only, not its managers): the key is in this answer and nowhere else.';
revoke all on function public.create_assistant_key(uuid) from public, anon;
grant execute on function public.create_assistant_key(uuid) to authenticated, service_role;

create or replace function public.revoke_assistant_key(p_key_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_restaurant uuid;
begin
  select k.restaurant_id into v_restaurant from public.restaurant_assistant_keys k where k.id = p_key_id;
  if not found then
    perform private.raise_not_found('Clé non trouvée');
  end if;
  perform private.assert_role(v_restaurant, 'owner');
  update public.restaurant_assistant_keys set revoked_at = coalesce(revoked_at, now()) where id = p_key_id;
end
$function$;
revoke all on function public.revoke_assistant_key(uuid) from public, anon;
grant execute on function public.revoke_assistant_key(uuid) to authenticated, service_role;

create or replace function public.create_restaurant_faq(p_restaurant_id uuid, p_question text, p_answer text)
returns public.restaurant_faqs
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_question text := btrim(coalesce(p_question, ''));
  v_answer text := btrim(coalesce(p_answer, ''));
  v_row public.restaurant_faqs;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if v_question = '' then
    raise exception 'La question est obligatoire' using errcode = '22023';
  end if;
  if v_answer = '' then
    raise exception 'La réponse est obligatoire' using errcode = '22023';
  end if;
  if char_length(v_question) > 1000 then
    raise exception 'La question ne doit pas dépasser 1000 caractères' using errcode = '22023';
  end if;
  if char_length(v_answer) > 10000 then
    raise exception 'La réponse ne doit pas dépasser 10000 caractères' using errcode = '22023';
  end if;
  -- The restaurant's row is locked until commit: the next position is ours alone.
  insert into public.restaurant_faqs (restaurant_id, question, answer, display_order)
  select p_restaurant_id, v_question, v_answer, coalesce(max(f.display_order) + 1, 0)
    from public.restaurant_faqs f
   where f.restaurant_id = p_restaurant_id
  returning * into v_row;
  return v_row;
end
$function$;
comment on function public.create_restaurant_faq(uuid,text,text) IS 'Appends one FAQ entry (trimmed) at the next display_order of a restaurant the caller is a member of; concurrent calls queue on the restaurant.';
revoke all on function public.create_restaurant_faq(uuid,text,text) from public, anon;
grant execute on function public.create_restaurant_faq(uuid,text,text) to authenticated, service_role;

create or replace function public.delete_restaurant_photo(photo_id uuid, user_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_uid uuid := auth.uid();
  v_filename text;
  v_restaurant uuid;
begin
  -- The user_id argument is never trusted: it must be the caller.
  if v_uid is null or delete_restaurant_photo.user_id is distinct from v_uid then
    raise exception 'Vous n''avez pas l''autorisation de supprimer cette photo' using errcode = '42501';
  end if;

  select p.filename, p.restaurant_id into v_filename, v_restaurant
    from public.restaurant_photos p
   where p.id = delete_restaurant_photo.photo_id
     for update of p;
  if not found then
    perform private.raise_not_found('Photo non trouvée');
  end if;
  if not private.has_role(v_restaurant, 'manager') then
    raise exception 'Vous n''avez pas l''autorisation de supprimer cette photo' using errcode = '42501';
  end if;

  delete from public.restaurant_photos p where p.id = delete_restaurant_photo.photo_id;
  return v_filename;
end
$function$;
revoke all on function public.delete_restaurant_photo(uuid,uuid) from public, anon;
grant execute on function public.delete_restaurant_photo(uuid,uuid) to authenticated, service_role;

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
$function$;
comment on function public.export_reservations_csv(uuid,text,smallint,date,date,text,boolean) IS 'The reservation list, as filtered, as a CSV file for French spreadsheets (BOM, '';'', CRLF, French headers and labels).';
revoke all on function public.export_reservations_csv(uuid,text,smallint,date,date,text,boolean) from public, anon;
grant execute on function public.export_reservations_csv(uuid,text,smallint,date,date,text,boolean) to authenticated, service_role;

create or replace function public.modify_reservation(p_reservation_id uuid, p_changes jsonb, p_preview boolean DEFAULT false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
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
  -- A reservation of a restaurant the caller is no member of is not found, as one that does not exist.
  select r.* into v_old from public.restaurant_reservations r
   where r.id = p_reservation_id
     and private.has_role(r.restaurant_id, 'manager')
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
$function$;
comment on function public.modify_reservation(uuid,jsonb,boolean) IS 'Modifier: a member''s (owner or manager) change of a pending, accepted or paid reservation, in one call. p_changes: any of the request''s fields (date, arrival_time, adults, children, menu_id, options, customer, dietary_notes) and notes, laid over the reservation and checked as submit_group_request checks a request (refusals: {code, message, details = field}, 422); the total recomputed; one history row « Modifiée par <e-mail> : … »; the customer of an accepted or paid reservation e-mailed the new details (outbox). p_preview: nothing is changed; answers what would change and the acceptance check of the reservation as changed.';
revoke all on function public.modify_reservation(uuid,jsonb,boolean) from public, anon;
grant execute on function public.modify_reservation(uuid,jsonb,boolean) to authenticated, service_role;

create or replace function public.reorder_faqs(p_restaurant_id uuid, p_faq_ids uuid[])
returns void
language plpgsql
set search_path = ''
as $function$
declare
  v_current uuid[];
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  -- Lock the list: two reorders of the same restaurant run one after the other.
  select coalesce(array_agg(f.id), '{}') into v_current
    from (select f.id from public.restaurant_faqs f
           where f.restaurant_id = p_restaurant_id for update) f;
  perform private.assert_same_ids(p_faq_ids, v_current, 'FAQ');

  update public.restaurant_faqs f
     set display_order = (n.pos - 1)::int
    from unnest(p_faq_ids) with ordinality as n(id, pos)
   where f.id = n.id and f.restaurant_id = p_restaurant_id;
end
$function$;
revoke all on function public.reorder_faqs(uuid,uuid[]) from public, anon;
grant execute on function public.reorder_faqs(uuid,uuid[]) to authenticated, service_role;

create or replace function public.save_restaurant_cgv(p_restaurant_id uuid, p_cgv jsonb)
returns void
language plpgsql
set search_path = ''
as $function$
declare
  c_policies constant text[] := array['same_day', '24h', '48h', '72h', '7_days'];
  v_cancellation text := p_cgv ->> 'cancellationPolicy';
  v_modification text := p_cgv ->> 'modificationPolicy';
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if jsonb_typeof(p_cgv) is distinct from 'object' then
    raise exception 'CGV invalides' using errcode = '22023';
  end if;
  if v_cancellation is null or v_cancellation <> all (c_policies) then
    raise exception 'Politique d''annulation invalide : %', coalesce(v_cancellation, 'null') using errcode = '22023';
  end if;
  if v_modification is null or v_modification <> all (c_policies) then
    raise exception 'Politique de modification invalide : %', coalesce(v_modification, 'null') using errcode = '22023';
  end if;

  insert into public.restaurant_cgv as t (restaurant_id, cancellation_policy, modification_policy, link, updated_at)
  values (p_restaurant_id, v_cancellation, v_modification, nullif(btrim(p_cgv ->> 'link'), ''), now())
  on conflict (restaurant_id) do update set
    cancellation_policy = excluded.cancellation_policy,
    modification_policy = excluded.modification_policy,
    link = excluded.link,
    updated_at = excluded.updated_at;
end
$function$;
revoke all on function public.save_restaurant_cgv(uuid,jsonb) from public, anon;
grant execute on function public.save_restaurant_cgv(uuid,jsonb) to authenticated, service_role;

create or replace function public.save_restaurant_hours(p_restaurant_id uuid, p_hours jsonb)
returns void
language plpgsql
set search_path = ''
as $function$
declare
  c_week constant text[] := array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'];
  v_days text[];
  v_bad text;
  v_seen text[] := '{}';
  v_entry jsonb;
  v_day text;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if jsonb_typeof(p_hours) is distinct from 'object' then
    raise exception 'Horaires invalides' using errcode = '22023';
  end if;
  if jsonb_typeof(p_hours -> 'daysOpen') is distinct from 'array' then
    raise exception 'Les jours d''ouverture (daysOpen) doivent être une liste' using errcode = '22023';
  end if;
  if p_hours ? 'days' and jsonb_typeof(p_hours -> 'days') not in ('array', 'null') then
    raise exception 'Les réglages par jour (days) doivent être une liste' using errcode = '22023';
  end if;

  select d into v_bad
    from jsonb_array_elements(p_hours -> 'daysOpen') e, lateral (select e #>> '{}' as d) x
   where jsonb_typeof(e) <> 'string' or d <> all (c_week)
   limit 1;
  if found then
    raise exception 'Jour d''ouverture invalide : %', coalesce(v_bad, 'null') using errcode = '22023';
  end if;

  -- Canonical order (monday first), no duplicates.
  select coalesce(array_agg(w.day order by w.pos), '{}') into v_days
    from unnest(c_week) with ordinality as w(day, pos)
   where p_hours -> 'daysOpen' ? w.day;

  update public.restaurants r
     set days_open = v_days,
         has_different_hours_settings = coalesce((p_hours ->> 'hasDifferentSettings')::boolean, false)
   where r.id = p_restaurant_id;

  delete from public.restaurant_arrival_times t where t.restaurant_id = p_restaurant_id;
  delete from public.restaurant_hours h where h.restaurant_id = p_restaurant_id;

  for v_entry in select e from jsonb_array_elements(coalesce(nullif(p_hours -> 'days', 'null'), '[]')) e loop
    v_day := v_entry ->> 'day';
    if v_day is null or v_day <> all (v_days) then
      raise exception 'Le jour % n''est pas un jour d''ouverture', coalesce(v_day, 'null') using errcode = '22023';
    end if;
    if v_day = any (v_seen) then
      raise exception 'Le jour % apparaît plusieurs fois', v_day using errcode = '22023';
    end if;
    v_seen := v_seen || v_day;
    perform private.store_day_hours(p_restaurant_id, v_day, v_entry);
  end loop;

  -- Every arrival time lies within its service's hours (the first one outside, in week order, is named).
  foreach v_day in array v_days loop
    perform private.check_arrival_times_within_hours(p_restaurant_id, v_day);
  end loop;

  -- Open days the client sent no settings for: spec defaults.
  insert into public.restaurant_hours (restaurant_id, day)
  select p_restaurant_id, d from unnest(v_days) d where d <> all (v_seen);
end
$function$;
revoke all on function public.save_restaurant_hours(uuid,jsonb) from public, anon;
grant execute on function public.save_restaurant_hours(uuid,jsonb) to authenticated, service_role;

create or replace function public.save_restaurant_information(p_restaurant_id uuid, p_information jsonb)
returns void
language plpgsql
set search_path = ''
as $function$
declare
  i jsonb := p_information;
  a jsonb := p_information -> 'amenities';
  c jsonb := p_information -> 'contact';
  v_response_time text;
  v_whatsapp text;
  v_phone text;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if jsonb_typeof(i) is distinct from 'object' then
    raise exception 'Informations du restaurant invalides' using errcode = '22023';
  end if;
  -- Checked before anything is written: a refused number leaves the whole information as it was.
  if jsonb_typeof(c) = 'object' then
    v_whatsapp := nullif(btrim(c ->> 'whatsapp'), '');
    v_phone := nullif(btrim(c ->> 'phone'), '');
    if v_whatsapp is not null and not private.is_e164(v_whatsapp) then
      raise exception 'Numéro WhatsApp invalide : « % » (attendu au format international, ex. +33612345678)', v_whatsapp using errcode = '22023';
    end if;
    if v_phone is not null and not private.is_e164(v_phone) then
      raise exception 'Téléphone du restaurant invalide : « % » (attendu au format international, ex. +33612345678)', v_phone using errcode = '22023';
    end if;
  end if;

  update public.restaurants r set
    name          = case when i ? 'name' then coalesce(i ->> 'name', '') else r.name end,
    address       = case when i ? 'address' then coalesce(i ->> 'address', '') else r.address end,
    description   = case when i ? 'description' then coalesce(i ->> 'description', '') else r.description end,
    url           = case when i ? 'url' then nullif(btrim(i ->> 'url'), '') else r.url end,
    first_message = case when i ? 'firstMessage' then nullif(i ->> 'firstMessage', '') else r.first_message end
  where r.id = p_restaurant_id;

  if jsonb_typeof(a) = 'object' then
    insert into public.restaurant_amenities as t
      (restaurant_id, ground_floor, accessible_to_disabled, parking, air_conditioning, wifi, valet_parking)
    values (
      p_restaurant_id,
      coalesce((a ->> 'groundFloor')::boolean, false),
      coalesce((a ->> 'accessibleToDisabled')::boolean, false),
      coalesce((a ->> 'parking')::boolean, false),
      coalesce((a ->> 'airConditioning')::boolean, false),
      coalesce((a ->> 'wifi')::boolean, false),
      coalesce((a ->> 'valetParking')::boolean, false))
    on conflict (restaurant_id) do update set
      ground_floor = excluded.ground_floor,
      accessible_to_disabled = excluded.accessible_to_disabled,
      parking = excluded.parking,
      air_conditioning = excluded.air_conditioning,
      wifi = excluded.wifi,
      valet_parking = excluded.valet_parking;
  elsif a is not null and jsonb_typeof(a) <> 'null' then
    raise exception 'Équipements invalides' using errcode = '22023';
  end if;

  if jsonb_typeof(c) = 'object' then
    v_response_time := coalesce(nullif(c ->> 'responseTime', ''), private.default_response_time());
    if not exists (select 1 from private.response_times t where t.code = v_response_time) then
      raise exception 'Délai de réponse invalide : %', v_response_time using errcode = '22023';
    end if;
    insert into public.restaurant_contacts as t (restaurant_id, email, whatsapp, phone, response_time)
    values (p_restaurant_id, nullif(btrim(c ->> 'email'), ''), v_whatsapp, v_phone, v_response_time)
    on conflict (restaurant_id) do update set
      email = excluded.email,
      whatsapp = excluded.whatsapp,
      phone = case when c ? 'phone' then excluded.phone else t.phone end,
      response_time = excluded.response_time;
  elsif c is not null and jsonb_typeof(c) <> 'null' then
    raise exception 'Contact invalide' using errcode = '22023';
  end if;
end
$function$;
revoke all on function public.save_restaurant_information(uuid,jsonb) from public, anon;
grant execute on function public.save_restaurant_information(uuid,jsonb) to authenticated, service_role;

create or replace function public.save_restaurant_menus(p_restaurant_id uuid, p_menus jsonb)
returns void
language plpgsql
set search_path = ''
as $function$
declare
  v_keep uuid[];
  v_menu jsonb;
  v_pos int;
  v_id uuid;
  v_type text;
  v_price public.amount;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if jsonb_typeof(p_menus) is distinct from 'array' then
    raise exception 'Les menus doivent être une liste' using errcode = '22023';
  end if;
  if (select count(*) from jsonb_array_elements(p_menus) m
       where coalesce((m ->> 'isKidsMenu')::boolean, false)) > 1 then
    raise exception 'Un restaurant ne peut avoir qu''un seul menu enfant' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_menus) m
              where private.try_uuid(m ->> 'id') is not null
              group by private.try_uuid(m ->> 'id') having count(*) > 1) then
    raise exception 'Un même menu apparaît plusieurs fois' using errcode = '22023';
  end if;

  select coalesce(array_agg(rm.id), '{}') into v_keep
    from public.restaurant_menus rm
   where rm.restaurant_id = p_restaurant_id
     and rm.id in (select private.try_uuid(m ->> 'id') from jsonb_array_elements(p_menus) m);

  delete from public.restaurant_menus rm
   where rm.restaurant_id = p_restaurant_id and rm.id <> all (v_keep);

  -- The kids menu is written last, so moving the kids flag from one kept
  -- menu to another never has two kids menus at once.
  for v_menu, v_pos in
    select e, (o - 1)::int
      from jsonb_array_elements(p_menus) with ordinality as t(e, o)
     order by coalesce((e ->> 'isKidsMenu')::boolean, false), o
  loop
    if jsonb_typeof(v_menu) <> 'object' or coalesce(btrim(v_menu ->> 'name'), '') = '' then
      raise exception 'Menu n°% : le nom est obligatoire', v_pos + 1 using errcode = '22023';
    end if;
    v_price := coalesce(private.to_amount(v_menu ->> 'pricePerPerson',
      format('Menu « %s » : le prix doit être un montant positif ou nul', v_menu ->> 'name')), 0);
    v_type := coalesce(nullif(v_menu ->> 'menuType', ''), 'choice');
    if v_type not in ('choice', 'sharing') then
      raise exception 'Menu « % » : type de menu invalide : %', v_menu ->> 'name', v_type using errcode = '22023';
    end if;
    perform private.check_menu_entries(v_menu);

    v_id := private.try_uuid(v_menu ->> 'id');
    if v_id = any (v_keep) then
      update public.restaurant_menus rm set
        name = v_menu ->> 'name',
        price_per_person = v_price,
        content = nullif(v_menu ->> 'content', ''),
        menu_type = v_type,
        available_lunch = coalesce((v_menu -> 'availability' ->> 'lunch')::boolean, true),
        available_dinner = coalesce((v_menu -> 'availability' ->> 'dinner')::boolean, true),
        is_children_menu = coalesce((v_menu ->> 'isKidsMenu')::boolean, false),
        display_order = v_pos
      where rm.id = v_id;
      delete from public.menu_items mi where mi.menu_id = v_id;
      delete from public.menu_item_alternatives ma where ma.menu_id = v_id;
    else
      insert into public.restaurant_menus (
        restaurant_id, name, price_per_person, content, menu_type,
        available_lunch, available_dinner, is_children_menu, display_order)
      values (
        p_restaurant_id, v_menu ->> 'name', v_price, nullif(v_menu ->> 'content', ''), v_type,
        coalesce((v_menu -> 'availability' ->> 'lunch')::boolean, true),
        coalesce((v_menu -> 'availability' ->> 'dinner')::boolean, true),
        coalesce((v_menu ->> 'isKidsMenu')::boolean, false),
        v_pos)
      returning id into v_id;
    end if;

    perform private.insert_menu_entries(v_id, v_menu);
  end loop;
end
$function$;
revoke all on function public.save_restaurant_menus(uuid,jsonb) from public, anon;
grant execute on function public.save_restaurant_menus(uuid,jsonb) to authenticated, service_role;

create or replace function public.save_restaurant_options(p_restaurant_id uuid, p_options jsonb)
returns void
language plpgsql
set search_path = ''
as $function$
declare
  v_keep uuid[];
  v_opt jsonb;
  v_pos int;
  v_id uuid;
  v_price public.amount;
  v_type text;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if jsonb_typeof(p_options) is distinct from 'array' then
    raise exception 'Les options doivent être une liste' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_options) e
              where private.try_uuid(e ->> 'id') is not null
              group by private.try_uuid(e ->> 'id') having count(*) > 1) then
    raise exception 'Une même option apparaît plusieurs fois' using errcode = '22023';
  end if;

  select coalesce(array_agg(ro.id), '{}') into v_keep
    from public.restaurant_options ro
   where ro.restaurant_id = p_restaurant_id
     and ro.id in (select private.try_uuid(e ->> 'id') from jsonb_array_elements(p_options) e);

  delete from public.restaurant_options ro
   where ro.restaurant_id = p_restaurant_id and ro.id <> all (v_keep);

  for v_opt, v_pos in
    select e, (o - 1)::int from jsonb_array_elements(p_options) with ordinality as t(e, o) order by o
  loop
    if jsonb_typeof(v_opt) <> 'object' or coalesce(btrim(v_opt ->> 'title'), '') = '' then
      raise exception 'Option n°% : le titre est obligatoire', v_pos + 1 using errcode = '22023';
    end if;
    v_price := private.to_amount(v_opt ->> 'price',
      format('Option « %s » : le prix doit être un montant positif ou nul', v_opt ->> 'title'));
    if v_price is null then
      raise exception 'Option « % » : le prix doit être un montant positif ou nul', v_opt ->> 'title'
        using errcode = '22023';
    end if;
    v_type := coalesce(nullif(v_opt ->> 'priceType', ''), 'per_person');
    if v_type not in ('per_person', 'total') then
      raise exception 'Option « % » : type de prix invalide : %', v_opt ->> 'title', v_type using errcode = '22023';
    end if;

    v_id := private.try_uuid(v_opt ->> 'id');
    if v_id = any (v_keep) then
      update public.restaurant_options ro
         set title = v_opt ->> 'title', price = v_price, price_type = v_type, display_order = v_pos
       where ro.id = v_id;
    else
      insert into public.restaurant_options (restaurant_id, title, price, price_type, display_order)
      values (p_restaurant_id, v_opt ->> 'title', v_price, v_type, v_pos);
    end if;
  end loop;
end
$function$;
revoke all on function public.save_restaurant_options(uuid,jsonb) from public, anon;
grant execute on function public.save_restaurant_options(uuid,jsonb) to authenticated, service_role;

create or replace function public.save_restaurant_photos(p_restaurant_id uuid, p_photos jsonb)
returns void
language plpgsql
set search_path = ''
as $function$
declare
  v_bad text;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if jsonb_typeof(p_photos) is distinct from 'array' then
    raise exception 'Les photos doivent être une liste' using errcode = '22023';
  end if;
  if jsonb_array_length(p_photos) = 0 then
    return; -- skip rule (spec §4)
  end if;

  select coalesce(e ->> 'id', 'null') into v_bad
    from jsonb_array_elements(p_photos) e
   where jsonb_typeof(e) <> 'object'
      or private.try_uuid(e ->> 'id') is null
      or not exists (select 1 from public.restaurant_photos p
                      where p.id = private.try_uuid(e ->> 'id') and p.restaurant_id = p_restaurant_id)
   limit 1;
  if found then
    raise exception 'Photo non trouvée : %', v_bad using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_photos) e
              group by e ->> 'id' having count(*) > 1) then
    raise exception 'Une même photo apparaît plusieurs fois' using errcode = '22023';
  end if;

  -- Lock the restaurant's photos: two saves of the same restaurant run one after the other.
  perform 1 from public.restaurant_photos p where p.restaurant_id = p_restaurant_id for update;

  with listed as (
    select (e ->> 'id')::uuid as id, o as pos, e as photo
      from jsonb_array_elements(p_photos) with ordinality as t(e, o)
  ), ranked as (
    select p.id,
           row_number() over (order by l.pos nulls last, p.display_order, p.created_at) as new_order,
           l.photo
      from public.restaurant_photos p
      left join listed l on l.id = p.id
     where p.restaurant_id = p_restaurant_id
  )
  update public.restaurant_photos p
     set display_order = r.new_order::int,
         alt_text = case when r.photo is null then p.alt_text
                         else nullif(btrim(coalesce(r.photo ->> 'altText', '')), '') end,
         updated_at = now()
    from ranked r
   where p.id = r.id;
end
$function$;
revoke all on function public.save_restaurant_photos(uuid,jsonb) from public, anon;
grant execute on function public.save_restaurant_photos(uuid,jsonb) to authenticated, service_role;

create or replace function public.search_reservations(p_restaurant_id uuid, p_search text DEFAULT ''::text)
returns TABLE(id uuid, restaurant_id uuid, conversation_id uuid, numero_reservation_restaurateur text, numero_reservation text, code_reservation text, status smallint, is_accepted boolean, customer_name text, email text, email_address text, phone_number text, selected_menu text, total_amount public.amount, amount_received public.amount, number_people integer, children integer, reservation_date date, arrival_time time without time zone, service text, respond_by timestamp with time zone, options jsonb, source text, created_at timestamp with time zone)
language plpgsql
stable
security definer
set search_path = ''
as $function$
#variable_conflict use_column
declare
  v_words text[] := private.search_words_pattern(p_search);
  v_phone text;
begin
  -- The policy "Members read their reservations", restated: only a restaurant the caller is a member of.
  if not private.has_role(p_restaurant_id, 'manager') then
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
$function$;
comment on function public.search_reservations(uuid,text) IS 'The reservation list''s search: the restaurant''s reservations whose search_text holds the phone number typed, or else every word typed (name, numbers, customer''s code, e-mail; accents and case ignored); all of them when nothing is typed. Definer (for the trigram index), for the restaurant''s members only.';
revoke all on function public.search_reservations(uuid,text) from public, anon;
grant execute on function public.search_reservations(uuid,text) to authenticated, service_role;

create or replace function public.set_request_page(p_restaurant_id uuid, p_enabled boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $function$
begin
  perform private.assert_role(p_restaurant_id, 'manager');
  if p_enabled is null then
    raise exception 'Indiquez si la page de demande est ouverte ou fermée.' using errcode = '22023';
  end if;
  insert into public.restaurant_request_pages as p (restaurant_id, enabled, updated_at, updated_by)
  values (p_restaurant_id, p_enabled, now(), auth.uid())
  on conflict (restaurant_id) do update set enabled = excluded.enabled, updated_at = excluded.updated_at, updated_by = excluded.updated_by;
  return p_enabled;
end
$function$;
comment on function public.set_request_page(uuid,boolean) IS 'Switches the restaurant''s public request page on or off (its members: owners and managers).';
revoke all on function public.set_request_page(uuid,boolean) from public, anon;
grant execute on function public.set_request_page(uuid,boolean) to authenticated, service_role;

create or replace function public.start_restaurant_onboarding()
returns uuid
language plpgsql
set search_path = ''
as $function$
declare
  new_id uuid;
begin
  select r.id into new_id
    from public.restaurants r
   where r.id in (select private.restaurants_with_role('owner'))
     and r.onboarding_finished_at is null
     and btrim(r.name) = '' and btrim(r.address) = '' and btrim(r.description) = ''
     and not exists (select 1 from public.restaurant_contacts c
                      where c.restaurant_id = r.id and (coalesce(btrim(c.email), '') <> '' or coalesce(btrim(c.whatsapp), '') <> ''))
     and not exists (select 1 from public.restaurant_photos p where p.restaurant_id = r.id)
     and not exists (select 1 from public.restaurant_menus m where m.restaurant_id = r.id)
     and not exists (select 1 from public.restaurant_options o where o.restaurant_id = r.id)
   order by r.created_at desc
   limit 1;
  if found then
    return new_id;
  end if;

  insert into public.restaurants (days_open, onboarding_finished_at)
  values ('{monday,tuesday,wednesday,thursday,friday,saturday,sunday}', null)
  returning id into new_id;
  update public.restaurant_hours
     set lunch_group_min = 10, dinner_group_min = 10
   where restaurant_id = new_id;
  return new_id;
end
$function$;
revoke all on function public.start_restaurant_onboarding() from public, anon;
grant execute on function public.start_restaurant_onboarding() to authenticated, service_role;

create or replace function public.submit_owner_reservation(p_restaurant_id uuid, p_request jsonb, p_notes text DEFAULT NULL::text, p_accept boolean DEFAULT false, p_preview boolean DEFAULT false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_notes text;
  v_submitted jsonb;
  v_id uuid;
  v_outcome jsonb;
begin
  perform private.assert_role(p_restaurant_id, 'manager');
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
$function$;
comment on function public.submit_owner_reservation(uuid,jsonb,text,boolean,boolean) IS 'Nouvelle réservation: a booking a member (owner or manager) takes (by phone), through submit_group_request with source phone (the same checks and refusals; the owner is not notified of it, the customer is acknowledged). p_notes: the owner''s internal notes. p_accept: accepted at once (the history names the member; the customer gets the acceptance e-mail, not the acknowledgement). p_preview: nothing is stored; answers what submit_group_request would (its acceptance check: the warnings to confirm before accepting).';
revoke all on function public.submit_owner_reservation(uuid,jsonb,text,boolean,boolean) from public, anon;
grant execute on function public.submit_owner_reservation(uuid,jsonb,text,boolean,boolean) to authenticated, service_role;

-- Nothing calls it any more: access is decided by private.assert_role.
drop function private.assert_restaurant_owner(uuid);
