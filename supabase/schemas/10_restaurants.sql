-- Restaurants and who may act for them: restaurant_members (owner or manager), the role checks every
-- policy and function goes through (private.has_role, private.require_owner…), what happens when a
-- restaurant is created or deleted and when an account goes.
-- A function's body is checked when it runs, not here: it may name what a later file declares (pg_dump's own output does the same).
set check_function_bodies = off;

-- -------------------- Tables

CREATE TABLE private.retired_restaurant_ids (
    id uuid NOT NULL,
    retired_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT retired_restaurant_ids_pkey PRIMARY KEY (id)
);

CREATE TABLE public.restaurants (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid(),
    name text DEFAULT ''::text NOT NULL,
    url text,
    first_message text,
    address text DEFAULT ''::text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    has_different_hours_settings boolean DEFAULT false NOT NULL,
    days_open text[] DEFAULT '{monday,tuesday,wednesday,thursday,friday,saturday}'::text[] NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    onboarding_finished_at timestamp with time zone DEFAULT now(),
    CONSTRAINT restaurants_pkey PRIMARY KEY (id),
    CONSTRAINT restaurants_days_open_check CHECK ((days_open <@ ARRAY['monday'::text, 'tuesday'::text, 'wednesday'::text, 'thursday'::text, 'friday'::text, 'saturday'::text, 'sunday'::text])),
    CONSTRAINT restaurants_name_one_line CHECK (private.check_one_line(name, 'restaurants.name'::text)),
    CONSTRAINT restaurants_url_safe_link CHECK (((url IS NULL) OR private.is_safe_link(url))),
    CONSTRAINT restaurants_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL
);
COMMENT ON COLUMN public.restaurants.user_id IS 'Who created the restaurant (its first owner): set at its creation, never written through the API, null once that account is deleted. Who may act for the restaurant is restaurant_members.';
COMMENT ON COLUMN public.restaurants.onboarding_finished_at IS 'When the owner finished the onboarding wizard; null while it is unfinished (the dashboard resumes it).';
ALTER TABLE public.restaurants ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurants FROM anon, authenticated;
GRANT DELETE, INSERT, MAINTAIN, SELECT, UPDATE ON TABLE public.restaurants TO authenticated;
-- Checked on rows written since the rule came; the rows stored before it stay as they were.
ALTER TABLE public.restaurants ADD CONSTRAINT restaurants_address_max_500 CHECK ((char_length(address) <= 500)) NOT VALID;
ALTER TABLE public.restaurants ADD CONSTRAINT restaurants_description_max_10000 CHECK ((char_length(description) <= 10000)) NOT VALID;
ALTER TABLE public.restaurants ADD CONSTRAINT restaurants_first_message_max_10000 CHECK ((char_length(first_message) <= 10000)) NOT VALID;
ALTER TABLE public.restaurants ADD CONSTRAINT restaurants_name_max_200 CHECK ((char_length(name) <= 200)) NOT VALID;
ALTER TABLE public.restaurants ADD CONSTRAINT restaurants_url_max_2048 CHECK ((char_length(url) <= 2048)) NOT VALID;

CREATE INDEX restaurants_user_id_idx ON public.restaurants USING btree (user_id);

CREATE TABLE public.restaurant_members (
    user_id uuid NOT NULL,
    restaurant_id uuid NOT NULL,
    role text NOT NULL,
    added_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT restaurant_members_pkey PRIMARY KEY (user_id, restaurant_id),
    CONSTRAINT restaurant_members_role_check CHECK ((role = ANY (ARRAY['owner'::text, 'manager'::text]))),
    CONSTRAINT restaurant_members_added_by_fkey FOREIGN KEY (added_by) REFERENCES auth.users(id) ON DELETE SET NULL,
    CONSTRAINT restaurant_members_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE,
    CONSTRAINT restaurant_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);
COMMENT ON TABLE public.restaurant_members IS 'Who may act for a restaurant, and as what: owner (everything) or manager (operations and the profile except Facturation). Read by private.has_role; written only by the team functions and by the creator trigger.';
ALTER TABLE public.restaurant_members ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_members FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.restaurant_members TO authenticated;
GRANT DELETE, INSERT, SELECT, UPDATE ON TABLE public.restaurant_members TO service_role;

CREATE INDEX restaurant_members_restaurant_id_idx ON public.restaurant_members USING btree (restaurant_id);

-- -------------------- Functions

CREATE OR REPLACE FUNCTION private.add_creator_as_owner()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into public.restaurant_members (user_id, restaurant_id, role, added_by)
  values (new.user_id, new.id, 'owner', new.user_id)
  on conflict (user_id, restaurant_id) do nothing;
  return new;
end
$function$;
REVOKE ALL ON FUNCTION private.add_creator_as_owner() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.assert_role(p_restaurant_id uuid, p_role text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
COMMENT ON FUNCTION private.assert_role(uuid,text) IS 'Refuses (42501) a caller who is not a member of the restaurant with at least the given role; locks the restaurant''s row until commit.';
REVOKE ALL ON FUNCTION private.assert_role(uuid,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.assert_role(uuid,text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.delete_restaurants_left_without_owner()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_owned uuid[];
begin
  select coalesce(array_agg(m.restaurant_id order by m.restaurant_id), '{}') into v_owned
    from public.restaurant_members m where m.user_id = old.id and m.role = 'owner';
  perform 1 from public.restaurants r where r.id = any (v_owned) order by r.id for no key update;
  delete from public.restaurants r
   where r.id = any (v_owned)
     and not exists (select 1 from public.restaurant_members o
                      where o.restaurant_id = r.id and o.role = 'owner' and o.user_id <> old.id);
  return old;
end
$function$;
COMMENT ON FUNCTION private.delete_restaurants_left_without_owner() IS 'Before an account is deleted: deletes the restaurants it is the last owner of (their data and photos with them); the account''s other memberships go by restaurant_members'' foreign key. The one way a restaurant goes with an account.';
REVOKE ALL ON FUNCTION private.delete_restaurants_left_without_owner() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.has_role(p_restaurant_id uuid, p_role text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1
      from public.restaurant_members m
     where m.user_id = (select auth.uid())
       and m.restaurant_id = p_restaurant_id
       and (m.role = 'owner' or p_role = 'manager')
  )
$function$;
COMMENT ON FUNCTION private.has_role(uuid,text) IS 'True when the signed-in user is a member of the restaurant with at least the given role (''manager'' < ''owner''). The one rule of access: policies and functions call it.';
REVOKE ALL ON FUNCTION private.has_role(uuid,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.has_role(uuid,text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.keep_one_owner()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- Two owners leaving at once must not both see the other one stay: queue them on the restaurant.
  perform 1 from public.restaurants r where r.id = old.restaurant_id for no key update;
  if old.role = 'owner'
     and (tg_op = 'DELETE' or new.role <> 'owner' or new.restaurant_id <> old.restaurant_id)
     and exists (select 1 from public.restaurants r where r.id = old.restaurant_id)
     and not exists (
       select 1 from public.restaurant_members m
        where m.restaurant_id = old.restaurant_id and m.role = 'owner' and m.user_id <> old.user_id
     ) then
    raise exception 'Le restaurant doit garder au moins un propriétaire' using errcode = '23514';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$function$;
REVOKE ALL ON FUNCTION private.keep_one_owner() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.keep_restaurant_creator()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.user_id is null and not exists (select 1 from auth.users u where u.id = old.user_id) then
    return new;
  end if;
  raise exception 'Le créateur d''un restaurant ne peut pas être modifié' using errcode = '42501';
end
$function$;
COMMENT ON FUNCTION private.keep_restaurant_creator() IS 'Refuses any change of restaurants.user_id (who created it), except forgetting an account that no longer exists (its foreign key''s on delete set null).';
REVOKE ALL ON FUNCTION private.keep_restaurant_creator() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.refuse_restaurant_id_reuse()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' and new.id is distinct from old.id then
    raise exception 'L''identifiant d''un restaurant ne peut pas être modifié' using errcode = '22023';
  end if;
  if tg_op = 'INSERT' and exists (select 1 from private.retired_restaurant_ids t where t.id = new.id) then
    raise exception 'Cet identifiant de restaurant a déjà été utilisé' using errcode = '23505';
  end if;
  return new;
end
$function$;
REVOKE ALL ON FUNCTION private.refuse_restaurant_id_reuse() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.require_owner(p_restaurant_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_restaurant_id is null or not private.has_role(p_restaurant_id, 'owner') then
    raise exception 'Seul un propriétaire du restaurant peut gérer son équipe' using errcode = '42501';
  end if;
end
$function$;
REVOKE ALL ON FUNCTION private.require_owner(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.require_owner(uuid) TO authenticated;

CREATE OR REPLACE FUNCTION private.require_role_name(p_role text)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_role is null or p_role not in ('owner', 'manager') then
    raise exception 'Rôle inconnu : choisissez Propriétaire ou Gérant' using errcode = '22023';
  end if;
end
$function$;
REVOKE ALL ON FUNCTION private.require_role_name(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.require_role_name(text) TO authenticated;

CREATE OR REPLACE FUNCTION private.restaurants_with_role(p_role text)
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select m.restaurant_id
    from public.restaurant_members m
   where m.user_id = (select auth.uid())
     and (m.role = 'owner' or p_role = 'manager')
$function$;
COMMENT ON FUNCTION private.restaurants_with_role(text) IS 'The restaurants where the signed-in user is a member with at least the given role (''manager'' < ''owner''): the policies'' form of private.has_role, read once per query.';
REVOKE ALL ON FUNCTION private.restaurants_with_role(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.restaurants_with_role(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.retire_deleted_restaurant()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into private.retired_restaurant_ids (id) values (old.id) on conflict do nothing;
  -- Hosted Supabase refuses direct deletes from storage.objects unless this
  -- setting is on (supabase/storage#817); it is local to this transaction.
  perform set_config('storage.allow_delete_query', 'true', true);
  delete from storage.objects o
   where o.bucket_id = 'restaurant-photos'
     and (storage.foldername(o.name))[1] = old.id::text;
  return null;
end
$function$;
REVOKE ALL ON FUNCTION private.retire_deleted_restaurant() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.store_restaurant_defaults()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- Every column default of restaurant_hours is the spec's default service (§3, §9).
  insert into public.restaurant_hours (restaurant_id, day)
  select new.id, d from unnest(new.days_open) d;

  insert into public.restaurant_arrival_times (restaurant_id, day, service, arrival_time)
  select new.id, h.day, s.service, a
    from public.restaurant_hours h
   cross join lateral (values
     ('lunch', h.lunch_is_open, h.lunch_from_time, h.lunch_to_time),
     ('dinner', h.dinner_is_open, h.dinner_from_time, h.dinner_to_time)
   ) s(service, is_open, from_time, to_time)
   cross join lateral unnest(private.default_arrival_times(s.from_time, s.to_time)) a
   where h.restaurant_id = new.id and s.is_open;

  insert into public.restaurant_contacts (restaurant_id) values (new.id);
  insert into public.restaurant_amenities (restaurant_id) values (new.id);
  insert into public.restaurant_billing (restaurant_id) values (new.id);
  return null;
end
$function$;
REVOKE ALL ON FUNCTION private.store_restaurant_defaults() FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.start_restaurant_onboarding()
 RETURNS uuid
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
REVOKE ALL ON FUNCTION public.start_restaurant_onboarding() FROM PUBLIC, anon;

-- -------------------- Triggers

CREATE TRIGGER delete_restaurants_left_without_owner BEFORE DELETE ON auth.users FOR EACH ROW EXECUTE FUNCTION private.delete_restaurants_left_without_owner();
CREATE TRIGGER restaurant_members_keep_one_owner BEFORE DELETE OR UPDATE ON public.restaurant_members FOR EACH ROW EXECUTE FUNCTION private.keep_one_owner();
CREATE TRIGGER restaurants_creator_is_owner AFTER INSERT ON public.restaurants FOR EACH ROW EXECUTE FUNCTION private.add_creator_as_owner();
CREATE TRIGGER restaurants_keep_creator BEFORE UPDATE OF user_id ON public.restaurants FOR EACH ROW WHEN ((old.user_id IS DISTINCT FROM new.user_id)) EXECUTE FUNCTION private.keep_restaurant_creator();
CREATE TRIGGER restaurants_refuse_id_reuse BEFORE INSERT OR UPDATE OF id ON public.restaurants FOR EACH ROW EXECUTE FUNCTION private.refuse_restaurant_id_reuse();
CREATE TRIGGER restaurants_retire_deleted AFTER DELETE ON public.restaurants FOR EACH ROW EXECUTE FUNCTION private.retire_deleted_restaurant();
CREATE TRIGGER restaurants_set_updated_at BEFORE UPDATE ON public.restaurants FOR EACH ROW WHEN (((new.user_id IS NOT NULL) OR (old.user_id IS NULL))) EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER restaurants_store_defaults AFTER INSERT ON public.restaurants FOR EACH ROW EXECUTE FUNCTION private.store_restaurant_defaults();

-- -------------------- Row Level Security policies

CREATE POLICY "Members read their restaurants' team" ON public.restaurant_members AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members change their restaurants" ON public.restaurants AS PERMISSIVE FOR UPDATE TO authenticated
  USING ((id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))
  WITH CHECK ((id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their restaurants" ON public.restaurants AS PERMISSIVE FOR SELECT TO authenticated
  USING (((id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)) OR ((user_id = ( SELECT auth.uid() AS uid)) AND (created_at = now()))));
CREATE POLICY "Owners delete their restaurants" ON public.restaurants AS PERMISSIVE FOR DELETE TO authenticated
  USING ((id IN ( SELECT private.restaurants_with_role('owner'::text) AS restaurants_with_role)));
CREATE POLICY "Users create their own restaurants" ON public.restaurants AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));
