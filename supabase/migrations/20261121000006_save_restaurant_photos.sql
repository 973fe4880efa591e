-- Tablée — save_restaurant_photos: the photos section's value (alt texts and order) in one
-- transaction. Uploads and deletes happen at once elsewhere (storage + restaurant_photos insert,
-- delete / delete_restaurant_photo); this only rewrites alt_text and display_order.
--
-- p_photos: [ { id, altText } ] — the restaurant's photos in display order.
--   display_order = position + 1 (spec §7). Photos of the restaurant that the list does not name
--   (uploaded meanwhile, in another tab) keep their relative order after the listed ones.
--   An id that is not a photo of this restaurant is an error: nothing is changed.
-- Spec §4 skip rule: an empty list while the restaurant has photos changes nothing.

create or replace function public.save_restaurant_photos(p_restaurant_id uuid, p_photos jsonb)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_bad text;
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
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
$$;

revoke all on function public.save_restaurant_photos(uuid, jsonb) from public, anon;
grant execute on function public.save_restaurant_photos(uuid, jsonb) to authenticated;
