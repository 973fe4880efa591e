-- Tablée — a new FAQ entry goes through one function (issue 32, item 17).
--
-- The app used to insert the row itself with display_order = the count it had
-- in memory: ten creations sent at once (two tabs, retries) all landed at the
-- same position. create_restaurant_faq locks the restaurant (through
-- private.assert_restaurant_owner, as every save does) and appends at the next
-- display_order, so creations queue and each gets its own place.
-- Owners no longer insert FAQ rows directly: the function is the only way in.

create or replace function public.create_restaurant_faq(p_restaurant_id uuid, p_question text, p_answer text)
returns public.restaurant_faqs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_question text := btrim(coalesce(p_question, ''));
  v_answer text := btrim(coalesce(p_answer, ''));
  v_row public.restaurant_faqs;
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
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
$$;

comment on function public.create_restaurant_faq(uuid, text, text) is
  'Appends one FAQ entry (trimmed) at the next display_order of the caller''s restaurant; concurrent calls queue on the restaurant.';

revoke all on function public.create_restaurant_faq(uuid, text, text) from public, anon;
grant execute on function public.create_restaurant_faq(uuid, text, text) to authenticated;

revoke insert on public.restaurant_faqs from authenticated;
