-- Completeness is the same for every member of a team: a manager, who cannot read Facturation, is
-- told what the profile lacks as its owners are (the billing blocks included), not a shorter list.
-- The rule is computed by a security definer function over the restaurant's rows; the view, as its
-- invoker, still lists only the restaurants the caller may read (RLS on public.restaurants).

create function private.profile_missing(p_restaurant_id uuid)
returns table ("position" int, item text, section text, label text)
language sql
stable
security definer
set search_path = ''
as $$
  -- What the assistant needs to answer a group, in the order of the onboarding's steps (the CGV are
  -- filled in its last step, Facturation, and in their own tab). `section` is the tab that fixes it.
  -- The required fields are spec §5's; the rest is what a group's questions need: an open service
  -- with arrival times, a menu with a price, the cancellation and modification policies.
  select v.position, v.item, v.section, v.label
    from public.restaurants r
    left join public.restaurant_contacts c on c.restaurant_id = r.id
    left join public.restaurant_billing b on b.restaurant_id = r.id
   cross join lateral (values
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
           '' in (coalesce(btrim(b.company_name), ''), coalesce(btrim(b.legal_form), ''), coalesce(btrim(b.siret_number), ''),
                  coalesce(btrim(b.rcs_city), ''), coalesce(btrim(b.vat_number), ''))),
        (8, 'headquarters', 'billing', 'Adresse du siège',
           '' in (coalesce(btrim(b.address), ''), coalesce(btrim(b.postal_code), ''), coalesce(btrim(b.city), ''),
                  coalesce(btrim(b.country), ''))),
        (9, 'bank', 'billing', 'Coordonnées bancaires (IBAN, BIC)',
           '' in (coalesce(btrim(b.iban), ''), coalesce(btrim(b.bic), ''))),
        (10, 'billing_contact', 'billing', 'Contact de facturation',
           '' in (coalesce(btrim(b.contact_name), ''), coalesce(btrim(b.contact_email), ''), coalesce(btrim(b.contact_phone), ''))),
        (11, 'cgv', 'cgv', 'Conditions d''annulation et de modification (CGV)',
           not exists (select 1 from public.restaurant_cgv g where g.restaurant_id = r.id))
      ) v(position, item, section, label, is_missing)
   where r.id = p_restaurant_id
     and v.is_missing
     -- A signed-in caller learns this of their own restaurants only (the service and the functions
     -- that run as the database's owner, such as submit_group_request, have no user).
     and ((select auth.uid()) is null or private.has_role(p_restaurant_id, 'manager'))
$$;
comment on function private.profile_missing(uuid) is
  'What a restaurant''s profile still lacks for its assistant, the same for every member (security definer: a manager is told of the Facturation blocks they cannot read). Read through public.restaurant_completeness.';
revoke all on function private.profile_missing(uuid) from public, anon;
grant execute on function private.profile_missing(uuid) to authenticated, service_role;

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
  left join lateral private.profile_missing(r.id) m on true
 group by r.id;

comment on view public.restaurant_completeness is
  'What a restaurant''s profile still lacks for its assistant: missing = [{item, section, label}] in the onboarding''s order, the same for every member of its team (private.profile_missing).';
revoke all on public.restaurant_completeness from anon;
revoke insert, update, delete, truncate, references, trigger on public.restaurant_completeness from authenticated;
grant select on public.restaurant_completeness to authenticated, service_role;
