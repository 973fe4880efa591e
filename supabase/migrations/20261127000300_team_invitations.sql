-- Issue 33: an owner builds the restaurant's team. Invitations (an address, a role, one restaurant), the
-- e-mail that carries the link (through the outbox, as every message), joining by the link, and the
-- team functions of the 'Équipe' tab: list, change a role, remove a member, cancel an invitation.
--
-- The link's token is never stored: the reservation service's sender draws it when it sends the e-mail
-- and records only its sha256 here (public.issue_invitation_token). So no reader of the database, the
-- outbox (readable by the restaurant's team) included, ever sees a usable link; a resend draws a new
-- token and the older link stops working.

create table public.restaurant_invitations (
  id uuid primary key default gen_random_uuid(),
  restaurant_id uuid not null references public.restaurants (id) on delete cascade,
  -- Lower-cased: the address is compared with the signed-in account's.
  email text not null constraint restaurant_invitations_email_check check (email = lower(email) and char_length(email) <= 320),
  role text not null constraint restaurant_invitations_role_check check (role in ('owner', 'manager')),
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  -- sha256 (hex) of the link's token, set when the e-mail is sent; null until then.
  token_hash text unique constraint restaurant_invitations_token_hash_check check (token_hash ~ '^[0-9a-f]{64}$'),
  -- Seven days from the e-mail that carries the link.
  expires_at timestamptz not null default clock_timestamp() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  cancelled_at timestamptz,
  constraint restaurant_invitations_one_outcome check (accepted_at is null or cancelled_at is null)
);
-- One invitation waiting per address and restaurant.
create unique index restaurant_invitations_one_pending_idx on public.restaurant_invitations (restaurant_id, email)
  where accepted_at is null and cancelled_at is null;

comment on table public.restaurant_invitations is
  'An owner''s invitation of an address into a restaurant''s team, with the role it gives. Written only by the team functions; the link''s token is stored as its sha256 (token_hash), set when the e-mail is sent.';

alter table public.restaurant_invitations enable row level security;
revoke all on public.restaurant_invitations from anon, authenticated, service_role;
-- Owners read their restaurant's invitations, never the token's hash.
grant select (id, restaurant_id, email, role, invited_by, created_at, expires_at, accepted_at, cancelled_at) on public.restaurant_invitations to authenticated;
grant select on public.restaurant_invitations to service_role;

create policy "Owners read their restaurants' invitations" on public.restaurant_invitations
  for select to authenticated
  using (restaurant_id in (select private.restaurants_with_role('owner')));

-- The outbox carries invitations too: a row is about a reservation or about an invitation.
alter table public.notification_outbox
  alter column reservation_id drop not null,
  add column invitation_id uuid references public.restaurant_invitations (id) on delete cascade,
  drop constraint notification_outbox_kind_check,
  add constraint notification_outbox_kind_check check (kind in ('owner_new_request', 'customer_request_received', 'customer_reservation_accepted', 'customer_reservation_modified', 'team_invitation')),
  add constraint notification_outbox_subject_check check (
    case when kind = 'team_invitation' then invitation_id is not null and reservation_id is null
         else reservation_id is not null and invitation_id is null end),
  drop constraint notification_outbox_one_per_channel,
  add constraint notification_outbox_one_per_channel unique nulls not distinct (reservation_id, kind, channel, event_id, invitation_id);
comment on column public.notification_outbox.kind is
  'owner_new_request: the restaurant told of a request; customer_request_received: the customer''s acknowledgement; customer_reservation_accepted: the confirmation of a booking the owner accepted as they took it; customer_reservation_modified: the new details of an accepted or paid reservation the owner changed; team_invitation: the link that joins a restaurant''s team (invitation_id).';
comment on column public.notification_outbox.invitation_id is
  'The invitation a team_invitation message carries (its link is drawn when sent, never stored); null for the others.';
comment on column public.notification_outbox.reservation_id is
  'The reservation the message is about; null for a team_invitation.';

-- The restaurant's owners only, or a French refusal (42501: PostgREST answers 403).
create function private.require_owner(p_restaurant_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_restaurant_id is null or not private.has_role(p_restaurant_id, 'owner') then
    raise exception 'Seul un propriétaire du restaurant peut gérer son équipe' using errcode = '42501';
  end if;
end
$$;
revoke all on function private.require_owner(uuid) from public;
grant execute on function private.require_owner(uuid) to authenticated;

create function private.require_role_name(p_role text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_role is null or p_role not in ('owner', 'manager') then
    raise exception 'Rôle inconnu : choisissez Propriétaire ou Gérant' using errcode = '22023';
  end if;
end
$$;
revoke all on function private.require_role_name(text) from public;
grant execute on function private.require_role_name(text) to authenticated;

create function public.invite_member(p_restaurant_id uuid, p_email text, p_role text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
comment on function public.invite_member(uuid, text, text) is
  'Owner only: invites an address into the restaurant''s team with a role (owner or manager), and queues the e-mail with its link (the token is drawn when sent). French errors: not an owner (42501), a bad address or role (22023), already a member or already invited (23505).';
revoke all on function public.invite_member(uuid, text, text) from public, anon;
grant execute on function public.invite_member(uuid, text, text) to authenticated;

create function public.cancel_invitation(p_invitation_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
comment on function public.cancel_invitation(uuid) is
  'Owner only: cancels a pending invitation; its link is refused from then on.';
revoke all on function public.cancel_invitation(uuid) from public, anon;
grant execute on function public.cancel_invitation(uuid) to authenticated;

create function public.change_member_role(p_restaurant_id uuid, p_user_id uuid, p_role text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
comment on function public.change_member_role(uuid, uuid, text) is
  'Owner only: gives a member another role. The last owner cannot be demoted (23514, the trigger).';
revoke all on function public.change_member_role(uuid, uuid, text) from public, anon;
grant execute on function public.change_member_role(uuid, uuid, text) to authenticated;

create function public.remove_member(p_restaurant_id uuid, p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
comment on function public.remove_member(uuid, uuid) is
  'Owner only, or a member leaving by themselves: removes a member from the team; their next request is refused. The last owner cannot leave (23514, the trigger).';
revoke all on function public.remove_member(uuid, uuid) from public, anon;
grant execute on function public.remove_member(uuid, uuid) to authenticated;

create function public.restaurant_team(p_restaurant_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;
comment on function public.restaurant_team(uuid) is
  'Owner only: the team (members with e-mail, role, who added them and when) and the pending invitations (address, role, who invited, when, expiry). SECURITY DEFINER to read auth.users'' addresses.';
revoke all on function public.restaurant_team(uuid) from public, anon;
grant execute on function public.restaurant_team(uuid) to authenticated;

-- The invitation a link's token names, if any.
create function private.invitation_by_token(p_token text)
returns public.restaurant_invitations
language sql
stable
security definer
set search_path = ''
as $$
  select i.* from public.restaurant_invitations i
   where p_token is not null and char_length(p_token) between 20 and 200
     and i.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
$$;
revoke all on function private.invitation_by_token(text) from public;

create function public.invitation_details(p_token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;
comment on function public.invitation_details(text) is
  'What the invitation page shows before its visitor signs in: for the holder of the link''s token only, the restaurant''s name, the invited address, the role and whether the link can still be used (pending, used, cancelled, expired). Null for an unknown token.';
revoke all on function public.invitation_details(text) from public;
grant execute on function public.invitation_details(text) to anon, authenticated;

create function public.accept_invitation(p_token text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
comment on function public.accept_invitation(text) is
  'The signed-in invitee joins the team with the invitation''s role, once: refused in French when the link is unknown, used, cancelled, expired, or for another address than the account''s. Returns the restaurant''s id.';
revoke all on function public.accept_invitation(text) from public, anon;
grant execute on function public.accept_invitation(text) to authenticated;

create function public.issue_invitation_token(p_invitation_id uuid, p_token_hash text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
comment on function public.issue_invitation_token(uuid, text) is
  'The reservation service''s sender, as it sends an invitation: records the sha256 of the token it drew (a link sent again replaces the older one) and starts the seven days. Null when the invitation was accepted or cancelled meanwhile (nothing to send).';
revoke all on function public.issue_invitation_token(uuid, text) from public, anon, authenticated;
grant execute on function public.issue_invitation_token(uuid, text) to service_role;

create function public.restaurant_people(p_restaurant_id uuid)
returns table (user_id uuid, email text)
language sql
stable
security definer
set search_path = ''
as $$
  -- The team, and whoever acted on its reservations (a member since removed still signs their decisions).
  select u.id, u.email::text
    from auth.users u
   where private.has_role(p_restaurant_id, 'manager')
     and (u.id in (select m.user_id from public.restaurant_members m where m.restaurant_id = p_restaurant_id)
          or u.id in (select e.actor_user_id from public.reservation_events e where e.restaurant_id = p_restaurant_id))
$$;
comment on function public.restaurant_people(uuid) is
  'For the restaurant''s members: the e-mail addresses of its team and of whoever decided on its reservations, so that the history says who did what. Nobody else''s address.';
revoke all on function public.restaurant_people(uuid) from public, anon;
grant execute on function public.restaurant_people(uuid) to authenticated;
