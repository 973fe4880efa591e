-- Tablée — save_restaurant_cgv: the CGV save of spec §6/§7 in one call, so the
-- owner sees the spec's own messages ('Utilisateur non authentifié',
-- 'Restaurant non trouvé', 'Accès non autorisé à ce restaurant'): RLS alone
-- cannot tell "not found" from "someone else's".
-- p_cgv: { cancellationPolicy, modificationPolicy, link? }
--   policies: same_day | 24h | 48h | 72h | 7_days; link trimmed, empty = none.

create or replace function public.save_restaurant_cgv(p_restaurant_id uuid, p_cgv jsonb)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  c_policies constant text[] := array['same_day', '24h', '48h', '72h', '7_days'];
  v_cancellation text := p_cgv ->> 'cancellationPolicy';
  v_modification text := p_cgv ->> 'modificationPolicy';
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
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
$$;

revoke all on function public.save_restaurant_cgv(uuid, jsonb) from public, anon;
grant execute on function public.save_restaurant_cgv(uuid, jsonb) to authenticated;
