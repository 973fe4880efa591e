-- The extensions, the private schema and the helpers every domain uses: the checks of a stored value
-- (private.check_*, refused through private.refuse_value: SQLSTATE 23514, a French message, <table>.<column>
-- as the hint), the money domain (public.amount), a date in French, safe links and plain e-mail addresses.
-- A function's body is checked when it runs, not here: it may name what a later file declares (pg_dump's own output does the same).
set check_function_bodies = off;

-- -------------------- Extensions

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;
CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA extensions;
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA extensions;
CREATE EXTENSION IF NOT EXISTS "uuid-ossp" WITH SCHEMA extensions;

-- -------------------- Schemas

CREATE SCHEMA private;
GRANT USAGE ON SCHEMA private TO authenticated;
GRANT USAGE ON SCHEMA private TO service_role;

-- -------------------- Types

CREATE DOMAIN public.amount AS numeric(10,2)
	CONSTRAINT amount_finite_non_negative CHECK (((VALUE >= (0)::numeric) AND (VALUE <> 'NaN'::numeric)));
COMMENT ON TYPE public.amount IS 'Euros: finite, zero or more, two decimals.';

-- -------------------- Functions

CREATE OR REPLACE FUNCTION private.euros_to_cents(p_euros numeric)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select round(p_euros * 100)::integer
$function$;
COMMENT ON FUNCTION private.euros_to_cents(numeric) IS 'A price in euros (public.amount) as the cents every payment figure is counted in.';
REVOKE ALL ON FUNCTION private.euros_to_cents(numeric) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.euros_to_cents(numeric) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.assert_same_ids(p_given uuid[], p_current uuid[], p_what text)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_given is null then
    raise exception 'La liste des % est obligatoire', p_what using errcode = '22023';
  end if;
  if cardinality(p_given) <> cardinality(p_current)
     or (select coalesce(array_agg(x order by x), '{}') from unnest(p_given) x)
        is distinct from (select coalesce(array_agg(x order by x), '{}') from unnest(p_current) x) then
    raise exception 'La nouvelle liste doit contenir exactement les % du restaurant, une seule fois chacune', p_what
      using errcode = '22023';
  end if;
end
$function$;
REVOKE ALL ON FUNCTION private.assert_same_ids(uuid[],uuid[],text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.assert_same_ids(uuid[],uuid[],text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.check_one_line(p_text text, p_column text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_text is null or private.is_one_line(p_text) then
    return true;
  end if;
  return private.refuse_value(p_column, 'Une seule ligne : retirez les retours à la ligne');
end
$function$;
COMMENT ON FUNCTION private.check_one_line(text,text) IS 'CHECK of a one-line text column (private.is_one_line); refuses through private.refuse_value.';
REVOKE ALL ON FUNCTION private.check_one_line(text,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.check_one_line(text,text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.check_phone(p_phone text, p_column text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if coalesce(btrim(p_phone), '') = '' or private.is_e164(p_phone) then
    return true;
  end if;
  return private.refuse_value(p_column, 'Numéro de téléphone invalide : attendu au format international (ex. +33612345678)');
end
$function$;
COMMENT ON FUNCTION private.check_phone(text,text) IS 'CHECK of a phone column: blank or E.164 (private.is_e164); refuses through private.refuse_value.';
REVOKE ALL ON FUNCTION private.check_phone(text,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.check_phone(text,text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.check_siret(p_siret text, p_column text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_refusal text := case when coalesce(p_siret, '') <> '' then private.siret_refusal(p_siret) end;
begin
  if v_refusal is null then
    return true;
  end if;
  return private.refuse_value(p_column, v_refusal);
end
$function$;
COMMENT ON FUNCTION private.check_siret(text,text) IS 'CHECK of a SIRET column: blank or private.siret_refusal''s null; refuses through private.refuse_value.';
REVOKE ALL ON FUNCTION private.check_siret(text,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.check_siret(text,text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.check_vat(p_vat text, p_siret text, p_column text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_refusal text := case when coalesce(p_vat, '') <> '' then private.vat_refusal(p_vat, p_siret) end;
begin
  if v_refusal is null then
    return true;
  end if;
  return private.refuse_value(p_column, v_refusal);
end
$function$;
COMMENT ON FUNCTION private.check_vat(text,text,text) IS 'CHECK of a VAT number column: blank or private.vat_refusal''s null; refuses through private.refuse_value.';
REVOKE ALL ON FUNCTION private.check_vat(text,text,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.check_vat(text,text,text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.french_date(p_date date)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select lower(private.day_label(lower(to_char(p_date, 'FMDay')))) || ' ' || extract(day from p_date)::int
         || case when extract(day from p_date) = 1 then 'er' else '' end || ' '
         || (array['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre',
                   'novembre', 'décembre'])[extract(month from p_date)::int]
         || ' ' || extract(year from p_date)::int
$function$;
REVOKE ALL ON FUNCTION private.french_date(date) FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.french_phone_e164(p_phone text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case
    when d ~ '^0[1-9][0-9]{8}$' or d ~ '^(\+|00)330?[1-9][0-9]{8}$' then '+33' || right(d, 9)
  end
  from (select regexp_replace(p_phone, '[[:space:].()/-]', '', 'g') as d) typed
$function$;
COMMENT ON FUNCTION private.french_phone_e164(text) IS 'A stored number that reads as a French one (''06 12 34 56 78'', ''+33 (0)6…'', ''0033…''), in E.164; null for anything else.';
REVOKE ALL ON FUNCTION private.french_phone_e164(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.french_phone_e164(text) TO service_role;

CREATE OR REPLACE FUNCTION private.is_e164(p_phone text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select p_phone ~ '^\+[1-9][0-9]{6,14}$'
$function$;
COMMENT ON FUNCTION private.is_e164(text) IS 'Whether a phone number is written in E.164 (''+33612345678''), the form restaurant_contacts stores.';
REVOKE ALL ON FUNCTION private.is_e164(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.is_e164(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.is_one_line(p_text text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  -- No control character (line feed, carriage return, tab, …) nor Unicode line or paragraph separator.
  select p_text !~ '[\x01-\x1f\x7f-\x9f\u2028\u2029]'
$function$;
COMMENT ON FUNCTION private.is_one_line(text) IS 'Whether a text is one line: no control character (CR, LF, tab…) nor Unicode line separator. Names and every text that reaches an e-mail header are. Same pattern as sections/src/field-rules.ts.';
REVOKE ALL ON FUNCTION private.is_one_line(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.is_one_line(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.is_safe_link(p_link text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE STRICT
 SET search_path TO ''
AS $function$
  -- Scheme https; host labels of letters, digits and inner hyphens (punycode
  -- for an international domain), at least two; optional port; then only
  -- printable ASCII (0x21-0x7E): no space, control, RTL override or non-ASCII.
  select p_link ~* '^https://([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(:[0-9]{1,5})?([/?#][!-~]*)?$'
$function$;
COMMENT ON FUNCTION private.is_safe_link(text) IS 'True for a link that may be stored and shown: https, plain or punycode host, printable ASCII only. Same pattern as domain/src/links.ts.';
REVOKE ALL ON FUNCTION private.is_safe_link(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.is_safe_link(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.luhn(p_digits text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  -- From the right, every second digit doubled (less 9 above 9); the sum is a multiple of 10.
  select sum(case when i % 2 = 0 then d when d * 2 > 9 then d * 2 - 9 else d * 2 end) % 10 = 0
    from (select i, substr(reverse(p_digits), i + 1, 1)::int as d
            from generate_series(0, char_length(p_digits) - 1) i) digits
$function$;
COMMENT ON FUNCTION private.luhn(text) IS 'The Luhn key of a string of digits (SIREN, SIRET) is right.';
REVOKE ALL ON FUNCTION private.luhn(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.luhn(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.phone_digits(p_phone text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
  select case
    when d ~ '^0033[1-9][0-9]{8}$' then '0' || substr(d, 5)
    when d ~ '^33[1-9][0-9]{8}$' then '0' || substr(d, 3)
    else d
  end
  from (select regexp_replace(p_phone, '[^0-9]', '', 'g') as d) as digits
$function$;
REVOKE ALL ON FUNCTION private.phone_digits(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.phone_digits(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.plain_email_address(p_field text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case
    when btrim(p_field, E' \t\r\n\f\v') ~ '^(?:[A-Za-z0-9_''+-]+\.)*[A-Za-z0-9_''+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$'
    then btrim(p_field, E' \t\r\n\f\v')
  end
$function$;
COMMENT ON FUNCTION private.plain_email_address(text) IS 'The field, trimmed, when it is exactly one plain e-mail address; else null.';

CREATE OR REPLACE FUNCTION private.raise_not_found(p_message text)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', 'P0002', 'message', p_message, 'details', null, 'hint', null)::text,
    detail = json_build_object('status', 404, 'headers', json_build_object())::text;
end
$function$;
REVOKE ALL ON FUNCTION private.raise_not_found(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.raise_not_found(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.refuse_value(p_column text, p_message text)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  raise exception '%', p_message using errcode = '23514', hint = p_column;
end
$function$;
COMMENT ON FUNCTION private.refuse_value(text,text) IS 'Raises the refusal of a stored value: SQLSTATE 23514, the French message, and the column (''<table>.<column>'') as the hint, which the app reads to show the message on its field. Called by the check_* functions of the CHECK constraints.';
REVOKE ALL ON FUNCTION private.refuse_value(text,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.refuse_value(text,text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.set_updated_at()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.updated_at := now();
  return new;
end
$function$;
REVOKE ALL ON FUNCTION private.set_updated_at() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.siret_refusal(p_siret text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case
    when p_siret !~ '^[0-9]{14}$' then 'Le numéro SIRET doit contenir exactement 14 chiffres'
    when private.luhn(p_siret) then null
    -- La Poste's offices (SIREN 356000000): the sum of the digits is a multiple of 5 instead.
    when left(p_siret, 9) = '356000000'
         and (select sum(substr(p_siret, i, 1)::int) from generate_series(1, 14) i) % 5 = 0 then null
    else 'Numéro SIRET invalide : la clé de contrôle ne correspond pas, vérifiez votre saisie'
  end
$function$;
COMMENT ON FUNCTION private.siret_refusal(text) IS 'Why a stored SIRET (its 14 digits) is refused, in French, or null when it is one: 14 digits with the Luhn key (La Poste''s: digit sum multiple of 5). Mirrored by siretError (sections/src/billing/rules.ts).';
REVOKE ALL ON FUNCTION private.siret_refusal(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.siret_refusal(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.to_amount(p_value text, p_message text)
 RETURNS public.amount
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  return p_value::public.amount;
exception
  when invalid_text_representation or numeric_value_out_of_range or check_violation then
    raise exception '%', p_message using errcode = '22023';
end
$function$;
REVOKE ALL ON FUNCTION private.to_amount(text,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.to_amount(text,text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.try_uuid(p_value text)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case
    when p_value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then p_value::uuid
  end
$function$;
REVOKE ALL ON FUNCTION private.try_uuid(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.try_uuid(text) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION private.vat_refusal(p_vat text, p_siret text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
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
$function$;
COMMENT ON FUNCTION private.vat_refusal(text,text) IS 'Why a stored French VAT number is refused, in French, or null when it is one: FR, 2 key characters (checked when numeric), the SIREN, which is the SIRET''s when there is one. Mirrored by vatError (sections/src/billing/rules.ts).';
REVOKE ALL ON FUNCTION private.vat_refusal(text,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.vat_refusal(text,text) TO authenticated, service_role;
