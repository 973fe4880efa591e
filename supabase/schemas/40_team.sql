-- The team: invitations by e-mail, their acceptance, roles and removals.
-- A function's body is checked when it runs, not here: it may name what a later file declares (pg_dump's own output does the same).
set check_function_bodies = off;

-- -------------------- Tables

CREATE TABLE public.restaurant_invitations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    email text NOT NULL,
    role text NOT NULL,
    invited_by uuid,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    token_hash text,
    expires_at timestamp with time zone DEFAULT (clock_timestamp() + '7 days'::interval) NOT NULL,
    accepted_at timestamp with time zone,
    accepted_by uuid,
    cancelled_at timestamp with time zone,
    CONSTRAINT restaurant_invitations_pkey PRIMARY KEY (id),
    CONSTRAINT restaurant_invitations_token_hash_key UNIQUE (token_hash),
    CONSTRAINT restaurant_invitations_email_check CHECK (((email = lower(email)) AND (char_length(email) <= 320))),
    CONSTRAINT restaurant_invitations_one_outcome CHECK (((accepted_at IS NULL) OR (cancelled_at IS NULL))),
    CONSTRAINT restaurant_invitations_role_check CHECK ((role = ANY (ARRAY['owner'::text, 'manager'::text]))),
    CONSTRAINT restaurant_invitations_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT restaurant_invitations_accepted_by_fkey FOREIGN KEY (accepted_by) REFERENCES auth.users(id) ON DELETE SET NULL,
    CONSTRAINT restaurant_invitations_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES auth.users(id) ON DELETE SET NULL,
    CONSTRAINT restaurant_invitations_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
COMMENT ON TABLE public.restaurant_invitations IS 'An owner''s invitation of an address into a restaurant''s team, with the role it gives. Written only by the team functions; the link''s token is stored as its sha256 (token_hash), set when the e-mail is sent.';
ALTER TABLE public.restaurant_invitations ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.restaurant_invitations FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.restaurant_invitations TO service_role;
GRANT SELECT (id, restaurant_id, email, role, invited_by, created_at, expires_at, accepted_at, cancelled_at) ON TABLE public.restaurant_invitations TO authenticated;

CREATE UNIQUE INDEX restaurant_invitations_one_pending_idx ON public.restaurant_invitations USING btree (restaurant_id, email) WHERE ((accepted_at IS NULL) AND (cancelled_at IS NULL));

-- -------------------- Functions

CREATE OR REPLACE FUNCTION private.invitation_by_token(p_token text)
 RETURNS public.restaurant_invitations
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select i.* from public.restaurant_invitations i
   where p_token is not null and char_length(p_token) between 20 and 200
     and i.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
$function$;
REVOKE ALL ON FUNCTION private.invitation_by_token(text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.accept_invitation(p_token text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_found public.restaurant_invitations := private.invitation_by_token(p_token);
  v_invitation public.restaurant_invitations%rowtype;
  v_email text := (select lower(u.email) from auth.users u where u.id = (select auth.uid()));
begin
  if v_email is null then
    raise exception 'Connectez-vous pour accepter l''invitation' using errcode = '42501';
  end if;
  -- The row lock makes two uses of one link queue: the second sees it used.
  select * into v_invitation from public.restaurant_invitations i where i.id = v_found.id for update;
  if not found then
    raise exception 'Ce lien d''invitation n''est pas valide' using errcode = '22023';
  elsif v_invitation.accepted_at is not null then
    raise exception 'Ce lien d''invitation a déjà été utilisé' using errcode = '22023';
  elsif v_invitation.cancelled_at is not null then
    raise exception 'Cette invitation a été annulée' using errcode = '22023';
  elsif v_invitation.expires_at < clock_timestamp() then
    raise exception 'Ce lien d''invitation a expiré : demandez une nouvelle invitation' using errcode = '22023';
  elsif v_invitation.email <> v_email then
    raise exception 'Cette invitation a été envoyée à une autre adresse e-mail que celle de votre compte' using errcode = '42501';
  end if;

  insert into public.restaurant_members (user_id, restaurant_id, role, added_by)
  values ((select auth.uid()), v_invitation.restaurant_id, v_invitation.role, v_invitation.invited_by)
  on conflict (user_id, restaurant_id) do nothing;
  update public.restaurant_invitations i set accepted_at = clock_timestamp(), accepted_by = (select auth.uid())
   where i.id = v_invitation.id;
  return v_invitation.restaurant_id;
end
$function$;
COMMENT ON FUNCTION public.accept_invitation(text) IS 'The signed-in invitee joins the team with the invitation''s role, once: refused in French when the link is unknown, used, cancelled, expired, or for another address than the account''s. Returns the restaurant''s id.';
REVOKE ALL ON FUNCTION public.accept_invitation(text) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.cancel_invitation(p_invitation_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_invitation public.restaurant_invitations%rowtype;
begin
  select * into v_invitation from public.restaurant_invitations i where i.id = p_invitation_id for update;
  -- Someone else's invitation reads as an unknown one.
  if not found or not private.has_role(v_invitation.restaurant_id, 'owner') then
    raise exception 'Invitation introuvable' using errcode = '42501';
  end if;
  if v_invitation.accepted_at is not null then
    raise exception 'Cette invitation a déjà été acceptée' using errcode = '22023';
  end if;
  update public.restaurant_invitations i set cancelled_at = coalesce(i.cancelled_at, clock_timestamp()) where i.id = p_invitation_id;
end
$function$;
COMMENT ON FUNCTION public.cancel_invitation(uuid) IS 'Owner only: cancels a pending invitation; its link is refused from then on.';
REVOKE ALL ON FUNCTION public.cancel_invitation(uuid) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.change_member_role(p_restaurant_id uuid, p_user_id uuid, p_role text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_owner(p_restaurant_id);
  perform private.require_role_name(p_role);
  -- The last owner's demotion is refused by restaurant_members_keep_one_owner (23514).
  update public.restaurant_members m set role = p_role
   where m.restaurant_id = p_restaurant_id and m.user_id = p_user_id;
  if not found then
    raise exception 'Ce membre ne fait pas partie de l''équipe' using errcode = '22023';
  end if;
end
$function$;
COMMENT ON FUNCTION public.change_member_role(uuid,uuid,text) IS 'Owner only: gives a member another role. The last owner cannot be demoted (23514, the trigger).';
REVOKE ALL ON FUNCTION public.change_member_role(uuid,uuid,text) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.invitation_details(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_invitation public.restaurant_invitations := private.invitation_by_token(p_token);
begin
  if v_invitation.id is null then
    return null;
  end if;
  return jsonb_build_object(
    'restaurant_name', (select coalesce(nullif(btrim(r.name), ''), 'Restaurant sans nom') from public.restaurants r where r.id = v_invitation.restaurant_id),
    'email', v_invitation.email,
    'role', v_invitation.role,
    'expires_at', v_invitation.expires_at,
    'state', case when v_invitation.accepted_at is not null then 'used'
                  when v_invitation.cancelled_at is not null then 'cancelled'
                  when v_invitation.expires_at < clock_timestamp() then 'expired'
                  else 'pending' end);
end
$function$;
COMMENT ON FUNCTION public.invitation_details(text) IS 'What the invitation page shows before its visitor signs in: for the holder of the link''s token only, the restaurant''s name, the invited address, the role and whether the link can still be used (pending, used, cancelled, expired). Null for an unknown token.';
REVOKE ALL ON FUNCTION public.invitation_details(text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.invite_member(p_restaurant_id uuid, p_email text, p_role text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(private.plain_email_address(p_email));
  v_invitation public.restaurant_invitations%rowtype;
begin
  perform private.require_owner(p_restaurant_id);
  perform private.require_role_name(p_role);
  if v_email is null then
    raise exception 'Adresse e-mail invalide' using errcode = '22023';
  end if;
  if exists (select 1 from public.restaurant_members m join auth.users u on u.id = m.user_id
              where m.restaurant_id = p_restaurant_id and lower(u.email) = v_email) then
    raise exception 'Cette adresse fait déjà partie de l''équipe' using errcode = '23505';
  end if;
  -- An expired invitation waiting for the same address gives way to the new one.
  update public.restaurant_invitations i set cancelled_at = clock_timestamp()
   where i.restaurant_id = p_restaurant_id and i.email = v_email
     and i.accepted_at is null and i.cancelled_at is null and i.expires_at < clock_timestamp();
  if exists (select 1 from public.restaurant_invitations i
              where i.restaurant_id = p_restaurant_id and i.email = v_email and i.accepted_at is null and i.cancelled_at is null) then
    raise exception 'Une invitation est déjà en attente pour cette adresse' using errcode = '23505';
  end if;

  insert into public.restaurant_invitations (restaurant_id, email, role, invited_by)
  values (p_restaurant_id, v_email, p_role, auth.uid())
  returning * into v_invitation;
  insert into public.notification_outbox (restaurant_id, invitation_id, kind, channel, recipient, payload)
  values (p_restaurant_id, v_invitation.id, 'team_invitation', 'email', v_email, jsonb_build_object('role', p_role));
  perform pg_notify('notification_outbox', v_invitation.id::text);
  return jsonb_build_object('id', v_invitation.id, 'email', v_email, 'role', p_role, 'created_at', v_invitation.created_at, 'expires_at', v_invitation.expires_at);
end
$function$;
COMMENT ON FUNCTION public.invite_member(uuid,text,text) IS 'Owner only: invites an address into the restaurant''s team with a role (owner or manager), and queues the e-mail with its link (the token is drawn when sent). French errors: not an owner (42501), a bad address or role (22023), already a member or already invited (23505).';
REVOKE ALL ON FUNCTION public.invite_member(uuid,text,text) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.issue_invitation_token(p_invitation_id uuid, p_token_hash text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_invitation public.restaurant_invitations%rowtype;
begin
  update public.restaurant_invitations i
     set token_hash = lower(p_token_hash), expires_at = clock_timestamp() + interval '7 days'
   where i.id = p_invitation_id and i.accepted_at is null and i.cancelled_at is null
  returning * into v_invitation;
  if not found then
    return null;
  end if;
  return jsonb_build_object(
    'email', v_invitation.email,
    'role', v_invitation.role,
    'expires_at', v_invitation.expires_at,
    'restaurant_name', (select coalesce(nullif(btrim(r.name), ''), 'Restaurant sans nom') from public.restaurants r where r.id = v_invitation.restaurant_id),
    'invited_by', (select u.email from auth.users u where u.id = v_invitation.invited_by));
end
$function$;
COMMENT ON FUNCTION public.issue_invitation_token(uuid,text) IS 'The reservation service''s sender, as it sends an invitation: records the sha256 of the token it drew (a link sent again replaces the older one) and starts the seven days. Null when the invitation was accepted or cancelled meanwhile (nothing to send).';
REVOKE ALL ON FUNCTION public.issue_invitation_token(uuid,text) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.remove_member(p_restaurant_id uuid, p_user_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- An owner removes anyone; a member may leave by themselves.
  if p_user_id is distinct from (select auth.uid()) then
    perform private.require_owner(p_restaurant_id);
  elsif not private.has_role(p_restaurant_id, 'manager') then
    raise exception 'Ce membre ne fait pas partie de l''équipe' using errcode = '42501';
  end if;
  -- The last owner's removal is refused by restaurant_members_keep_one_owner (23514).
  delete from public.restaurant_members m where m.restaurant_id = p_restaurant_id and m.user_id = p_user_id;
  if not found then
    raise exception 'Ce membre ne fait pas partie de l''équipe' using errcode = '22023';
  end if;
end
$function$;
COMMENT ON FUNCTION public.remove_member(uuid,uuid) IS 'Owner only, or a member leaving by themselves: removes a member from the team; their next request is refused. The last owner cannot leave (23514, the trigger).';
REVOKE ALL ON FUNCTION public.remove_member(uuid,uuid) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.restaurant_people(p_restaurant_id uuid)
 RETURNS TABLE(user_id uuid, email text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- The team, and whoever acted on its reservations (a member since removed still signs their decisions).
  select u.id, u.email::text
    from auth.users u
   where private.has_role(p_restaurant_id, 'manager')
     and (u.id in (select m.user_id from public.restaurant_members m where m.restaurant_id = p_restaurant_id)
          or u.id in (select e.actor_user_id from public.reservation_events e where e.restaurant_id = p_restaurant_id))
$function$;
COMMENT ON FUNCTION public.restaurant_people(uuid) IS 'For the restaurant''s members: the e-mail addresses of its team and of whoever decided on its reservations, so that the history says who did what. Nobody else''s address.';
REVOKE ALL ON FUNCTION public.restaurant_people(uuid) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.restaurant_team(p_restaurant_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_owner(p_restaurant_id);
  return jsonb_build_object(
    'members', coalesce((
      select jsonb_agg(jsonb_build_object('user_id', m.user_id, 'email', u.email, 'role', m.role, 'added_by', a.email, 'created_at', m.created_at)
                       order by m.role = 'manager', m.created_at)
        from public.restaurant_members m
        join auth.users u on u.id = m.user_id
        left join auth.users a on a.id = m.added_by
       where m.restaurant_id = p_restaurant_id), '[]'::jsonb),
    'invitations', coalesce((
      select jsonb_agg(jsonb_build_object('id', i.id, 'email', i.email, 'role', i.role, 'invited_by', a.email,
                                          'created_at', i.created_at, 'expires_at', i.expires_at,
                                          'expired', i.expires_at < clock_timestamp())
                       order by i.created_at)
        from public.restaurant_invitations i
        left join auth.users a on a.id = i.invited_by
       where i.restaurant_id = p_restaurant_id and i.accepted_at is null and i.cancelled_at is null), '[]'::jsonb));
end
$function$;
COMMENT ON FUNCTION public.restaurant_team(uuid) IS 'Owner only: the team (members with e-mail, role, who added them and when) and the pending invitations (address, role, who invited, when, expiry). SECURITY DEFINER to read auth.users'' addresses.';
REVOKE ALL ON FUNCTION public.restaurant_team(uuid) FROM PUBLIC, anon;

-- -------------------- Row Level Security policies

CREATE POLICY "Owners read their restaurants' invitations" ON public.restaurant_invitations AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('owner'::text) AS restaurants_with_role)));
