-- Tablée — what the profile stores is checked by the tables themselves, with
-- a French message naming its column.
--
-- restaurant_contacts.whatsapp took anything through the API (only
-- save_restaurant_information checked it), restaurant_billing.contact_phone,
-- siret_number and vat_number took anything at all, and a restaurant's name
-- could hold a line break, which reaches the From and Subject headers of the
-- e-mails. Each rule is now a CHECK constraint, whatever writes the row.
--
-- A refusal raises SQLSTATE 23514 with a French message and, as its hint, the
-- column it is about ('<table>.<column>'): the app shows the message on that
-- field (sections/src/data.ts). The rules are functions of private, mirrored
-- by the forms (sections/src/field-rules.ts; sections/test/integration/
-- profile-rules.test.ts checks that both give the same answers).
--
-- Stored forms: phones in E.164 ('+33612345678', or blank), a SIRET as its
-- 14 digits, a VAT number as 'FR' + 2 key characters + the 9 digits of the
-- SIREN, upper case without spaces (blank while the owner has not typed it).
--
-- Existing rows are brought to these forms first, then the constraints are
-- validated: a French number in any usual form becomes E.164, a SIRET or VAT
-- number loses its spaces, dots and lower case, a line break in a name becomes
-- a space. A value that still fails (not a phone number, a wrong key) becomes
-- null (as the unsafe links did): the forms ask the owner for it again.

create or replace function private.refuse_value(p_column text, p_message text)
returns boolean
language plpgsql
volatile -- never folded into a plan as a constant: it raises only when called
set search_path = ''
as $$
begin
  raise exception '%', p_message using errcode = '23514', hint = p_column;
end
$$;

comment on function private.refuse_value(text, text) is
  'Raises the refusal of a stored value: SQLSTATE 23514, the French message, and the column (''<table>.<column>'') as the hint, which the app reads to show the message on its field. Called by the check_* functions of the CHECK constraints.';

create or replace function private.is_one_line(p_text text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- No control character (line feed, carriage return, tab, …) nor Unicode line or paragraph separator.
  select p_text !~ '[\x01-\x1f\x7f-\x9f\u2028\u2029]'
$$;

comment on function private.is_one_line(text) is
  'Whether a text is one line: no control character (CR, LF, tab…) nor Unicode line separator. Names and every text that reaches an e-mail header are. Same pattern as sections/src/field-rules.ts.';

create or replace function private.check_one_line(p_text text, p_column text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_text is null or private.is_one_line(p_text) then
    return true;
  end if;
  return private.refuse_value(p_column, 'Une seule ligne : retirez les retours à la ligne');
end
$$;

create or replace function private.check_phone(p_phone text, p_column text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  if coalesce(btrim(p_phone), '') = '' or private.is_e164(p_phone) then
    return true;
  end if;
  return private.refuse_value(p_column, 'Numéro de téléphone invalide : attendu au format international (ex. +33612345678)');
end
$$;

create or replace function private.luhn(p_digits text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- From the right, every second digit doubled (less 9 above 9); the sum is a multiple of 10.
  select sum(case when i % 2 = 0 then d when d * 2 > 9 then d * 2 - 9 else d * 2 end) % 10 = 0
    from (select i, substr(reverse(p_digits), i + 1, 1)::int as d
            from generate_series(0, char_length(p_digits) - 1) i) digits
$$;

comment on function private.luhn(text) is 'The Luhn key of a string of digits (SIREN, SIRET) is right.';

create or replace function private.siret_refusal(p_siret text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when p_siret !~ '^[0-9]{14}$' then 'Le numéro SIRET doit contenir exactement 14 chiffres'
    when private.luhn(p_siret) then null
    -- La Poste's offices (SIREN 356000000): the sum of the digits is a multiple of 5 instead.
    when left(p_siret, 9) = '356000000'
         and (select sum(substr(p_siret, i, 1)::int) from generate_series(1, 14) i) % 5 = 0 then null
    else 'Numéro SIRET invalide : la clé de contrôle ne correspond pas, vérifiez votre saisie'
  end
$$;

comment on function private.siret_refusal(text) is
  'Why a stored SIRET (its 14 digits) is refused, in French, or null when it is one: 14 digits with the Luhn key (La Poste''s: digit sum multiple of 5). Mirrored by siretError (sections/src/billing/rules.ts).';

create or replace function private.vat_refusal(p_vat text, p_siret text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when p_vat !~ '^FR[0-9A-HJ-NP-Z]{2}[0-9]{9}$'
      then 'Numéro de TVA invalide : FR, une clé de 2 caractères et les 9 chiffres du SIREN (ex. FR44732829320)'
    -- A numeric key is 12 + 3 × (SIREN mod 97), mod 97; a key of letters (new numbers) is not computable.
    when substr(p_vat, 3, 2) ~ '^[0-9]{2}$'
         and substr(p_vat, 3, 2)::int <> (12 + 3 * (substr(p_vat, 5, 9)::bigint % 97)) % 97
      then 'Numéro de TVA invalide : la clé ne correspond pas au SIREN, vérifiez votre saisie'
    when private.siret_refusal(p_siret) is null and substr(p_vat, 5, 9) <> left(p_siret, 9)
      then 'Le numéro de TVA ne correspond pas au SIRET : il contient le SIREN (les 9 premiers chiffres du SIRET)'
  end
$$;

comment on function private.vat_refusal(text, text) is
  'Why a stored French VAT number is refused, in French, or null when it is one: FR, 2 key characters (checked when numeric), the SIREN, which is the SIRET''s when there is one. Mirrored by vatError (sections/src/billing/rules.ts).';

create or replace function private.check_siret(p_siret text, p_column text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_refusal text := case when coalesce(p_siret, '') <> '' then private.siret_refusal(p_siret) end;
begin
  if v_refusal is null then
    return true;
  end if;
  return private.refuse_value(p_column, v_refusal);
end
$$;

create or replace function private.check_vat(p_vat text, p_siret text, p_column text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_refusal text := case when coalesce(p_vat, '') <> '' then private.vat_refusal(p_vat, p_siret) end;
begin
  if v_refusal is null then
    return true;
  end if;
  return private.refuse_value(p_column, v_refusal);
end
$$;

comment on function private.check_one_line(text, text) is 'CHECK of a one-line text column (private.is_one_line); refuses through private.refuse_value.';
comment on function private.check_phone(text, text) is 'CHECK of a phone column: blank or E.164 (private.is_e164); refuses through private.refuse_value.';
comment on function private.check_siret(text, text) is 'CHECK of a SIRET column: blank or private.siret_refusal''s null; refuses through private.refuse_value.';
comment on function private.check_vat(text, text, text) is 'CHECK of a VAT number column: blank or private.vat_refusal''s null; refuses through private.refuse_value.';

revoke all on function private.refuse_value(text, text), private.is_one_line(text), private.check_one_line(text, text),
  private.check_phone(text, text), private.luhn(text), private.siret_refusal(text), private.vat_refusal(text, text),
  private.check_siret(text, text), private.check_vat(text, text, text) from public, anon;
-- The API roles write the tables whose constraints call them.
grant execute on function private.refuse_value(text, text), private.is_one_line(text), private.check_one_line(text, text),
  private.check_phone(text, text), private.luhn(text), private.siret_refusal(text), private.vat_refusal(text, text),
  private.check_siret(text, text), private.check_vat(text, text, text) to authenticated, service_role;

-- ---------------------------------------------------------------- existing rows

-- A phone as typed before: French in any usual form, or international with separators.
create function private.stored_phone(p_phone text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when coalesce(btrim(p_phone), '') = '' then p_phone
    when private.is_e164(p_phone) then p_phone
    when private.french_phone_e164(p_phone) is not null then private.french_phone_e164(p_phone)
    when private.is_e164(regexp_replace(p_phone, '[[:space:].()/-]', '', 'g')) then regexp_replace(p_phone, '[[:space:].()/-]', '', 'g')
  end
$$;

create function private.one_line(p_text text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when private.is_one_line(p_text) then p_text
              else btrim(regexp_replace(p_text, '[\s\x01-\x1f\x7f-\x9f\u2028\u2029]+', ' ', 'g')) end
$$;

update public.restaurant_contacts set whatsapp = private.stored_phone(whatsapp)
 where whatsapp is distinct from private.stored_phone(whatsapp);
update public.restaurant_contacts set email = private.one_line(email)
 where not private.is_one_line(email);

update public.restaurants set name = private.one_line(name)
 where not private.is_one_line(name);
update public.restaurant_menus set name = private.one_line(name)
 where not private.is_one_line(name);
update public.menu_items set name = private.one_line(name)
 where not private.is_one_line(name);
update public.menu_item_alternatives set name = private.one_line(name)
 where not private.is_one_line(name);
update public.restaurant_options set title = private.one_line(title)
 where not private.is_one_line(title);

update public.restaurant_billing set
  contact_phone = private.stored_phone(contact_phone),
  company_name = private.one_line(company_name),
  contact_name = private.one_line(contact_name),
  contact_email = private.one_line(contact_email),
  siret_number = nullif(regexp_replace(siret_number, '[[:space:].-]', '', 'g'), ''),
  vat_number = nullif(upper(regexp_replace(vat_number, '[[:space:].-]', '', 'g')), '')
 where contact_phone is distinct from private.stored_phone(contact_phone)
    or not private.is_one_line(company_name) or not private.is_one_line(contact_name) or not private.is_one_line(contact_email)
    or siret_number ~ '[[:space:].-]' or vat_number ~ '[[:space:].a-z-]';
update public.restaurant_billing set siret_number = null
 where siret_number <> '' and private.siret_refusal(siret_number) is not null;
update public.restaurant_billing set vat_number = null
 where vat_number <> '' and private.vat_refusal(vat_number, siret_number) is not null;

drop function private.stored_phone(text);
drop function private.one_line(text);

-- ---------------------------------------------------------------- the constraints

alter table public.restaurants
  add constraint restaurants_name_one_line check (private.check_one_line(name, 'restaurants.name'));

alter table public.restaurant_contacts
  add constraint restaurant_contacts_whatsapp_e164 check (private.check_phone(whatsapp, 'restaurant_contacts.whatsapp')),
  add constraint restaurant_contacts_email_one_line check (private.check_one_line(email, 'restaurant_contacts.email'));

alter table public.restaurant_billing
  add constraint restaurant_billing_contact_phone_e164 check (private.check_phone(contact_phone, 'restaurant_billing.contact_phone')),
  add constraint restaurant_billing_siret_number_siret check (private.check_siret(siret_number, 'restaurant_billing.siret_number')),
  add constraint restaurant_billing_vat_number_french_vat check (private.check_vat(vat_number, siret_number, 'restaurant_billing.vat_number')),
  add constraint restaurant_billing_company_name_one_line check (private.check_one_line(company_name, 'restaurant_billing.company_name')),
  add constraint restaurant_billing_contact_name_one_line check (private.check_one_line(contact_name, 'restaurant_billing.contact_name')),
  add constraint restaurant_billing_contact_email_one_line check (private.check_one_line(contact_email, 'restaurant_billing.contact_email'));

alter table public.restaurant_menus
  add constraint restaurant_menus_name_one_line check (private.check_one_line(name, 'restaurant_menus.name'));
alter table public.menu_items
  add constraint menu_items_name_one_line check (private.check_one_line(name, 'menu_items.name'));
alter table public.menu_item_alternatives
  add constraint menu_item_alternatives_name_one_line check (private.check_one_line(name, 'menu_item_alternatives.name'));
alter table public.restaurant_options
  add constraint restaurant_options_title_one_line check (private.check_one_line(title, 'restaurant_options.title'));

comment on column public.restaurant_contacts.whatsapp is
  'The WhatsApp number new requests are sent to, in E.164 (''+33612345678''), or blank: restaurant_contacts_whatsapp_e164.';
comment on column public.restaurant_billing.contact_phone is
  'The billing contact''s phone, in E.164 (''+33478000000''), or blank: restaurant_billing_contact_phone_e164.';
comment on column public.restaurant_billing.siret_number is
  'The SIRET, its 14 digits with the Luhn key, or blank: restaurant_billing_siret_number_siret.';
comment on column public.restaurant_billing.vat_number is
  'The French VAT number, ''FR'' + key + SIREN (the SIRET''s), upper case without spaces, or blank: restaurant_billing_vat_number_french_vat.';

-- ---------------------------------------------------------------- save_restaurant_information

-- Restated whole: its refusals of a phone number name their column (hint), as the constraints' do.
create or replace function public.save_restaurant_information(p_restaurant_id uuid, p_information jsonb)
returns void
language plpgsql
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
  perform private.assert_role(p_restaurant_id, 'manager');
  if jsonb_typeof(i) is distinct from 'object' then
    raise exception 'Informations du restaurant invalides' using errcode = '22023';
  end if;
  -- Checked before anything is written: a refused number leaves the whole information as it was.
  if jsonb_typeof(c) = 'object' then
    v_whatsapp := nullif(btrim(c ->> 'whatsapp'), '');
    v_phone := nullif(btrim(c ->> 'phone'), '');
    if v_whatsapp is not null and not private.is_e164(v_whatsapp) then
      raise exception 'Numéro WhatsApp invalide : « % » (attendu au format international, ex. +33612345678)', v_whatsapp
        using errcode = '22023', hint = 'restaurant_contacts.whatsapp';
    end if;
    if v_phone is not null and not private.is_e164(v_phone) then
      raise exception 'Téléphone du restaurant invalide : « % » (attendu au format international, ex. +33612345678)', v_phone
        using errcode = '22023', hint = 'restaurant_contacts.phone';
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
