-- Issue 16: the deposit's "how to pay" — besides the bank details, the owner may give a payment link
-- of any provider (Stripe, SumUp, PayPal…; Tablée takes no payment itself), written in the customer's
-- acceptance e-mail. Empty means none.
alter table public.restaurant_billing
  add column payment_link text
  constraint restaurant_billing_payment_link_check
    check (payment_link is null or (char_length(payment_link) <= 500 and payment_link ~ '^https://[^[:space:]]+$'));

comment on column public.restaurant_billing.payment_link is
  'An https:// link where customers pay the acompte (any provider), or null.';
