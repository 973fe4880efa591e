-- Tablée — demo data. Runs once, as the superuser, on an empty database after
-- the migrations (local-supabase, or `supabase db reset` on a hosted project).
--
--   Demo owner:  demo@tablee.fr / tablee-demo
--
-- Fixed ids, so that tests can refer to them:
--   demo user              10000000-0000-4000-8000-000000000001
--   Le Comptoir des Halles 20000000-0000-4000-8000-000000000001 (Lyon)
--   La Table de Margaux    20000000-0000-4000-8000-000000000002 (Bordeaux)
--   photos                 40000000-0000-4000-8000-0000000000{11..14,21..23}
--   menus                  30000000-0000-4000-8000-0000000000{11..14,21..24} (14 and 24: 'Menu Enfant')
--   options                80000000-0000-4000-8000-0000000000{11..14,21..24}
--   FAQs                   70000000-0000-4000-8000-0000000000{11..16,21..25}
--   reservations           50000000-0000-4000-8000-0000000000{01..40} (01-24 Lyon, 25-40 Bordeaux)
--   conversations          60000000-0000-4000-8000-0000000000{01..25} (01-15 Lyon, 16-25 Bordeaux)
--   pending reservations for the accept/reject link tests (Lyon):
--     TBL-DEMO01  code_manage 5c06b198eb4f8b5fd3bce7eaa7beed96d7a6d2df23a66a865a473378d69431df  (R-0001)
--     TBL-DEMO02  code_manage 0fe70b94cfdbfc53fe4c13d979d741c82f0ea7dc7e9bbd474ba2e4d3a28f0084  (R-0002)
--   Every other code_manage is sha256('tablee-demo-' || numero_reservation), hex.
--
-- Dates are relative to current_date / now(), so the demo stays fresh.
-- The photo files are in supabase/seed/storage/restaurant-photos/ (sizes below
-- are their exact byte counts; regenerate with local-supabase/scripts/gen-seed-photos.mjs).

-- ---------------------------------------------------------------- demo owner

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
) values (
  '00000000-0000-0000-0000-000000000000', '10000000-0000-4000-8000-000000000001',
  'authenticated', 'authenticated', 'demo@tablee.fr',
  extensions.crypt('tablee-demo', extensions.gen_salt('bf', 10)), now(),
  '{"provider":"email","providers":["email"]}', '{}', now() - interval '90 days', now(),
  '', '', '', ''
);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values (
  '10000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001',
  '{"sub":"10000000-0000-4000-8000-000000000001","email":"demo@tablee.fr","email_verified":true,"phone_verified":false}',
  'email', now(), now() - interval '90 days', now()
);

-- ---------------------------------------------------------------- restaurants

insert into public.restaurants (id, user_id, name, url, first_message, address, description,
                                has_different_hours_settings, days_open, created_at)
values
  ('20000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001',
   'Le Comptoir des Halles', 'https://www.comptoirdeshalles-lyon.fr',
   'Bonjour et bienvenue au Comptoir des Halles ! Je suis l''assistant du restaurant : dites-moi combien vous serez et à quelle date, je m''occupe du reste.',
   '102 cours Lafayette, 69003 Lyon',
   'Bouchon lyonnais contemporain à deux pas des Halles Paul Bocuse. Le chef Julien Morel revisite les grands classiques de la cuisine lyonnaise avec les produits du marché : quenelles, pâté en croûte, tarte aux pralines. Salle de 80 couverts et mezzanine privatisable pour les groupes.',
   true, '{tuesday,wednesday,thursday,friday,saturday}', now() - interval '80 days'),
  ('20000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000001',
   'La Table de Margaux', 'https://www.latabledemargaux.fr',
   'Bonjour ! Bienvenue à La Table de Margaux. Je peux vous aider à organiser un repas de groupe : pour combien de personnes et à quelle date ?',
   '14 rue du Pas-Saint-Georges, 33000 Bordeaux',
   'Table bistronomique au cœur du quartier Saint-Pierre, à deux pas de la Garonne. Margaux Lefèvre cuisine les produits du Sud-Ouest au fil des saisons — huîtres du Cap Ferret, canard, cèpes — avec une carte de 200 vins bordelais. Salle voûtée en pierre pouvant accueillir jusqu''à 24 convives.',
   false, '{monday,tuesday,wednesday,thursday,friday,saturday}', now() - interval '60 days');

-- Creating a restaurant stored its default rows (hours, arrival times, contact, amenities,
-- billing); the demo replaces them with its own.
delete from public.restaurant_arrival_times where restaurant_id in (select id from public.restaurants);
delete from public.restaurant_hours where restaurant_id in (select id from public.restaurants);
delete from public.restaurant_contacts where restaurant_id in (select id from public.restaurants);
delete from public.restaurant_amenities where restaurant_id in (select id from public.restaurants);
delete from public.restaurant_billing where restaurant_id in (select id from public.restaurants);

insert into public.restaurant_amenities (restaurant_id, ground_floor, accessible_to_disabled, parking,
                                         air_conditioning, wifi, valet_parking)
values
  ('20000000-0000-4000-8000-000000000001', true, true, false, true, true, false),
  ('20000000-0000-4000-8000-000000000002', false, false, true, true, true, true);

insert into public.restaurant_contacts (restaurant_id, email, whatsapp, response_time)
values
  ('20000000-0000-4000-8000-000000000001', 'contact@comptoirdeshalles-lyon.fr', '+33612345678', 'fast'),
  ('20000000-0000-4000-8000-000000000002', 'reservation@latabledemargaux.fr', '+33698765432', 'medium');

-- SIRET (Luhn), VAT key, RIB key and IBAN check digits are all valid.
insert into public.restaurant_billing (
  restaurant_id, company_name, legal_form, siret_number, rcs_city, vat_number,
  address, postal_code, city, country,
  requires_deposit, deposit_type, deposit_amount, deposit_method, payment_onsite, payment_online,
  iban, bic, contact_name, contact_email, contact_phone)
values
  ('20000000-0000-4000-8000-000000000001', 'Comptoir des Halles', 'SAS', '85234567700011', 'Lyon', 'FR61852345677',
   '102 cours Lafayette', '69003', 'Lyon', 'France',
   true, 'percentage', 30, 'acompte', true, false,
   'FR76 1780 6001 0096 1875 4203 112', 'AGRIFRPP878', 'Julien Morel', 'compta@comptoirdeshalles-lyon.fr', '+33478621145'),
  ('20000000-0000-4000-8000-000000000002', 'La Table de Margaux', 'SARL', '81276543600017', 'Bordeaux', 'FR45812765436',
   '14 rue du Pas-Saint-Georges', '33000', 'Bordeaux', 'France',
   true, 'fixed', 20, 'empreinte', false, true,
   'FR76 1333 5000 4008 0012 3456 769', 'CEPAFRPP333', 'Margaux Lefèvre', 'gestion@latabledemargaux.fr', '+33556442187');

insert into public.restaurant_cgv (restaurant_id, cancellation_policy, modification_policy, link)
values
  ('20000000-0000-4000-8000-000000000001', '48h', '24h', 'https://www.comptoirdeshalles-lyon.fr/cgv-groupes.pdf'),
  ('20000000-0000-4000-8000-000000000002', '72h', '48h', null);

-- ---------------------------------------------------------------- photos (rows + storage objects)

create temp table seed_photos (id uuid, restaurant_id uuid, file text, original text, size bigint,
                               md5 text, display_order int, alt text);
insert into seed_photos values
  ('40000000-0000-4000-8000-000000000011', '20000000-0000-4000-8000-000000000001', '1763640000000-salle.png',
   'salle-principale.png', 57410, '9fb6667fb9206dbbb6cb2bbaa5df0079', 1, 'La salle principale et ses banquettes en cuir'),
  ('40000000-0000-4000-8000-000000000012', '20000000-0000-4000-8000-000000000001', '1763640000001-comptoir.png',
   'comptoir-zinc.png', 50754, '8529cbd29f4b40757c1cd3e98c12edb2', 2, 'Le comptoir en zinc au coucher du soleil'),
  ('40000000-0000-4000-8000-000000000013', '20000000-0000-4000-8000-000000000001', '1763640000002-quenelle.png',
   'quenelle-nantua.png', 55818, '75dcd1d6e4809c3bd759f55d80a4b8f6', 3, 'Quenelle de brochet, sauce Nantua'),
  ('40000000-0000-4000-8000-000000000014', '20000000-0000-4000-8000-000000000001', '1763640000003-terrasse.png',
   'terrasse-ete.png', 58127, '3c69ca79fede4b2032acb222dd042aa3', 4, 'La terrasse en été'),
  ('40000000-0000-4000-8000-000000000021', '20000000-0000-4000-8000-000000000002', '1763640000100-salle.png',
   'salle-voutee.png', 58285, 'b77d340a168967162de7071aaaf0797e', 1, 'La salle voûtée en pierre'),
  ('40000000-0000-4000-8000-000000000022', '20000000-0000-4000-8000-000000000002', '1763640000101-cave.png',
   'cave-a-vins.png', 65973, 'c2a674acd721777e53be2213c71519b2', 2, 'La cave et ses 200 références bordelaises'),
  ('40000000-0000-4000-8000-000000000023', '20000000-0000-4000-8000-000000000002', '1763640000102-canele.png',
   'canele-maison.png', 53501, '2fbc74ce3a2e855b35e0c9dd27be8d50', 3, 'Canelé maison et crème anglaise');

insert into public.restaurant_photos (id, restaurant_id, url, filename, original_filename, file_size,
                                      mime_type, display_order, alt_text, created_at)
select id, restaurant_id,
       'http://localhost:54321/storage/v1/object/public/restaurant-photos/' || restaurant_id || '/' || file,
       restaurant_id || '/' || file, original, size, 'image/png', display_order, alt,
       now() - interval '50 days' + display_order * interval '1 minute'
  from seed_photos;

insert into storage.objects (bucket_id, name, owner, owner_id, metadata, created_at, updated_at, last_accessed_at)
select 'restaurant-photos', restaurant_id || '/' || file,
       '10000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001',
       jsonb_build_object('eTag', '"' || md5 || '"', 'size', size, 'mimetype', 'image/png',
                          'cacheControl', 'max-age=3600', 'contentLength', size, 'httpStatusCode', 200,
                          'lastModified', to_char(now() - interval '50 days', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
       now() - interval '50 days', now() - interval '50 days', now() - interval '50 days'
  from seed_photos;

drop table seed_photos;

-- ---------------------------------------------------------------- hours and arrival times
-- Lyon: Tuesday to Saturday, Saturday with its own settings (bigger groups at dinner).
-- Bordeaux: Monday to Saturday, the same settings every day.

insert into public.restaurant_hours (
  restaurant_id, day,
  lunch_is_open, lunch_from_time, lunch_to_time, lunch_group_min, lunch_group_max,
  lunch_allow_a_la_carte, lunch_max_a_la_carte_size, lunch_partial_privatization_supplement,
  lunch_partial_privatization_min_size, lunch_partial_privatization_amount,
  dinner_is_open, dinner_from_time, dinner_to_time, dinner_group_min, dinner_group_max,
  dinner_allow_a_la_carte, dinner_max_a_la_carte_size, dinner_partial_privatization_supplement,
  dinner_partial_privatization_min_size, dinner_partial_privatization_amount)
select '20000000-0000-4000-8000-000000000001'::uuid, d,
       true, '12:00'::time, '14:00'::time, 6, 30, true, 10, false, 10, 0,
       true, '19:00'::time, '22:30'::time, 6, 30, true, 8, true, 20, 150
  from unnest(array['tuesday','wednesday','thursday','friday']) d
union all
select '20000000-0000-4000-8000-000000000001'::uuid, 'saturday',
       true, '12:00', '14:30', 6, 20, true, 10, false, 10, 0,
       true, '19:00', '23:00', 8, 40, false, 10, true, 25, 250
union all
select '20000000-0000-4000-8000-000000000002'::uuid, d,
       true, '12:00', '14:00', 8, 24, true, 12, false, 10, 0,
       true, '19:30', '22:30', 8, 24, true, 12, true, 16, 200
  from unnest(array['monday','tuesday','wednesday','thursday','friday','saturday']) d;

insert into public.restaurant_arrival_times (restaurant_id, day, service, arrival_time)
select '20000000-0000-4000-8000-000000000001'::uuid, d, s, t::time
  from unnest(array['tuesday','wednesday','thursday','friday']) d,
       (values ('lunch', array['12:00','12:15','12:30','12:45','13:00']),
               ('dinner', array['19:00','19:30','20:00','20:30','21:00'])) v(s, times),
       unnest(v.times) t
union all
select '20000000-0000-4000-8000-000000000001'::uuid, 'saturday', s, t::time
  from (values ('lunch', array['12:00','12:30','13:00']),
               ('dinner', array['19:00','19:30','20:00','20:30','21:00','21:30'])) v(s, times),
       unnest(v.times) t
union all
select '20000000-0000-4000-8000-000000000002'::uuid, d, s, t::time
  from unnest(array['monday','tuesday','wednesday','thursday','friday','saturday']) d,
       (values ('lunch', array['12:00','12:30','13:00']),
               ('dinner', array['19:30','20:00','20:30','21:00'])) v(s, times),
       unnest(v.times) t;

-- ---------------------------------------------------------------- menus

insert into public.restaurant_menus (id, restaurant_id, name, price_per_person, content, menu_type,
                                     available_lunch, available_dinner, is_children_menu, display_order)
values
  ('30000000-0000-4000-8000-000000000011', '20000000-0000-4000-8000-000000000001', 'Menu Canut', 32.00,
   'Entrée, plat et dessert au choix, servis à toute la table. Pain de la boulangerie Saint-Vincent.',
   'choice', true, true, false, 0),
  ('30000000-0000-4000-8000-000000000012', '20000000-0000-4000-8000-000000000001', 'Menu Bouchon', 45.00,
   'Le grand menu du soir : apéritif, entrée, plat, fromage et dessert au choix.',
   'choice', false, true, false, 1),
  ('30000000-0000-4000-8000-000000000013', '20000000-0000-4000-8000-000000000001', 'Menu Partage des Halles', 39.00,
   'Planches et cocottes au centre de la table, à partager façon mâchon.',
   'sharing', true, true, false, 2),
  ('30000000-0000-4000-8000-000000000014', '20000000-0000-4000-8000-000000000001', 'Menu Enfant', 14.00,
   'Jusqu''à 12 ans : plat, dessert et boisson.',
   'choice', true, true, true, 3),
  ('30000000-0000-4000-8000-000000000021', '20000000-0000-4000-8000-000000000002', 'Menu Découverte', 38.00,
   'Entrée, plat et dessert au choix, selon le marché des Capucins.',
   'choice', true, true, false, 0),
  ('30000000-0000-4000-8000-000000000022', '20000000-0000-4000-8000-000000000002', 'Menu Gourmet', 58.00,
   'Le menu signature du soir, autour des grands produits du Sud-Ouest.',
   'choice', false, true, false, 1),
  ('30000000-0000-4000-8000-000000000023', '20000000-0000-4000-8000-000000000002', 'Apéritif dînatoire', 29.00,
   'Assortiment de bouchées, planches et mignardises à partager debout ou assis.',
   'sharing', false, true, false, 2),
  ('30000000-0000-4000-8000-000000000024', '20000000-0000-4000-8000-000000000002', 'Menu Enfant', 12.00,
   null, 'choice', true, true, true, 3);

insert into public.menu_items (menu_id, name, type, display_order)
select ('30000000-0000-4000-8000-0000000000' || m)::uuid, name, type, (row_number() over (partition by m order by ord)) - 1
from (values
  ('11', 1, 'Salade lyonnaise, lardons et œuf poché', 'starter'),
  ('11', 2, 'Œufs en meurette', 'starter'),
  ('11', 3, 'Quenelle de brochet, sauce Nantua', 'main'),
  ('11', 4, 'Andouillette grillée, sauce moutarde', 'main'),
  ('11', 5, 'Gratin dauphinois', 'side'),
  ('11', 6, 'Tarte aux pralines roses', 'dessert'),
  ('11', 7, 'Île flottante', 'dessert'),
  ('12', 1, 'Kir à la crème de cassis', 'aperitif'),
  ('12', 2, 'Pâté en croûte maison', 'starter'),
  ('12', 3, 'Cervelle de canut', 'starter'),
  ('12', 4, 'Poulet de Bresse à la crème et aux morilles', 'main'),
  ('12', 5, 'Tablier de sapeur, sauce gribiche', 'main'),
  ('12', 6, 'Saint-Marcellin affiné', 'dessert'),
  ('12', 7, 'Bugnes et crème au chocolat', 'dessert'),
  ('13', 1, 'Planche de charcuterie lyonnaise', 'starter'),
  ('13', 2, 'Saucisson brioché', 'starter'),
  ('13', 3, 'Cocotte de joue de bœuf au Côtes-du-Rhône', 'main'),
  ('13', 4, 'Pommes grenaille rôties', 'side'),
  ('13', 5, 'Tarte aux pralines à partager', 'dessert'),
  ('13', 6, 'Pot lyonnais de Côtes-du-Rhône (46 cl)', 'drink'),
  ('14', 1, 'Steak haché et frites maison', 'main'),
  ('14', 2, 'Mousse au chocolat', 'dessert'),
  ('14', 3, 'Sirop à l''eau ou jus de pomme', 'drink'),
  ('21', 1, 'Velouté de potimarron, éclats de châtaigne', 'starter'),
  ('21', 2, 'Carpaccio de bœuf de Bazas', 'starter'),
  ('21', 3, 'Magret de canard, sauce au vin de Graves', 'main'),
  ('21', 4, 'Dos de cabillaud, beurre blanc', 'main'),
  ('21', 5, 'Écrasé de pommes de terre à l''huile d''olive', 'side'),
  ('21', 6, 'Canelé tiède et crème anglaise', 'dessert'),
  ('22', 1, 'Coupe de Crémant de Bordeaux', 'aperitif'),
  ('22', 2, 'Six huîtres du Cap Ferret', 'starter'),
  ('22', 3, 'Foie gras de canard mi-cuit', 'starter'),
  ('22', 4, 'Entrecôte à la bordelaise', 'main'),
  ('22', 5, 'Cèpes poêlés en persillade', 'side'),
  ('22', 6, 'Assiette de fromages affinés', 'dessert'),
  ('22', 7, 'Soufflé au Grand Marnier', 'dessert'),
  ('22', 8, 'Verre de Saint-Émilion grand cru', 'drink'),
  ('23', 1, 'Lillet tonic', 'aperitif'),
  ('23', 2, 'Planche de jambon de Bayonne et fromages', 'starter'),
  ('23', 3, 'Bouchées de magret et figues', 'starter'),
  ('23', 4, 'Mini-burgers de bœuf de Bazas', 'main'),
  ('23', 5, 'Mignardises et canelés', 'dessert'),
  ('24', 1, 'Aiguillettes de poulet et purée', 'main'),
  ('24', 2, 'Mini-canelés', 'dessert'),
  ('24', 3, 'Jus de raisin', 'drink')
) v(m, ord, name, type);

insert into public.menu_item_alternatives (menu_id, name, type, is_gluten_free, is_vegan, other_dietary_notes, display_order)
select ('30000000-0000-4000-8000-0000000000' || m)::uuid, name, type, gf, vegan, notes,
       (row_number() over (partition by m order by ord)) - 1
from (values
  ('11', 1, 'Salade de lentilles vertes du Puy', 'starter', true, true, null),
  ('11', 2, 'Risotto crémeux aux champignons', 'main', true, false, 'Végétarien'),
  ('11', 3, 'Sorbet cassis', 'dessert', true, true, null),
  ('12', 1, 'Velouté de courge rôtie', 'starter', true, true, null),
  ('12', 2, 'Filet de truite, beurre blanc', 'main', true, false, 'Sans lactose sur demande'),
  ('12', 3, 'Poire pochée au vin rouge', 'dessert', true, true, null),
  ('13', 1, 'Planche de légumes croquants et houmous', 'starter', true, true, null),
  ('13', 2, 'Cocotte de légumes d''hiver', 'main', true, true, null),
  ('14', 1, 'Poisson pané et haricots verts', 'main', false, false, 'Sans arachide'),
  ('21', 1, 'Tartare de légumes et vinaigrette aux agrumes', 'starter', true, true, null),
  ('21', 2, 'Gnocchis de potimarron, sauge et noisettes', 'main', false, true, 'Contient des fruits à coque'),
  ('21', 3, 'Salade d''agrumes à la menthe', 'dessert', true, true, null),
  ('22', 1, 'Velouté de cèpes', 'starter', true, false, 'Végétarien'),
  ('22', 2, 'Risotto aux cèpes et parmesan', 'main', true, false, 'Végétarien'),
  ('23', 1, 'Bouchées végétales (falafels, houmous)', 'starter', true, true, null),
  ('24', 1, 'Pâtes au beurre et jambon', 'main', false, false, null)
) v(m, ord, name, type, gf, vegan, notes);

-- ---------------------------------------------------------------- options, FAQ

insert into public.restaurant_options (id, restaurant_id, title, price, price_type, display_order)
values
  ('80000000-0000-4000-8000-000000000011', '20000000-0000-4000-8000-000000000001', 'Kir lyonnais à l''apéritif', 6.00, 'per_person', 0),
  ('80000000-0000-4000-8000-000000000012', '20000000-0000-4000-8000-000000000001', 'Accord vins (3 verres)', 18.00, 'per_person', 1),
  ('80000000-0000-4000-8000-000000000013', '20000000-0000-4000-8000-000000000001', 'Gâteau d''anniversaire', 35.00, 'total', 2),
  ('80000000-0000-4000-8000-000000000014', '20000000-0000-4000-8000-000000000001', 'Privatisation de la mezzanine', 200.00, 'total', 3),
  ('80000000-0000-4000-8000-000000000021', '20000000-0000-4000-8000-000000000002', 'Coupe de champagne', 12.00, 'per_person', 0),
  ('80000000-0000-4000-8000-000000000022', '20000000-0000-4000-8000-000000000002', 'Accord mets et vins', 25.00, 'per_person', 1),
  ('80000000-0000-4000-8000-000000000023', '20000000-0000-4000-8000-000000000002', 'Décoration florale de table', 45.00, 'total', 2),
  ('80000000-0000-4000-8000-000000000024', '20000000-0000-4000-8000-000000000002', 'Café gourmand', 7.50, 'per_person', 3);

insert into public.restaurant_faqs (id, restaurant_id, question, answer, display_order)
values
  ('70000000-0000-4000-8000-000000000011', '20000000-0000-4000-8000-000000000001',
   'Proposez-vous des menus pour les groupes ?',
   'Oui : trois menus groupe de 32 € à 45 € par personne, et un menu enfant à 14 €. Le même menu est servi à toute la table.', 0),
  ('70000000-0000-4000-8000-000000000012', '20000000-0000-4000-8000-000000000001',
   'Peut-on privatiser le restaurant ?',
   'La mezzanine (30 places) se privatise le soir à partir de 20 personnes, avec un supplément de 150 € TTC (250 € le samedi).', 1),
  ('70000000-0000-4000-8000-000000000013', '20000000-0000-4000-8000-000000000001',
   'Les allergies et régimes particuliers sont-ils pris en compte ?',
   'Oui, chaque menu propose des alternatives sans gluten et véganes. Indiquez les allergies lors de la réservation : le chef adapte les plats.', 2),
  ('70000000-0000-4000-8000-000000000014', '20000000-0000-4000-8000-000000000001',
   'Faut-il verser un acompte ?',
   'Un acompte de 30 % confirme les réservations de groupe ; le solde se règle sur place le jour du repas.', 3),
  ('70000000-0000-4000-8000-000000000015', '20000000-0000-4000-8000-000000000001',
   'Jusqu''à quand peut-on annuler ?',
   'L''annulation est gratuite jusqu''à 48 heures avant le repas. Au-delà, l''acompte est conservé.', 4),
  ('70000000-0000-4000-8000-000000000016', '20000000-0000-4000-8000-000000000001',
   'Où se garer ?',
   'Le parking des Halles Paul Bocuse est à deux minutes à pied, ouvert 7 jours sur 7.', 5),
  ('70000000-0000-4000-8000-000000000021', '20000000-0000-4000-8000-000000000002',
   'Quelle est la capacité maximale pour un groupe ?',
   'Notre salle voûtée accueille jusqu''à 24 convives assis. Au-delà, contactez-nous pour étudier une solution.', 0),
  ('70000000-0000-4000-8000-000000000022', '20000000-0000-4000-8000-000000000002',
   'Le restaurant propose-t-il un voiturier ?',
   'Oui, un voiturier est proposé le soir du jeudi au samedi, en plus de notre parking privé de 10 places.', 1),
  ('70000000-0000-4000-8000-000000000023', '20000000-0000-4000-8000-000000000002',
   'Proposez-vous des accords mets et vins ?',
   'Notre sommelier propose un accord de trois verres de vins de Bordeaux à 25 € par personne.', 2),
  ('70000000-0000-4000-8000-000000000024', '20000000-0000-4000-8000-000000000002',
   'Comment fonctionne l''empreinte bancaire ?',
   'Une empreinte de 20 € par personne est demandée à la réservation. Rien n''est débité, sauf en cas d''absence ou d''annulation moins de 3 jours avant.', 3),
  ('70000000-0000-4000-8000-000000000025', '20000000-0000-4000-8000-000000000002',
   'Le restaurant est-il accessible aux personnes à mobilité réduite ?',
   'Malheureusement non : la salle voûtée est desservie par quelques marches. Appelez-nous, nous chercherons ensemble la meilleure solution.', 4);

-- ---------------------------------------------------------------- reservations
-- The demo's history, written directly (the seed runs as the superuser): past
-- and decided requests that submit_group_request, the one way in for new
-- requests, would refuse.
-- Status: 0 pending, 1 accepted, 2 rejected, 3 paid, 4 cancelled.
-- Totals = menu price × adults + kids menu × children + Σ option price × quantity.
-- `opts` lists option-id suffixes with a quantity ('p' = one per adult).
-- A date that falls on a closing day moves to the nearest open day.

create temp table seed_reservations (
  n int, r int, numero text, status smallint, customer_name text, email text, phone text,
  menu text, adults int, children int, day_offset int, arrival time, opts text[], created_ago interval
);

insert into seed_reservations values
  -- Le Comptoir des Halles (R-0001 .. R-0024)
  ( 1, 1, 'TBL-DEMO01', 0, 'Camille Durand', 'camille.durand@gmail.com', '06 12 45 78 90', '11', 15, 0, 12, '20:00', '{11:p}', '2 hours'),
  ( 2, 1, 'TBL-DEMO02', 0, 'Thomas Bernard', 'thomas.bernard@orange.fr', '06 23 56 89 01', '12', 22, 3, 20, '19:30', '{12:p,13:1}', '5 hours'),
  ( 3, 1, null, 0, 'Sophie Lefebvre', 'sophie.lefebvre@free.fr', '07 81 22 34 56', '11', 12, 0, 5, '12:30', '{}', '1 day'),
  ( 4, 1, null, 0, 'Nicolas Moreau', 'n.moreau@entreprise-moreau.fr', '06 45 67 12 98', '13', 18, 2, 9, '20:30', '{11:p}', '26 hours'),
  ( 5, 1, null, 0, 'Julie Girard', 'julie.girard@outlook.fr', '06 98 12 43 21', '12', 25, 0, 30, '19:30', '{12:p}', '3 days'),
  ( 6, 1, null, 0, 'Antoine Roux', 'antoine.roux@gmail.com', '07 66 54 32 10', '11', 10, 0, 3, '12:00', '{}', '40 minutes'),
  ( 7, 1, null, 0, 'Émilie Fournier', 'emilie.fournier@laposte.net', '06 34 76 98 12', '12', 30, 0, 45, '20:00', '{14:1,11:p}', '4 days'),
  ( 8, 1, null, 1, 'Lucas Mercier', 'lucas.mercier@gmail.com', '06 71 83 92 04', '11', 14, 0, 2, '20:00', '{11:p}', '6 days'),
  ( 9, 1, null, 1, 'Manon Blanc', 'manon.blanc@hotmail.fr', '06 52 41 30 29', '13', 16, 0, 7, '19:00', '{}', '8 days'),
  (10, 1, null, 1, 'Hugo Garnier', 'hugo.garnier@yahoo.fr', '06 19 28 37 46', '11', 20, 4, 14, '12:30', '{13:1}', '10 days'),
  (11, 1, null, 1, 'Léa Chevalier', 'lea.chevalier@gmail.com', '07 55 44 33 22', '12', 11, 0, 1, '20:30', '{12:p}', '5 days'),
  (12, 1, null, 1, 'Maxime Lambert', 'maxime.lambert@sfr.fr', '06 88 77 66 55', '13', 12, 0, 25, '19:30', '{}', '2 days'),
  (13, 1, null, 1, 'Chloé Bonnet', 'chloe.bonnet@gmail.com', '06 11 22 33 44', '11', 9, 0, -1, '12:00', '{}', '9 days'),
  (14, 1, null, 2, 'Pierre Dupont', 'pierre.dupont@cabinet-dupont.fr', '06 60 70 80 90', '11', 40, 0, 6, '12:00', '{}', '3 days'),
  (15, 1, null, 2, 'Inès Faure', 'ines.faure@gmail.com', '07 12 34 56 78', '12', 8, 0, 10, '21:00', '{}', '2 days'),
  (16, 1, null, 2, 'Julien Rousseau', 'julien.rousseau@orange.fr', '06 23 45 67 89', '13', 12, 0, -5, '19:00', '{}', '12 days'),
  (17, 1, null, 3, 'Sarah Vincent', 'sarah.vincent@gmail.com', '06 34 56 78 90', '12', 16, 0, -3, '20:00', '{11:p,12:p}', '20 days'),
  (18, 1, null, 3, 'Alexandre Muller', 'a.muller@muller-associes.fr', '06 45 56 67 78', '11', 20, 0, -10, '12:30', '{}', '25 days'),
  (19, 1, null, 3, 'Clara Lefèvre', 'clara.lefevre@free.fr', '06 56 67 78 89', '13', 13, 2, -20, '19:30', '{13:1}', '30 days'),
  (20, 1, null, 3, 'Mathieu André', 'mathieu.andre@gmail.com', '07 67 78 89 90', '12', 18, 0, 4, '20:00', '{12:p}', '15 days'),
  (21, 1, null, 3, 'Laura Michel', 'laura.michel@hotmail.fr', '06 78 89 90 01', '13', 24, 0, -35, '20:30', '{14:1}', '50 days'),
  (22, 1, null, 4, 'Romain Guérin', 'romain.guerin@gmail.com', '06 89 90 01 12', '11', 10, 0, 8, '19:00', '{}', '7 days'),
  (23, 1, null, 4, 'Pauline Boyer', 'pauline.boyer@laposte.net', '06 90 01 12 23', '11', 15, 0, -12, '12:00', '{}', '22 days'),
  (24, 1, null, 4, 'Kevin Gauthier', 'kevin.gauthier@gmail.com', '07 01 12 23 34', '12', 12, 3, 15, '20:00', '{}', '4 days'),
  -- La Table de Margaux (R-0101 .. R-0116)
  (25, 2, null, 0, 'Margot Perrin', 'margot.perrin@gmail.com', '06 14 25 36 47', '21', 12, 0, 6, '20:00', '{21:p}', '3 hours'),
  (26, 2, null, 0, 'Baptiste Robin', 'baptiste.robin@orange.fr', '06 25 36 47 58', '21', 16, 2, 11, '12:30', '{}', '1 day'),
  (27, 2, null, 0, 'Océane Clément', 'oceane.clement@gmail.com', '07 36 47 58 69', '22', 20, 0, 18, '20:30', '{22:p}', '2 days'),
  (28, 2, null, 0, 'Théo Morin', 'theo.morin@free.fr', '06 47 58 69 70', '23', 10, 0, 2, '19:30', '{}', '30 minutes'),
  (29, 2, null, 1, 'Anaïs Nicolas', 'anais.nicolas@gmail.com', '06 58 69 70 81', '22', 14, 0, 3, '20:00', '{23:1}', '5 days'),
  (30, 2, null, 1, 'Quentin Henry', 'quentin.henry@hotmail.fr', '06 69 70 81 92', '21', 18, 0, 9, '12:00', '{24:p}', '6 days'),
  (31, 2, null, 1, 'Lucie Roussel', 'lucie.roussel@gmail.com', '07 70 81 92 03', '22', 12, 1, 21, '21:00', '{21:p}', '4 days'),
  (32, 2, null, 1, 'Adrien Mathieu', 'adrien.mathieu@sfr.fr', '06 81 92 03 14', '21', 10, 0, -2, '19:30', '{}', '10 days'),
  (33, 2, null, 2, 'Élodie Gautier', 'elodie.gautier@gmail.com', '06 92 03 14 25', '21', 35, 0, 5, '12:30', '{}', '2 days'),
  (34, 2, null, 2, 'Victor Masson', 'victor.masson@yahoo.fr', '06 03 14 25 36', '22', 9, 0, -8, '20:30', '{}', '14 days'),
  (35, 2, null, 3, 'Juliette Marchand', 'juliette.marchand@gmail.com', '06 13 24 35 46', '22', 15, 0, -6, '20:00', '{22:p}', '21 days'),
  (36, 2, null, 3, 'Benjamin Duval', 'benjamin.duval@orange.fr', '06 24 35 46 57', '21', 22, 3, -15, '12:30', '{24:p}', '28 days'),
  (37, 2, null, 3, 'Mélanie Denis', 'melanie.denis@gmail.com', '07 35 46 57 68', '23', 16, 0, 12, '19:30', '{21:p,23:1}', '9 days'),
  (38, 2, null, 3, 'Guillaume Lemaire', 'g.lemaire@lemaire-conseil.fr', '06 46 57 68 79', '22', 20, 0, -40, '20:00', '{22:p}', '60 days'),
  (39, 2, null, 4, 'Charlotte Picard', 'charlotte.picard@free.fr', '06 57 68 79 80', '21', 11, 0, 7, '20:30', '{}', '6 days'),
  (40, 2, null, 4, 'Florian Renaud', 'florian.renaud@gmail.com', '06 68 79 80 91', '21', 14, 0, -18, '13:00', '{}', '30 days');

insert into public.restaurant_reservations (
  id, restaurant_id, numero_reservation_restaurateur, numero_reservation, code_reservation, code_manage,
  status, customer_name, email, phone_number, selected_menu, selected_menu_id,
  total_amount, number_people, children, reservation_date, arrival_time, options, created_at, updated_at)
select
  ('50000000-0000-4000-8000-' || lpad(s.n::text, 12, '0'))::uuid,
  rest.id,
  'R-' || lpad((case s.r when 1 then s.n else 100 + s.n - 24 end)::text, 4, '0'),
  nums.numero,
  upper(substr(md5('code-' || nums.numero), 1, 6)),
  case nums.numero
    when 'TBL-DEMO01' then '5c06b198eb4f8b5fd3bce7eaa7beed96d7a6d2df23a66a865a473378d69431df'
    when 'TBL-DEMO02' then '0fe70b94cfdbfc53fe4c13d979d741c82f0ea7dc7e9bbd474ba2e4d3a28f0084'
    else encode(extensions.digest('tablee-demo-' || nums.numero, 'sha256'), 'hex')
  end,
  s.status,
  s.customer_name, s.email, s.phone,
  m.name, m.id,
  m.price_per_person * s.adults + coalesce(k.price_per_person, 0) * s.children + opts.amount,
  s.adults, s.children,
  dates.d, s.arrival, opts.list,
  now() - s.created_ago,
  -- Decided reservations were last touched a little after their creation.
  now() - s.created_ago + case when s.status = 0 then interval '0' else interval '3 hours' end
from seed_reservations s
cross join lateral (select ('20000000-0000-4000-8000-00000000000' || s.r)::uuid as id) rest
cross join lateral (select coalesce(s.numero,
  'TBL-' || upper(translate(substr(md5('tablee-' || s.n), 1, 6), '01', 'XY'))) as numero) nums
join public.restaurant_menus m on m.id = ('30000000-0000-4000-8000-0000000000' || s.menu)::uuid
left join public.restaurant_menus k on k.restaurant_id = rest.id and k.is_children_menu
cross join lateral (
  select coalesce(jsonb_agg(jsonb_build_object('title', o.title, 'price', o.price, 'quantity', q.qty)
                            order by q.ord), '[]') as list,
         coalesce(sum(o.price * q.qty), 0) as amount
    from unnest(s.opts) with ordinality as x(spec, ord)
    cross join lateral (select x.ord,
      case split_part(x.spec, ':', 2) when 'p' then s.adults else split_part(x.spec, ':', 2)::int end as qty) q
    join public.restaurant_options o
      on o.id = ('80000000-0000-4000-8000-0000000000' || split_part(x.spec, ':', 1))::uuid
) opts
cross join lateral (
  -- Closing days: Lyon Sunday and Monday, Bordeaux Sunday. Future dates move
  -- forward, past dates move back to Saturday.
  select base + case
    when s.r = 1 and extract(isodow from base) = 7 then case when s.day_offset >= 0 then 2 else -1 end
    when s.r = 1 and extract(isodow from base) = 1 then case when s.day_offset >= 0 then 1 else -2 end
    when s.r = 2 and extract(isodow from base) = 7 then case when s.day_offset >= 0 then 1 else -1 end
    else 0 end as d
  from (select current_date + s.day_offset as base) b
) dates;

-- ---------------------------------------------------------------- conversations and messages
-- Each conversation follows a script; {placeholders} are filled from the
-- linked reservation (or from the values given here) and from the
-- restaurant's own profile, so every answer matches the seeded data.

create temp table seed_scripts (script text, seq int, role text, content text);
insert into seed_scripts values
  ('booking', 1, 'user', 'Bonjour, je souhaiterais réserver une table pour {n} personnes le {date}. Est-ce possible ?'),
  ('booking', 2, 'assistant', 'Bonjour et merci de penser à nous ! Nous accueillons volontiers les groupes. Pour {n} personnes le {date}, à quelle heure souhaitez-vous arriver ?'),
  ('booking', 3, 'user', 'Vers {heure}, si c''est possible.'),
  ('booking', 4, 'assistant', '{heure}, c''est parfait. Pour les groupes, nous proposons : {menus}. Lequel vous ferait plaisir ?'),
  ('booking', 5, 'user', 'Nous allons prendre le {menu}.'),
  ('booking', 6, 'assistant', 'Excellent choix ! Pour finaliser la demande, pouvez-vous m''indiquer votre nom, votre email et votre numéro de téléphone ?'),
  ('booking', 7, 'user', '{nom}, {email}, {tel}'),
  ('booking', 8, 'assistant', 'Merci {prenom} ! Votre demande n° {numero} est enregistrée : {n} personnes le {date} à {heure}, {menu}. Le restaurant vous confirme la réservation par email très rapidement.'),

  ('kids', 1, 'user', 'Bonsoir ! Nous organisons un repas de famille le {date} : {n} adultes et {enfants} enfants. Vous avez de la place le soir ?'),
  ('kids', 2, 'assistant', 'Bonsoir ! Avec plaisir : pour {n} adultes et {enfants} enfants le {date}, c''est possible. Les enfants peuvent prendre notre menu enfant à {prixenfant} €. À quelle heure souhaitez-vous arriver ?'),
  ('kids', 3, 'user', '{heure}, ce serait idéal. Et pour les adultes, le {menu}.'),
  ('kids', 4, 'assistant', 'C''est noté. Souhaitez-vous ajouter une option ? Nous proposons : {options}.'),
  ('kids', 5, 'user', 'Oui, l''accord vins pour les adultes. Et on aimerait un gâteau d''anniversaire : c''est pour les 70 ans de ma mère !'),
  ('kids', 6, 'assistant', 'Quelle belle occasion ! J''ajoute l''accord vins et le gâteau d''anniversaire. À quel nom dois-je enregistrer la demande, avec quel email et quel téléphone ?'),
  ('kids', 7, 'user', '{nom}, {email}, {tel}'),
  ('kids', 8, 'assistant', 'Merci {prenom} ! Votre demande n° {numero} est transmise au restaurant : {n} adultes et {enfants} enfants le {date} à {heure}, pour un total estimé de {total} € TTC. Vous recevrez la confirmation par email.'),

  ('allergies', 1, 'user', 'Bonjour, nous serons {n} le {date}. Dans le groupe, une personne est cœliaque et une autre végane : pouvez-vous vous adapter ?'),
  ('allergies', 2, 'assistant', 'Bonjour ! Bien sûr. Nos menus prévoient des alternatives sans gluten et véganes, par exemple : {alternatives}. L''équipe en cuisine sera prévenue.'),
  ('allergies', 3, 'user', 'Parfait. Une amie est aussi allergique aux fruits à coque.'),
  ('allergies', 4, 'assistant', 'C''est noté, nous le signalerons au chef pour les sauces et les desserts. Pour quel horaire, et à quel nom dois-je préparer la demande ?'),
  ('allergies', 5, 'user', '{heure}, pour {nom} ({email}, {tel}). Nous prendrons le {menu}.'),
  ('allergies', 6, 'assistant', 'Merci {prenom} ! Votre demande n° {numero} est enregistrée pour {n} personnes le {date} à {heure}, avec les régimes sans gluten et végane et l''allergie aux fruits à coque. Le restaurant vous répond très vite.'),

  ('too_many', 1, 'user', 'Bonjour, je cherche un restaurant pour un repas d''équipe le {date} : nous serons {n}. Pouvez-vous nous accueillir ?'),
  ('too_many', 2, 'assistant', 'Bonjour et merci pour votre demande ! Pour {n} personnes, le restaurant doit vérifier la disponibilité de la salle. À quelle heure souhaitez-vous arriver ?'),
  ('too_many', 3, 'user', '{heure}, et nous prendrions tous le {menu}.'),
  ('too_many', 4, 'assistant', 'Très bien. À quel nom, email et téléphone dois-je enregistrer la demande ?'),
  ('too_many', 5, 'user', '{nom}, {email}, {tel}'),
  ('too_many', 6, 'assistant', 'Merci ! Votre demande n° {numero} est transmise. Au-delà de {groupemax} personnes, le restaurant doit valider la faisabilité : vous recevrez sa réponse par email.'),

  ('cancel', 1, 'user', 'Bonjour, je dois malheureusement annuler notre réservation n° {numero} du {date}, au nom de {nom}.'),
  ('cancel', 2, 'assistant', 'Bonjour {prenom}, c''est bien noté, je transmets l''annulation au restaurant. Pour rappel, l''annulation est sans frais jusqu''à {delai} avant la date. Vous recevrez une confirmation par email.'),
  ('cancel', 3, 'user', 'Merci beaucoup, et désolé pour le dérangement.'),
  ('cancel', 4, 'assistant', 'Aucun souci ! Au plaisir de vous accueillir une prochaine fois.'),

  ('hours', 1, 'user', 'Bonjour, vous êtes ouverts le dimanche ?'),
  ('hours', 2, 'assistant', 'Bonjour ! Nous sommes ouverts {jours}, midi et soir. Le dimanche, le restaurant est fermé : souhaitez-vous que je regarde une autre date pour votre groupe ?'),

  ('service_times', 1, 'user', 'Bonsoir, jusqu''à quelle heure peut-on arriver le soir pour un groupe de {n} ?'),
  ('service_times', 2, 'assistant', 'Bonsoir ! Le soir, le service a lieu {soir} et les groupes peuvent arriver à {arriveessoir}.'),
  ('service_times', 3, 'user', 'D''accord, merci. Et le midi ?'),
  ('service_times', 4, 'assistant', 'Le midi, le service a lieu {midi}, avec des arrivées possibles à {arriveesmidi}. Voulez-vous que je prépare une demande de réservation ?'),

  ('parking', 1, 'user', 'Bonjour, y a-t-il un parking à proximité ? Et le restaurant est-il accessible en fauteuil roulant ?'),
  ('parking', 2, 'assistant', '{parking} {pmr}'),
  ('parking', 3, 'user', 'Super, merci pour ces informations !'),
  ('parking', 4, 'assistant', 'Avec plaisir ! N''hésitez pas si vous souhaitez réserver pour votre groupe.'),

  ('deposit', 1, 'user', 'Bonjour, pour une réservation de groupe, faut-il verser un acompte ?'),
  ('deposit', 2, 'assistant', '{acompte}'),
  ('deposit', 3, 'user', 'Et si nous devons annuler ?'),
  ('deposit', 4, 'assistant', 'L''annulation est sans frais jusqu''à {delai} avant la date. Au-delà, {penalite}'),

  ('privatisation', 1, 'user', 'Bonjour, nous organisons un anniversaire pour environ {n} personnes le {date} au soir. Est-il possible de privatiser une partie du restaurant ?'),
  ('privatisation', 2, 'assistant', 'Bonjour ! Oui, la privatisation partielle est possible le soir à partir de {privmin} personnes, avec un supplément de {privmontant} € TTC. Souhaitez-vous que je prépare une demande ?'),
  ('privatisation', 3, 'user', 'Peut-être. Est-ce qu''on peut apporter notre propre gâteau ?'),
  ('privatisation', 4, 'assistant', 'Vous pouvez apporter votre gâteau, ou choisir parmi nos options : {options}.'),
  ('privatisation', 5, 'user', 'Je vais en parler aux autres et je reviens vers vous.'),
  ('privatisation', 6, 'assistant', 'Avec plaisir ! Je reste disponible pour finaliser la réservation quand vous le souhaitez.'),

  ('vegetarian', 1, 'user', 'Bonjour, avez-vous des plats végétariens ? Nous serons {n}, dont plusieurs végétariens.'),
  ('vegetarian', 2, 'assistant', 'Bonjour ! Oui, nos menus proposent des alternatives : {alternatives}. Vous pourrez préciser le régime de chacun au moment de la réservation.'),
  ('vegetarian', 3, 'user', 'Top. Et quel est le prix du menu le moins cher ?'),
  ('vegetarian', 4, 'assistant', 'Notre formule la plus accessible : {menumoinscher}, à {prixmoinscher} € TTC par personne (hors menu enfant).'),

  ('dogs', 1, 'user', 'Bonjour, est-ce que les chiens sont acceptés ?'),
  ('dogs', 2, 'assistant', 'Bonjour ! Les chiens calmes et tenus en laisse sont les bienvenus en salle. Pour toute autre question, je suis là !'),

  ('birthday', 1, 'user', 'Bonjour ! Je voudrais organiser une surprise pour les 40 ans de mon mari, nous serions {n}.'),
  ('birthday', 2, 'assistant', 'Bonjour, quelle belle idée ! Pour quelle date envisagez-vous ce repas ?'),
  ('birthday', 3, 'user', 'Le {date}, plutôt le soir.'),
  ('birthday', 4, 'assistant', 'Le {date} au soir, c''est possible pour {n} personnes. Les groupes peuvent arriver à {arriveessoir}. Quel horaire vous conviendrait ?'),
  ('birthday', 5, 'user', 'Vers {heure}. Est-ce que vous pouvez prévoir un gâteau ?'),
  ('birthday', 6, 'assistant', 'Oui, nous proposons un gâteau d''anniversaire maison à {prixgateau} € pour toute la table. Souhaitez-vous l''ajouter ?'),
  ('birthday', 7, 'user', 'Oui ! Et est-ce qu''on peut décorer la table ?'),
  ('birthday', 8, 'assistant', 'Bien sûr, vous pouvez apporter quelques décorations ; merci simplement d''éviter les confettis. Voulez-vous que j''enregistre la demande maintenant ?'),
  ('birthday', 9, 'user', 'Je dois encore confirmer le nombre d''invités, je reviens vers vous demain.'),
  ('birthday', 10, 'assistant', 'Parfait ! Je reste à votre disposition pour finaliser la réservation.');

-- Conversations: linked ones take their values from the reservation.
create temp table seed_conversations (
  n int, r int, script text, reservation int, started_ago interval, adults int, day_offset int, heure time
);
insert into seed_conversations values
  ( 1, 1, 'booking', 1, null, null, null, null),
  ( 2, 1, 'kids', 2, null, null, null, null),
  ( 3, 1, 'allergies', 3, null, null, null, null),
  ( 4, 1, 'booking', 8, null, null, null, null),
  ( 5, 1, 'too_many', 14, null, null, null, null),
  ( 6, 1, 'booking', 17, null, null, null, null),
  ( 7, 1, 'cancel', 22, '2 days', null, null, null),
  ( 8, 1, 'hours', null, '1 hour', null, null, null),
  ( 9, 1, 'parking', null, '3 hours', null, null, null),
  (10, 1, 'deposit', null, '1 day 2 hours', null, null, null),
  (11, 1, 'privatisation', null, '2 days 5 hours', 25, 33, '20:00'),
  (12, 1, 'vegetarian', null, '4 days', 14, null, null),
  (13, 1, 'dogs', null, '6 days', null, null, null),
  (14, 1, 'birthday', null, '8 days', 18, 27, '20:30'),
  (15, 1, 'service_times', null, '12 days', 12, null, null),
  (16, 2, 'booking', 25, null, null, null, null),
  (17, 2, 'allergies', 29, null, null, null, null),
  (18, 2, 'too_many', 33, null, null, null, null),
  (19, 2, 'cancel', 39, '1 day', null, null, null),
  (20, 2, 'hours', null, '20 minutes', null, null, null),
  (21, 2, 'parking', null, '5 hours', null, null, null),
  (22, 2, 'deposit', null, '2 days', null, null, null),
  (23, 2, 'privatisation', null, '3 days', 18, 40, '20:00'),
  (24, 2, 'vegetarian', null, '9 days', 12, null, null),
  (25, 2, 'dogs', null, '15 days', null, null, null);

-- '{key}' → value for every key of p_values.
create function pg_temp.seed_fill(p_text text, p_values jsonb) returns text language plpgsql as $$
declare k text; v text;
begin
  for k, v in select key, value from jsonb_each_text(p_values) loop
    p_text := replace(p_text, '{' || k || '}', coalesce(v, ''));
  end loop;
  return p_text;
end $$;

create function pg_temp.seed_euros(p numeric) returns text language sql immutable as $$
  select replace(replace(to_char(p, 'FM999990.00'), '.', ','), ',00', '')
$$;
create function pg_temp.seed_heure(t time) returns text language sql immutable as $$
  select regexp_replace(to_char(t, 'FMHH24"h"MI'), 'h00$', 'h')
$$;
create function pg_temp.seed_date(d date) returns text language sql immutable as $$
  select (array['dimanche','lundi','mardi','mercredi','jeudi','vendredi','samedi'])[extract(dow from d)::int + 1]
      || ' ' || case extract(day from d)::int when 1 then '1er' else extract(day from d)::int::text end || ' '
      || (array['janvier','février','mars','avril','mai','juin','juillet','août','septembre','octobre','novembre','décembre'])[extract(month from d)::int]
$$;

create temp table seed_context as
select
  c.n, c.r, c.script, c.reservation,
  ('60000000-0000-4000-8000-' || lpad(c.n::text, 12, '0'))::uuid as id,
  ('20000000-0000-4000-8000-00000000000' || c.r)::uuid as restaurant_id,
  res.id as reservation_id,
  -- A linked conversation ends when its reservation is created.
  coalesce(res.created_at - interval '20 minutes', now() - c.started_ago) as started_at,
  jsonb_build_object(
    'n', coalesce(res.number_people, c.adults, 12),
    'enfants', res.children,
    'date', pg_temp.seed_date(coalesce(res.reservation_date, current_date + coalesce(c.day_offset, 14))),
    'heure', pg_temp.seed_heure(coalesce(res.arrival_time, c.heure, '20:00')),
    'nom', res.customer_name,
    'prenom', split_part(res.customer_name, ' ', 1),
    'email', res.email,
    'tel', res.phone_number,
    'menu', res.selected_menu,
    'numero', res.numero_reservation,
    'total', pg_temp.seed_euros(res.total_amount),
    'menus', (select string_agg(m.name || ' à ' || pg_temp.seed_euros(m.price_per_person) || ' €', ', ' order by m.display_order)
                from public.restaurant_menus m where m.restaurant_id = rest.id and not m.is_children_menu),
    'prixenfant', (select pg_temp.seed_euros(m.price_per_person)
                     from public.restaurant_menus m where m.restaurant_id = rest.id and m.is_children_menu),
    'menumoinscher', (select m.name from public.restaurant_menus m
                       where m.restaurant_id = rest.id and not m.is_children_menu order by m.price_per_person limit 1),
    'prixmoinscher', (select pg_temp.seed_euros(min(m.price_per_person)) from public.restaurant_menus m
                       where m.restaurant_id = rest.id and not m.is_children_menu),
    'options', (select string_agg(lower(left(o.title, 1)) || substr(o.title, 2) || ' (' || pg_temp.seed_euros(o.price) || ' €'
                                  || case o.price_type when 'per_person' then ' par personne' else '' end || ')',
                                  ', ' order by o.display_order)
                  from public.restaurant_options o where o.restaurant_id = rest.id),
    'prixgateau', (select pg_temp.seed_euros(o.price) from public.restaurant_options o
                    where o.restaurant_id = rest.id and o.title like 'Gâteau%'),
    'alternatives', (select string_agg(lower(left(a.name, 1)) || substr(a.name, 2), ', ')
                       from (select a.name from public.menu_item_alternatives a
                               join public.restaurant_menus m on m.id = a.menu_id
                              where m.restaurant_id = rest.id and (a.is_vegan or a.is_gluten_free)
                              order by m.display_order, a.display_order limit 3) a),
    'jours', (select 'du ' || (array_agg(f.fr order by f.pos))[1] || ' au ' || (array_agg(f.fr order by f.pos desc))[1]
                from public.restaurants x,
                     unnest(array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'],
                            array['lundi','mardi','mercredi','jeudi','vendredi','samedi','dimanche'])
                       with ordinality as f(en, fr, pos)
               where x.id = rest.id and f.en = any (x.days_open)),
    'groupemax', (select max(h.dinner_group_max) from public.restaurant_hours h where h.restaurant_id = rest.id),
    'soir', (select 'de ' || pg_temp.seed_heure(h.dinner_from_time) || ' à ' || pg_temp.seed_heure(h.dinner_to_time)
               from public.restaurant_hours h where h.restaurant_id = rest.id and h.day = 'thursday'),
    'midi', (select 'de ' || pg_temp.seed_heure(h.lunch_from_time) || ' à ' || pg_temp.seed_heure(h.lunch_to_time)
               from public.restaurant_hours h where h.restaurant_id = rest.id and h.day = 'thursday'),
    'arriveessoir', (select string_agg(pg_temp.seed_heure(t.arrival_time), ', ' order by t.arrival_time)
                       from public.restaurant_arrival_times t
                      where t.restaurant_id = rest.id and t.day = 'thursday' and t.service = 'dinner'),
    'arriveesmidi', (select string_agg(pg_temp.seed_heure(t.arrival_time), ', ' order by t.arrival_time)
                       from public.restaurant_arrival_times t
                      where t.restaurant_id = rest.id and t.day = 'thursday' and t.service = 'lunch'),
    'privmin', (select h.dinner_partial_privatization_min_size from public.restaurant_hours h
                 where h.restaurant_id = rest.id and h.day = 'thursday'),
    'privmontant', (select pg_temp.seed_euros(h.dinner_partial_privatization_amount) from public.restaurant_hours h
                     where h.restaurant_id = rest.id and h.day = 'thursday'),
    'parking', (select case when a.parking
                  then 'Oui, le restaurant dispose d''un parking privé' || case when a.valet_parking then ', et un voiturier est proposé le soir.' else '.' end
                  else 'Le restaurant n''a pas de parking privé, mais un parking public se trouve à deux minutes à pied.' end
                  from public.restaurant_amenities a where a.restaurant_id = rest.id),
    'pmr', (select case when a.accessible_to_disabled
              then 'Et oui, la salle est de plain-pied et accessible aux personnes à mobilité réduite.'
              else 'En revanche, la salle n''est malheureusement pas accessible en fauteuil roulant.' end
              from public.restaurant_amenities a where a.restaurant_id = rest.id),
    'acompte', (select case b.deposit_method
                  when 'acompte' then 'Oui : un acompte de ' || pg_temp.seed_euros(b.deposit_amount)
                       || case b.deposit_type when 'percentage' then ' %' else ' € par personne' end
                       || ' est demandé pour confirmer la réservation. Le solde se règle '
                       || case when b.payment_onsite then 'sur place le jour du repas.' else 'en ligne.' end
                  when 'empreinte' then 'Pas d''acompte : une empreinte bancaire de ' || pg_temp.seed_euros(b.deposit_amount)
                       || case b.deposit_type when 'percentage' then ' %' else ' € par personne' end
                       || ' est demandée à la réservation, sans débit. Le règlement se fait ensuite '
                       || case when b.payment_onsite then 'sur place.' else 'en ligne.' end
                  else 'Aucun acompte n''est demandé : tout se règle sur place.' end
                  from public.restaurant_billing b where b.restaurant_id = rest.id),
    'penalite', (select case b.deposit_method
                   when 'acompte' then 'l''acompte est conservé.'
                   when 'empreinte' then 'le montant de l''empreinte peut être débité.'
                   else 'le restaurant peut facturer les couverts réservés.' end
                   from public.restaurant_billing b where b.restaurant_id = rest.id),
    'delai', (select case g.cancellation_policy
                when 'same_day' then 'le jour même' when '24h' then '24 heures' when '48h' then '48 heures'
                when '72h' then '3 jours' else '7 jours' end
                from public.restaurant_cgv g where g.restaurant_id = rest.id)
  ) as vals
from seed_conversations c
cross join lateral (select ('20000000-0000-4000-8000-00000000000' || c.r)::uuid as id) rest
left join public.restaurant_reservations res
  on res.id = ('50000000-0000-4000-8000-' || lpad(c.reservation::text, 12, '0'))::uuid;

-- A cancellation is written after the booking: start it later.
update seed_context s
   set started_at = now() - c.started_ago
  from seed_conversations c
 where c.n = s.n and c.script = 'cancel';

insert into public.conversations (id, restaurant_id, created_at, updated_at)
select id, restaurant_id, started_at, started_at from seed_context;

-- About 1 min 30 between messages; the trigger moves updated_at to the last one.
insert into public.messages (conversation_id, role, content, created_at)
select c.id, s.role, pg_temp.seed_fill(s.content, c.vals),
       c.started_at + (s.seq - 1) * interval '90 seconds' + (s.seq * 7 % 40) * interval '1 second'
  from seed_context c
  join seed_scripts s on s.script = c.script
 order by c.id, s.seq;

-- Linking is not an edit of the reservation: keep its updated_at.
alter table public.restaurant_reservations disable trigger restaurant_reservations_set_updated_at;
update public.restaurant_reservations r
   set conversation_id = c.id
  from seed_context c
 where c.reservation_id = r.id;
-- What the paid ones received (migration 20261126000200): the acompte, or the total when none is taken.
update public.restaurant_reservations r
   set amount_received_cents = private.euros_to_cents(private.received_when_paid(r.total_amount, r.restaurant_id))
 where r.status = private.reservation_status('paid');
-- Their history (the statistics read the decisions there): each decided request answered by the owner 15 minutes
-- to about 5 hours after it came in, one in seven after the restaurant's deadline; then, three hours later (as
-- updated_at says), what followed an acceptance: paid or cancelled.
insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, created_at)
select r.id, r.restaurant_id, private.reservation_status('pending'),
       case when r.status = private.reservation_status('rejected') then r.status else private.reservation_status('accepted') end, 'owner',
       least(now(), case when s.n % 7 = 0 then r.respond_by + interval '2 hours'
                         else r.created_at + (15 + s.n * 37 % 300) * interval '1 minute' end)
  from public.restaurant_reservations r
  join seed_reservations s on r.id = ('50000000-0000-4000-8000-' || lpad(s.n::text, 12, '0'))::uuid
 where r.status <> private.reservation_status('pending');
insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, created_at, reason, amount_cents)
select r.id, r.restaurant_id, private.reservation_status('accepted'), r.status, 'owner', least(now(), r.updated_at),
       case when r.status = private.reservation_status('cancelled') then 'demande_du_client' end, r.amount_received_cents
  from public.restaurant_reservations r
 where r.id::text like '50000000-%' and r.status in (private.reservation_status('paid'), private.reservation_status('cancelled'));
alter table public.restaurant_reservations enable trigger restaurant_reservations_set_updated_at;

drop table seed_context, seed_conversations, seed_scripts, seed_reservations;
drop function pg_temp.seed_fill(text, jsonb), pg_temp.seed_euros(numeric),
              pg_temp.seed_heure(time), pg_temp.seed_date(date);
