-- Tablée — benchmark data (architecture "Budgets": lists stay fast at 10,000
-- reservations and 2,000 conversations). Local only; runs after seed.sql and
-- can be run again: it first deletes what it created (cascade from the user).
--
--   Owner:       bench@tablee.fr / tablee-bench   id b0000000-0000-4000-8000-000000000001
--   Restaurant:  'Brasserie des Mesures'           id b1000000-0000-4000-8000-000000000001
--   10,000 reservations over ±1 year, every status ('BEN-000001'.., 'R-00001'..)
--   2,000 conversations × 30 messages = 60,000 messages; conversation i is
--   linked to reservation i (i ≤ 2,000).

delete from auth.users where id = 'b0000000-0000-4000-8000-000000000001' or email = 'bench@tablee.fr';

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
) values (
  '00000000-0000-0000-0000-000000000000', 'b0000000-0000-4000-8000-000000000001',
  'authenticated', 'authenticated', 'bench@tablee.fr',
  extensions.crypt('tablee-bench', extensions.gen_salt('bf', 10)), now(),
  '{"provider":"email","providers":["email"]}', '{}', now() - interval '400 days', now(),
  '', '', '', ''
);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values (
  'b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001',
  '{"sub":"b0000000-0000-4000-8000-000000000001","email":"bench@tablee.fr","email_verified":true,"phone_verified":false}',
  'email', now(), now() - interval '400 days', now()
);

insert into public.restaurants (id, user_id, name, address, description, created_at)
values ('b1000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001',
        'Brasserie des Mesures', '8 boulevard des Capucines, 75009 Paris',
        'Grande brasserie parisienne qui sert de terrain d''essai aux mesures de performance.',
        now() - interval '400 days');

-- Its default rows (hours Monday to Saturday, contact, ...) were stored at creation.
update public.restaurant_contacts set email = 'bench@tablee.fr', whatsapp = '+33600000000'
 where restaurant_id = 'b1000000-0000-4000-8000-000000000001';

insert into public.restaurant_menus (id, restaurant_id, name, price_per_person, display_order)
values ('b3000000-0000-4000-8000-000000000001', 'b1000000-0000-4000-8000-000000000001', 'Menu Brasserie', 35, 0),
       ('b3000000-0000-4000-8000-000000000002', 'b1000000-0000-4000-8000-000000000001', 'Menu Prestige', 55, 1);

-- ---------------------------------------------------------------- conversations and messages
-- One conversation every ~4 h over the past year. updated_at is set to the
-- last message up front, so the messages trigger has nothing to bump.

insert into public.conversations (id, restaurant_id, created_at, updated_at)
select ('b6000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid,
       'b1000000-0000-4000-8000-000000000001',
       now() - i * interval '4 hours 17 minutes',
       now() - i * interval '4 hours 17 minutes' + 29 * interval '2 minutes'
  from generate_series(1, 2000) i;

insert into public.messages (conversation_id, role, content, created_at)
select ('b6000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid,
       case when m % 2 = 1 then 'user' else 'assistant' end,
       case when m % 2 = 1
         then (array['Bonjour, avez-vous de la place pour un groupe de ' || (8 + i % 30) || ' personnes ?',
                     'Est-ce possible le ' || to_char(current_date + i % 90, 'DD/MM') || ' au soir ?',
                     'Nous serons plutôt vers 20h, avec deux végétariens.',
                     'Quel est le prix du menu Prestige ?',
                     'Parfait, je vous donne mes coordonnées.'])[1 + (m / 2) % 5]
         else (array['Bonjour ! Avec plaisir, pour quelle date ?',
                     'C''est noté, nous avons encore de la place ce jour-là.',
                     'Aucun problème, le chef prévoit une alternative végétarienne.',
                     'Le menu Prestige est à 55 € TTC par personne.',
                     'Merci ! Votre demande est transmise au restaurant.'])[1 + (m / 2 - 1) % 5]
       end,
       now() - i * interval '4 hours 17 minutes' + (m - 1) * interval '2 minutes'
  from generate_series(1, 2000) i, generate_series(1, 30) m;

-- ---------------------------------------------------------------- reservations
-- Dates spread over current_date ± 365 days; future ones are mostly pending
-- or accepted, past ones mostly paid, rejected or cancelled. Written directly
-- (this runs as the superuser): a year of history that submit_group_request,
-- the one way in for new requests, would refuse.

insert into public.restaurant_reservations (
  restaurant_id, conversation_id, numero_reservation_restaurateur, numero_reservation, code_reservation,
  status, customer_name, email, phone_number, selected_menu, selected_menu_id,
  total_amount, number_people, children, reservation_date, arrival_time, options, created_at, updated_at)
select
  'b1000000-0000-4000-8000-000000000001',
  case when i <= 2000 then ('b6000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid end,
  'R-' || lpad(i::text, 5, '0'),
  'BEN-' || lpad(i::text, 6, '0'),
  upper(substr(md5('bench-' || i), 1, 6)),
  x.status,
  x.first_name || ' ' || x.last_name,
  lower(translate(x.first_name || '.' || x.last_name, 'éèëïôçÉ', 'eeeiocE')) || i || '@example.fr',
  '06 ' || lpad((i % 100)::text, 2, '0') || ' ' || lpad(((i * 7) % 100)::text, 2, '0') || ' '
        || lpad(((i * 13) % 100)::text, 2, '0') || ' ' || lpad(((i * 31) % 100)::text, 2, '0'),
  case when i % 3 = 0 then 'Menu Prestige' else 'Menu Brasserie' end,
  case when i % 3 = 0 then 'b3000000-0000-4000-8000-000000000002'::uuid
       else 'b3000000-0000-4000-8000-000000000001'::uuid end,
  (case when i % 3 = 0 then 55 else 35 end) * x.people
    + case when i % 5 = 0 then 6 * x.people else 0 end,
  x.people,
  case when i % 7 = 0 then 1 + i % 4 else 0 end,
  x.d,
  (array['12:00','12:30','13:00','19:30','20:00','20:30','21:00'])[1 + i % 7]::time,
  case when i % 5 = 0
    then jsonb_build_array(jsonb_build_object('title', 'Apéritif maison', 'price', 6, 'quantity', x.people))
    else '[]'::jsonb end,
  x.created,
  x.created + case when x.status = 0 then interval '0' else interval '5 hours' end
from generate_series(1, 10000) i
cross join lateral (
  select current_date + ((i * 7919) % 731 - 365) as d,
         8 + (i * 13) % 30 as people,
         (array['Camille','Thomas','Sophie','Nicolas','Julie','Antoine','Émilie','Lucas','Manon','Hugo',
                'Léa','Maxime','Chloé','Pierre','Inès','Julien','Sarah','Alexandre','Clara','Mathieu',
                'Laura','Romain','Pauline','Kevin','Margot','Baptiste','Océane','Théo','Anaïs','Quentin',
                'Lucie','Adrien','Élodie','Victor','Juliette','Benjamin','Mélanie','Guillaume','Charlotte','Florian'])[1 + i % 40]
           as first_name,
         (array['Durand','Bernard','Lefebvre','Moreau','Girard','Roux','Fournier','Mercier','Blanc','Garnier',
                'Chevalier','Lambert','Bonnet','Dupont','Faure','Rousseau','Vincent','Muller','Lefèvre','André',
                'Michel','Guérin','Boyer','Gauthier','Perrin','Robin','Clément','Morin','Nicolas','Henry',
                'Roussel','Mathieu','Gautier','Masson','Marchand','Duval','Denis','Lemaire','Picard','Renaud'])[1 + (i / 40) % 40]
           as last_name
) base
cross join lateral (
  select base.*,
         case when base.d >= current_date
           then (array[0, 0, 0, 1, 1, 1, 2, 3, 4])[1 + i % 9]
           else (array[1, 2, 3, 3, 3, 3, 4, 2, 0])[1 + i % 9] end::smallint as status,
         -- Booked 1 to 60 days ahead, never in the future.
         least(base.d - (1 + i % 60) + time '10:00' + (i % 600) * interval '1 minute',
               now() - (i % 1440) * interval '1 minute') as created
) x;

analyze auth.users, public.restaurants, public.restaurant_menus, public.restaurant_hours,
        public.conversations, public.messages, public.restaurant_reservations;
