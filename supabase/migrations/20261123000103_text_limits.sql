-- Tablée — a length limit on every free-text column (issue 13, item 5).
--
-- Generous for real text (a name 200 characters, an address 500, a
-- description or an FAQ answer 10 000, a chatbot message 100 000), small
-- enough that a request cannot store megabytes in a name. The constraint is
-- named '<table>_<column>_max_<N>': the client reads N from the error to say
-- in French how long the text may be (shared/src/sections/data.ts). Columns
-- with a fixed list of values are already bounded by their own check.
--
-- NOT VALID: rows stored before this migration are not rejected retroactively
-- (a deploy must not fail on old data); every insert and update is checked.

alter table public.menu_item_alternatives
  add constraint menu_item_alternatives_name_max_200 check (char_length(name) <= 200) not valid,
  add constraint menu_item_alternatives_other_dietary_notes_max_500 check (char_length(other_dietary_notes) <= 500) not valid;
alter table public.menu_items
  add constraint menu_items_name_max_200 check (char_length(name) <= 200) not valid;
alter table public.messages
  add constraint messages_content_max_100000 check (char_length(content) <= 100000) not valid;
alter table public.restaurant_billing
  add constraint restaurant_billing_bic_max_100 check (char_length(bic) <= 100) not valid,
  add constraint restaurant_billing_iban_max_100 check (char_length(iban) <= 100) not valid,
  add constraint restaurant_billing_siret_number_max_100 check (char_length(siret_number) <= 100) not valid,
  add constraint restaurant_billing_vat_number_max_100 check (char_length(vat_number) <= 100) not valid,
  add constraint restaurant_billing_postal_code_max_100 check (char_length(postal_code) <= 100) not valid,
  add constraint restaurant_billing_contact_phone_max_100 check (char_length(contact_phone) <= 100) not valid,
  add constraint restaurant_billing_company_name_max_200 check (char_length(company_name) <= 200) not valid,
  add constraint restaurant_billing_legal_form_max_200 check (char_length(legal_form) <= 200) not valid,
  add constraint restaurant_billing_rcs_city_max_200 check (char_length(rcs_city) <= 200) not valid,
  add constraint restaurant_billing_city_max_200 check (char_length(city) <= 200) not valid,
  add constraint restaurant_billing_country_max_200 check (char_length(country) <= 200) not valid,
  add constraint restaurant_billing_contact_name_max_200 check (char_length(contact_name) <= 200) not valid,
  add constraint restaurant_billing_contact_email_max_320 check (char_length(contact_email) <= 320) not valid,
  add constraint restaurant_billing_address_max_500 check (char_length(address) <= 500) not valid;
alter table public.restaurant_cgv
  add constraint restaurant_cgv_link_max_2048 check (char_length(link) <= 2048) not valid;
alter table public.restaurant_contacts
  add constraint restaurant_contacts_whatsapp_max_100 check (char_length(whatsapp) <= 100) not valid,
  add constraint restaurant_contacts_email_max_320 check (char_length(email) <= 320) not valid;
alter table public.restaurant_faqs
  add constraint restaurant_faqs_question_max_1000 check (char_length(question) <= 1000) not valid,
  add constraint restaurant_faqs_answer_max_10000 check (char_length(answer) <= 10000) not valid;
alter table public.restaurant_menus
  add constraint restaurant_menus_name_max_200 check (char_length(name) <= 200) not valid,
  add constraint restaurant_menus_content_max_10000 check (char_length(content) <= 10000) not valid;
alter table public.restaurant_options
  add constraint restaurant_options_title_max_200 check (char_length(title) <= 200) not valid;
alter table public.restaurant_photos
  add constraint restaurant_photos_original_filename_max_200 check (char_length(original_filename) <= 200) not valid,
  add constraint restaurant_photos_alt_text_max_500 check (char_length(alt_text) <= 500) not valid,
  add constraint restaurant_photos_url_max_2048 check (char_length(url) <= 2048) not valid,
  add constraint restaurant_photos_filename_max_2048 check (char_length(filename) <= 2048) not valid;
alter table public.restaurant_reservations
  add constraint restaurant_reservations_phone_number_max_100 check (char_length(phone_number) <= 100) not valid,
  add constraint restaurant_reservations_code_reservation_max_100 check (char_length(code_reservation) <= 100) not valid,
  add constraint restaurant_reservations_numero_reservation_max_100 check (char_length(numero_reservation) <= 100) not valid,
  add constraint restaurant_reservations_numero_reservation_restaurateur_max_100 check (char_length(numero_reservation_restaurateur) <= 100) not valid,
  add constraint restaurant_reservations_code_manage_max_128 check (char_length(code_manage) <= 128) not valid,
  add constraint restaurant_reservations_customer_name_max_200 check (char_length(customer_name) <= 200) not valid,
  add constraint restaurant_reservations_selected_menu_max_200 check (char_length(selected_menu) <= 200) not valid,
  add constraint restaurant_reservations_email_max_320 check (char_length(email) <= 320) not valid;
alter table public.restaurants
  add constraint restaurants_name_max_200 check (char_length(name) <= 200) not valid,
  add constraint restaurants_address_max_500 check (char_length(address) <= 500) not valid,
  add constraint restaurants_url_max_2048 check (char_length(url) <= 2048) not valid,
  add constraint restaurants_description_max_10000 check (char_length(description) <= 10000) not valid,
  add constraint restaurants_first_message_max_10000 check (char_length(first_message) <= 10000) not valid;
