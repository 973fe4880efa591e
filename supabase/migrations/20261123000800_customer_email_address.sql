-- Issue 16: a customer is e-mailed only at exactly one plain address (local@domain). A list
-- ('a@x.fr, b@y.fr'), a display name ('"a@x.fr" <b@y.fr>'), a comment or a line break would make the
-- mailer write to someone other than the address the owner reads. The rule lives here, once: the
-- database computes the address to write to, the reservation service sends to it (or sends nothing),
-- and the app reads the same column to tell the owner, before a decision, that the customer will not
-- be told. The restaurant's contact address (the e-mails' Reply-To) follows the same rule.

-- The pattern is the one of zod's z.email(), which the service used before: letters, digits and
-- _ ' + - in dot-separated parts, a domain of dot-separated labels ending in 2+ letters.
create function private.plain_email_address(p_field text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when btrim(p_field, E' \t\r\n\f\v') ~ '^(?:[A-Za-z0-9_''+-]+\.)*[A-Za-z0-9_''+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$'
    then btrim(p_field, E' \t\r\n\f\v')
  end
$$;
comment on function private.plain_email_address(text) is
  'The field, trimmed, when it is exactly one plain e-mail address; else null.';

alter table public.restaurant_reservations
  add column email_address text generated always as (private.plain_email_address(email)) stored;
comment on column public.restaurant_reservations.email_address is
  'Where the customer is e-mailed: the e-mail field when it is exactly one plain address, else null '
  '(nothing is sent, the owner is told). Computed; never written.';
-- Owners read every column but code_manage, column by column (migration 20261123000200).
grant select (email_address) on public.restaurant_reservations to authenticated;

-- (The list's search returns this column from 20261123001100_answered_on_time.sql on.)

alter table public.restaurant_contacts
  add column email_address text generated always as (private.plain_email_address(email)) stored;
comment on column public.restaurant_contacts.email_address is
  'The contact e-mail when it is exactly one plain address, else null: the Reply-To of the customer '
  'e-mails. Computed; never written.';
