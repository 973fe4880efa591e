-- What is the owners' stays the owners' everywhere it can be read or changed: an invitation's e-mail in
-- the outbox (team_invitation rows: the invitee's address) is read by whoever reads the invitation
-- itself (restaurant_invitations: owners), not by every member; and the public request page is
-- switched on and off by owners only, as the README says, not by managers too.

-- One rule per kind of row: a reservation's messages are the team's (they show in the request's
-- history); an invitation's message is readable where its invitation is.
drop policy "Members read their restaurants' notifications" on public.notification_outbox;
create policy "Members read their reservations' notifications" on public.notification_outbox
  for select to authenticated
  using (invitation_id is null and restaurant_id in (select private.restaurants_with_role('manager')));
create policy "Who reads an invitation reads its e-mail" on public.notification_outbox
  for select to authenticated
  using (invitation_id in (select i.id from public.restaurant_invitations i));

create or replace function public.set_request_page(p_restaurant_id uuid, p_enabled boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.assert_role(p_restaurant_id, 'owner');
  if p_enabled is null then
    raise exception 'Indiquez si la page de demande est ouverte ou fermée.' using errcode = '22023';
  end if;
  insert into public.restaurant_request_pages as p (restaurant_id, enabled, updated_at, updated_by)
  values (p_restaurant_id, p_enabled, now(), auth.uid())
  on conflict (restaurant_id) do update set enabled = excluded.enabled, updated_at = excluded.updated_at, updated_by = excluded.updated_by;
  return p_enabled;
end
$$;
comment on function public.set_request_page(uuid, boolean) is 'Switches the restaurant''s public request page on or off (its owners only; managers see its state).';
