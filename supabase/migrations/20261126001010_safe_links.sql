-- Tablée — every stored link is https, printable ASCII, a plain or punycode
-- host (issue 32, item 16).
--
-- restaurants.url and restaurant_cgv.link took anything (`javascript:…`,
-- `http:…`), and restaurant_billing.payment_link took a right-to-left
-- override or a non-ASCII (look-alike) domain; all three reach customers and
-- the chatbot through assistant_knowledge. One rule, private.is_safe_link,
-- used by a CHECK constraint on each column (named <table>_<column>_safe_link,
-- which the app turns into a French message). The app's forms apply the same
-- pattern (domain/src/links.ts).
--
-- Existing rows: cleaned here, then the constraints are validated (not NOT
-- VALID), so no unsafe link stays readable. A trimmed link that passes is
-- kept trimmed; an `http://` link whose https form passes is upgraded to
-- https (a restaurant's site almost always answers both); anything else
-- (`javascript:`, control or non-ASCII characters) becomes null — the owner
-- is asked for it again by the form, nothing else depends on it.

create or replace function private.is_safe_link(p_link text)
returns boolean
language sql
immutable
strict
set search_path = ''
as $$
  -- Scheme https; host labels of letters, digits and inner hyphens (punycode
  -- for an international domain), at least two; optional port; then only
  -- printable ASCII (0x21-0x7E): no space, control, RTL override or non-ASCII.
  select p_link ~* '^https://([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(:[0-9]{1,5})?([/?#][!-~]*)?$'
$$;

comment on function private.is_safe_link(text) is
  'True for a link that may be stored and shown: https, plain or punycode host, printable ASCII only. Same pattern as domain/src/links.ts.';

revoke all on function private.is_safe_link(text) from public, anon;
grant execute on function private.is_safe_link(text) to authenticated, service_role;

create or replace function private.cleaned_link(p_link text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_link is null then null
    when private.is_safe_link(btrim(p_link)) then btrim(p_link)
    when btrim(p_link) ~* '^http://' and private.is_safe_link('https://' || substr(btrim(p_link), 8)) then 'https://' || substr(btrim(p_link), 8)
    else null
  end
$$;

update public.restaurants set url = private.cleaned_link(url)
 where url is not null and not private.is_safe_link(url);
update public.restaurant_cgv set link = private.cleaned_link(link)
 where link is not null and not private.is_safe_link(link);
update public.restaurant_billing set payment_link = private.cleaned_link(payment_link)
 where payment_link is not null and not private.is_safe_link(payment_link);

drop function private.cleaned_link(text);

alter table public.restaurants
  add constraint restaurants_url_safe_link check (url is null or private.is_safe_link(url));
alter table public.restaurant_cgv
  add constraint restaurant_cgv_link_safe_link check (link is null or private.is_safe_link(link));
-- The payment link's old check (https, no white space, 500 characters) keeps
-- its length; the link rule replaces its pattern.
alter table public.restaurant_billing
  drop constraint restaurant_billing_payment_link_check,
  add constraint restaurant_billing_payment_link_max_500 check (char_length(payment_link) <= 500),
  add constraint restaurant_billing_payment_link_safe_link check (payment_link is null or private.is_safe_link(payment_link));
