import type { SupabaseClient } from '@supabase/supabase-js';
import { service, withDb } from './clients';
import { submitGroupRequest } from './reservations';

const service15 = (from: string, to: string, arrivalTimes: string[], isOpen = true) => ({
  isOpen,
  hours: { from, to },
  arrivalTimes,
  groupSize: { min: 2, max: 30 },
  allowALaCarte: true,
  maxALaCarteSize: 12,
  partialPrivatizationSupplement: true,
  partialPrivatizationMinSize: 15,
  partialPrivatizationAmount: 150.5,
});

export const sample = {
  information: (name: string) => ({
    name,
    address: '12 rue des Halles, 69001 Lyon',
    description: 'Bouchon lyonnais, cuisine de marché.',
    url: 'https://exemple.fr',
    amenities: { groundFloor: true, accessibleToDisabled: true, parking: false, airConditioning: true, wifi: true, valetParking: false },
    contact: { email: 'contact@exemple.fr', whatsapp: '+33612345678', responseTime: 'fast' },
  }),
  hours: {
    daysOpen: ['monday', 'tuesday', 'friday'],
    hasDifferentSettings: true,
    days: [
      { day: 'monday', lunchService: service15('12:00', '14:00', ['12:00', '12:30']), dinnerService: service15('19:00', '22:00', ['19:30', '20:00']) },
      { day: 'tuesday', lunchService: service15('11:45', '14:30', ['12:15']), dinnerService: service15('19:00', '22:00', ['20:00'], false) },
      { day: 'friday', lunchService: service15('12:00', '14:00', []), dinnerService: service15('18:30', '23:45', ['21:00', '21:15']) },
    ],
  },
  menus: [
    {
      name: 'Menu Découverte',
      pricePerPerson: 39.5,
      content: 'Entrée, plat, dessert',
      menuType: 'choice',
      availability: { lunch: true, dinner: true },
      isKidsMenu: false,
      items: [
        { name: 'Œuf meurette', type: 'starter' },
        { name: 'Quenelle de brochet', type: 'main' },
        { name: 'Côtes-du-Rhône', type: 'drink' },
      ],
      alternatives: [{ name: 'Risotto aux cèpes', type: 'main', isGlutenFree: true, isVegan: false, otherDietaryNotes: 'sans lactose' }],
    },
    { name: 'Menu Enfant', pricePerPerson: 0, content: '', menuType: 'choice', availability: { lunch: true, dinner: false }, isKidsMenu: true, items: [], alternatives: [] },
  ],
  options: [
    { title: 'Coupe de champagne', price: 12.5, priceType: 'per_person' },
    { title: 'Gâteau d’anniversaire', price: 45, priceType: 'total' },
  ],
  faqs: [
    { question: 'Acceptez-vous les chiens ?', answer: 'Oui, en terrasse.' },
    { question: 'Y a-t-il un parking ?', answer: 'Un parking public à 200 m.' },
    { question: 'Peut-on privatiser ?', answer: 'Oui, à partir de 15 personnes.' },
  ],
  billing: {
    company_name: 'SAS Les Halles',
    legal_form: 'SAS',
    siret_number: '73282932000074',
    rcs_city: 'Lyon',
    vat_number: 'FR44732829320',
    address: '12 rue des Halles',
    postal_code: '69001',
    city: 'Lyon',
    requires_deposit: true,
    deposit_method: 'acompte',
    deposit_type: 'percentage',
    deposit_amount: 30,
    iban: 'FR7630006000011234567890189',
    bic: 'AGRIFRPP',
    contact_name: 'Camille Martin',
    contact_email: 'compta@exemple.fr',
    contact_phone: '+33478000000',
  },
  cgv: { cancellation_policy: '48h', modification_policy: '24h', link: 'https://exemple.fr/cgv.pdf' },
};

/** The data of a call that must succeed (and return something). */
export async function must<T>(promise: PromiseLike<{ data: T; error: unknown }>): Promise<NonNullable<T>> {
  const { data, error } = await promise;
  if (error) throw new Error(`unexpected error: ${JSON.stringify(error)}`);
  return data as NonNullable<T>;
}

/**
 * Every section of the owner's restaurant filled through their own API calls: nothing missing for its
 * assistant (restaurant_completeness), so that it takes requests (submit_group_request).
 */
export async function fillProfile(owner: SupabaseClient, restaurantId: string, name: string): Promise<void> {
  await must(owner.rpc('save_restaurant_information', { p_restaurant_id: restaurantId, p_information: sample.information(name) }));
  await must(owner.rpc('save_restaurant_hours', { p_restaurant_id: restaurantId, p_hours: sample.hours }));
  await must(owner.rpc('save_restaurant_menus', { p_restaurant_id: restaurantId, p_menus: sample.menus }));
  await must(owner.rpc('save_restaurant_options', { p_restaurant_id: restaurantId, p_options: sample.options }));
  // One after the other: each is appended at the next position.
  for (const faq of sample.faqs) await must(owner.rpc('create_restaurant_faq', { p_restaurant_id: restaurantId, p_question: faq.question, p_answer: faq.answer }));
  await must(owner.from('restaurant_billing').upsert({ restaurant_id: restaurantId, ...sample.billing }, { onConflict: 'restaurant_id' }));
  await must(owner.from('restaurant_cgv').upsert({ restaurant_id: restaurantId, ...sample.cgv }, { onConflict: 'restaurant_id' }));
}

/**
 * A restaurant with every section filled through the owner's own API calls (fillProfile) and a photo,
 * plus what the chatbot writes: a conversation, and the request that came out of it, submitted as the
 * chatbot submits it (R-0001, pending, on the next open day).
 */
export async function completeRestaurant(owner: SupabaseClient, name: string) {
  const { id } = await must(owner.from('restaurants').insert({ name }).select('id').single());
  const restaurantId = id as string;
  await fillProfile(owner, restaurantId, name);
  const photo = await must(
    owner
      .from('restaurant_photos')
      .insert({
        restaurant_id: restaurantId,
        url: `http://localhost/storage/v1/object/public/restaurant-photos/${restaurantId}/1-a.png`,
        filename: `${restaurantId}/1-a.png`,
        original_filename: 'terrasse.png',
        file_size: 2048,
        mime_type: 'image/png',
        display_order: 1,
        alt_text: 'La terrasse',
      })
      .select('id')
      .single(),
  );

  const admin = service();
  const conversation = await must(admin.from('conversations').insert({ restaurant_id: restaurantId }).select('id').single());
  await must(
    admin.from('messages').insert([
      { conversation_id: conversation.id, role: 'user', content: 'Bonjour, une table pour 15 samedi ?' },
      { conversation_id: conversation.id, role: 'assistant', content: 'Avec plaisir ! À quelle heure ?' },
    ]),
  );
  const menu = await must(owner.from('restaurant_menus').select('id').eq('restaurant_id', restaurantId).eq('name', 'Menu Découverte').single());
  const champagne = await must(owner.from('restaurant_options').select('id').eq('restaurant_id', restaurantId).eq('title', 'Coupe de champagne').single());
  const request = await submitGroupRequest(restaurantId, {
    adults: 15,
    children: 2,
    menu_id: menu.id as string,
    options: [{ option_id: champagne.id as string }],
    customer: { name: 'Jeanne Dupont', email: 'jeanne@exemple.fr', phone: '+33600000000' },
    conversation: { id: conversation.id as string },
  });
  return {
    restaurantId,
    photoId: photo.id as string,
    conversationId: conversation.id as string,
    reservation: { id: request.id, numero_reservation: request.numero, code_manage: request.codeManage },
  };
}

/** Every stored row of one restaurant, as text, to prove a refused or failed call changed nothing. */
export async function restaurantSnapshot(restaurantId: string): Promise<string> {
  return withDb(async (db) => {
    const { rows } = await db.query(
      `select jsonb_build_object(
         'restaurant', (select to_jsonb(r) from restaurants r where id = $1),
         'amenities', (select jsonb_agg(to_jsonb(t)) from restaurant_amenities t where restaurant_id = $1),
         'contacts', (select jsonb_agg(to_jsonb(t)) from restaurant_contacts t where restaurant_id = $1),
         'billing', (select jsonb_agg(to_jsonb(t)) from restaurant_billing t where restaurant_id = $1),
         'cgv', (select jsonb_agg(to_jsonb(t)) from restaurant_cgv t where restaurant_id = $1),
         'photos', (select jsonb_agg(to_jsonb(t) order by id) from restaurant_photos t where restaurant_id = $1),
         'hours', (select jsonb_agg(to_jsonb(t) order by day) from restaurant_hours t where restaurant_id = $1),
         'arrivals', (select jsonb_agg(to_jsonb(t) order by day, service, arrival_time) from restaurant_arrival_times t where restaurant_id = $1),
         'menus', (select jsonb_agg(to_jsonb(t) order by id) from restaurant_menus t where restaurant_id = $1),
         'items', (select jsonb_agg(to_jsonb(i) order by i.id) from menu_items i join restaurant_menus m on m.id = i.menu_id where m.restaurant_id = $1),
         'alternatives', (select jsonb_agg(to_jsonb(a) order by a.id) from menu_item_alternatives a join restaurant_menus m on m.id = a.menu_id where m.restaurant_id = $1),
         'options', (select jsonb_agg(to_jsonb(t) order by id) from restaurant_options t where restaurant_id = $1),
         'faqs', (select jsonb_agg(to_jsonb(t) order by id) from restaurant_faqs t where restaurant_id = $1),
         'closures', (select jsonb_agg(to_jsonb(t) order by id) from restaurant_closures t where restaurant_id = $1),
         'reservations', (select jsonb_agg(to_jsonb(t) order by id) from restaurant_reservations t where restaurant_id = $1),
         'reservation_guests', (select jsonb_agg(to_jsonb(t) order by reservation_id, guest_number) from reservation_guests t where restaurant_id = $1),
         'reservation_events', (select jsonb_agg(to_jsonb(t) order by id) from reservation_events t where restaurant_id = $1),
         'notifications', (select jsonb_agg(to_jsonb(t) order by id) from notification_outbox t where restaurant_id = $1),
         'assistant_keys', (select jsonb_agg(to_jsonb(t) order by id) from restaurant_assistant_keys t where restaurant_id = $1),
         'request_page', (select jsonb_agg(to_jsonb(t)) from restaurant_request_pages t where restaurant_id = $1),
         'reminder_settings', (select jsonb_agg(to_jsonb(t)) from restaurant_reminder_settings t where restaurant_id = $1),
         'whatsapp_number', (select jsonb_agg(to_jsonb(t)) from restaurant_whatsapp_numbers t where restaurant_id = $1),
         'members', (select jsonb_agg(to_jsonb(t) order by user_id) from restaurant_members t where restaurant_id = $1),
         'stripe_account', (select jsonb_agg(to_jsonb(t)) from restaurant_stripe_accounts t where restaurant_id = $1),
         'checkouts', (select jsonb_agg(to_jsonb(t) order by id) from reservation_checkouts t where restaurant_id = $1),
         'payments', (select jsonb_agg(to_jsonb(t) order by id) from reservation_payments t where restaurant_id = $1),
         'card_imprints', (select jsonb_agg(to_jsonb(t) order by reservation_id) from reservation_card_imprints t where restaurant_id = $1),
         'conversations', (select jsonb_agg(to_jsonb(t) order by id) from conversations t where restaurant_id = $1),
         'messages', (select jsonb_agg(to_jsonb(m) order by m.id) from messages m join conversations c on c.id = m.conversation_id where c.restaurant_id = $1),
         'customers', (select jsonb_agg(to_jsonb(t) order by id) from restaurant_customers t where restaurant_id = $1),
         'privacy_audit', (select jsonb_agg(to_jsonb(t) order by id) from restaurant_privacy_audit t where restaurant_id = $1),
         'privacy_retention_runs', (select jsonb_agg(to_jsonb(t) order by day) from private.privacy_retention_runs t where restaurant_id = $1)
       )::text as snapshot`,
      [restaurantId],
    );
    return rows[0].snapshot as string;
  });
}
