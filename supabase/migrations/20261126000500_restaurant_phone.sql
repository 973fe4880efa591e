-- The restaurant's phone numbers are phone numbers: the WhatsApp number (where new requests are sent,
-- and until now printed to customers as 'Téléphone du restaurant' whatever it held, 'abc' included)
-- and a new optional 'Téléphone du restaurant' (restaurant_contacts.phone), which the customer
-- e-mails print when it is set. Both are stored in E.164 ('+33612345678'): the app parses what the
-- owner types (French by default, or international; domain/src/phone.ts) and shows it in French
-- format; save_restaurant_information refuses anything else.

-- E.164: '+', then at most 15 digits, the first not 0 (7 at least: no country has shorter numbers).
create function private.is_e164(p_phone text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p_phone ~ '^\+[1-9][0-9]{6,14}$'
$$;
comment on function private.is_e164(text) is
  'Whether a phone number is written in E.164 (''+33612345678''), the form restaurant_contacts stores.';
revoke all on function private.is_e164(text) from public;
grant execute on function private.is_e164(text) to authenticated, service_role;

alter table public.restaurant_contacts add column phone text
  constraint restaurant_contacts_phone_e164 check (phone ~ '^\+[1-9][0-9]{6,14}$');
comment on column public.restaurant_contacts.phone is
  'Téléphone du restaurant (optional, E.164): the number the customer e-mails give; without it they give the WhatsApp number.';
comment on column public.restaurant_contacts.whatsapp is
  'The WhatsApp number new requests are sent to, in E.164 (''+33612345678''; save_restaurant_information refuses anything else). Numbers stored before 20261126000500 that were not French may still be in another form.';

-- The numbers stored so far, as typed: those that read as a French number ('06 12 34 56 78',
-- '06.12.34.56.78', '+33 6 12 34 56 78', '0033 (0)6 12 34 56 78') become E.164. The rest (empty,
-- 'abc', a foreign number with spaces) is left as it is: the owner is asked to correct it at the
-- next save of Informations, whose form shows the field in red; the WhatsApp sender already refuses
-- a number it cannot read (the outbox row says so).
create function private.french_phone_e164(p_phone text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when d ~ '^0[1-9][0-9]{8}$' or d ~ '^(\+|00)330?[1-9][0-9]{8}$' then '+33' || right(d, 9)
  end
  from (select regexp_replace(p_phone, '[[:space:].()/-]', '', 'g') as d) typed
$$;
comment on function private.french_phone_e164(text) is
  'A stored number that reads as a French one (''06 12 34 56 78'', ''+33 (0)6…'', ''0033…''), in E.164; null for anything else.';
revoke all on function private.french_phone_e164(text) from public;
grant execute on function private.french_phone_e164(text) to service_role;

update public.restaurant_contacts c
   set whatsapp = private.french_phone_e164(c.whatsapp)
 where c.whatsapp is not null
   and not private.is_e164(c.whatsapp)
   and private.french_phone_e164(c.whatsapp) is not null;

-- As in 20261124000400_response_times.sql, with the phone numbers checked (E.164) and the new
-- 'Téléphone du restaurant'.
-- p_information (spec §3 `information`, plus url):
--   { name, address, description, url, firstMessage?,
--     amenities: { groundFloor, accessibleToDisabled, parking, airConditioning, wifi, valetParking },
--     contact:   { email, whatsapp, phone?, responseTime: 'fast'|'medium'|'slow' } }
-- Keys that are absent keep their stored value; `amenities` / `contact`, when present, are saved
-- whole (missing booleans = false, responseTime = the default response time), except contact.phone,
-- which an absent key keeps (a client that does not know it yet does not erase it). whatsapp and
-- phone are E.164 or empty (empty = none); anything else is refused and nothing is saved.
create or replace function public.save_restaurant_information(p_restaurant_id uuid, p_information jsonb)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  i jsonb := p_information;
  a jsonb := p_information -> 'amenities';
  c jsonb := p_information -> 'contact';
  v_response_time text;
  v_whatsapp text;
  v_phone text;
begin
  perform private.assert_restaurant_owner(p_restaurant_id);
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
$$;
revoke all on function public.save_restaurant_information(uuid, jsonb) from public, anon;
grant execute on function public.save_restaurant_information(uuid, jsonb) to authenticated, service_role;
