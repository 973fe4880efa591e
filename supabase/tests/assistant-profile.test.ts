import { anon, newOwner, service, withDb } from '../../local-supabase/test/clients';
import { completeRestaurant, must, sample } from '../../local-supabase/test/fixtures';

/**
 * A profile the assistant can rely on. Defaults stored at creation, one completeness
 * check (the view restaurant_completeness) and the assistant's knowledge in one call
 * (assistant_knowledge), tried as the owner, as another owner, as anonymous and as the chatbot.
 */

const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

async function ownerWithNewRestaurant(label: string, values: Record<string, unknown> = {}) {
  const owner = await newOwner(label);
  const { id } = await must(owner.client.from('restaurants').insert(values).select('id').single());
  return { ...owner, restaurantId: id as string };
}

const missingItems = async (client: ReturnType<typeof anon>, restaurantId: string) => {
  const { data, error } = await client.from('restaurant_completeness').select('missing_count, missing').eq('restaurant_id', restaurantId);
  if (error) throw new Error(JSON.stringify(error));
  return data;
};

describe('defaults stored at creation', () => {
  test('a new restaurant stores the hours, arrival times, contact, amenities and billing its screens show', async () => {
    const owner = await ownerWithNewRestaurant('defaults');
    const stored = await withDb(async (db) => {
      const q = async (sql: string) => (await db.query(sql, [owner.restaurantId])).rows;
      return {
        hours: await q(`select day, lunch_is_open, lunch_from_time::text, lunch_to_time::text, lunch_group_min, lunch_group_max,
                               dinner_is_open, dinner_from_time::text, dinner_to_time::text, dinner_group_min, dinner_group_max,
                               lunch_allow_a_la_carte, lunch_max_a_la_carte_size, lunch_partial_privatization_supplement,
                               lunch_partial_privatization_min_size, lunch_capacity
                          from restaurant_hours where restaurant_id = $1`),
        arrivals: await q(`select day, service, array_agg(to_char(arrival_time, 'HH24:MI') order by arrival_time) as times
                             from restaurant_arrival_times where restaurant_id = $1 group by day, service`),
        contact: await q('select email, whatsapp, response_time from restaurant_contacts where restaurant_id = $1'),
        amenities: await q('select ground_floor, accessible_to_disabled, parking, air_conditioning, wifi, valet_parking from restaurant_amenities where restaurant_id = $1'),
        billing: await q('select country, payment_onsite, payment_online, requires_deposit, deposit_type from restaurant_billing where restaurant_id = $1'),
      };
    });
    // Spec §3: Monday to Saturday, lunch 12:00-14:00, dinner 19:00-22:00, groups 1-20, à la carte up to 10.
    expect(stored.hours.map((h) => h.day).sort()).toEqual(WEEK.filter((d) => d !== 'sunday').sort());
    for (const h of stored.hours) {
      expect(h).toMatchObject({
        lunch_is_open: true,
        lunch_from_time: '12:00:00',
        lunch_to_time: '14:00:00',
        lunch_group_min: 1,
        lunch_group_max: 20,
        dinner_is_open: true,
        dinner_from_time: '19:00:00',
        dinner_to_time: '22:00:00',
        dinner_group_min: 1,
        dinner_group_max: 20,
        lunch_allow_a_la_carte: true,
        lunch_max_a_la_carte_size: 10,
        lunch_partial_privatization_supplement: false,
        lunch_partial_privatization_min_size: 10,
        lunch_capacity: null,
      });
    }
    expect(stored.arrivals).toHaveLength(12);
    for (const a of stored.arrivals) {
      expect(a.times).toEqual(a.service === 'lunch' ? ['12:00', '12:30', '13:00'] : ['19:00', '19:30', '20:00', '20:30', '21:00']);
    }
    expect(stored.contact).toEqual([{ email: null, whatsapp: null, response_time: 'medium' }]);
    expect(stored.amenities).toEqual([{ ground_floor: false, accessible_to_disabled: false, parking: false, air_conditioning: false, wifi: false, valet_parking: false }]);
    expect(stored.billing).toEqual([{ country: 'France', payment_onsite: true, payment_online: false, requires_deposit: false, deposit_type: 'percentage' }]);
  });

  test('the onboarding creates it open every day and unfinished; any other creation is finished', async () => {
    const wizard = await ownerWithNewRestaurant('defaults-wizard', { days_open: WEEK, onboarding_finished_at: null });
    const days = await must(wizard.client.from('restaurant_hours').select('day').eq('restaurant_id', wizard.restaurantId));
    expect(days.map((d) => d.day).sort()).toEqual([...WEEK].sort());
    const other = await ownerWithNewRestaurant('defaults-other');
    const states = await must(wizard.client.from('restaurants').select('onboarding_finished_at').eq('id', wizard.restaurantId).single());
    expect(states.onboarding_finished_at).toBeNull();
    const finished = await must(other.client.from('restaurants').select('onboarding_finished_at').eq('id', other.restaurantId).single());
    expect(finished.onboarding_finished_at).not.toBeNull();
  });

  test('Démarrer again resumes an onboarding left before anything was typed, not once something was', async () => {
    const owner = await newOwner('defaults-again');
    const first = await must(owner.client.rpc('start_restaurant_onboarding'));
    expect(await must(owner.client.rpc('start_restaurant_onboarding'))).toBe(first);
    // Another owner's untouched onboarding is never theirs to resume.
    const other = await newOwner('defaults-again-other');
    expect(await must(other.client.rpc('start_restaurant_onboarding'))).not.toBe(first);
    await must(owner.client.from('restaurant_contacts').update({ whatsapp: '+33600000000' }).eq('restaurant_id', first));
    const second = await must(owner.client.rpc('start_restaurant_onboarding'));
    expect(second).not.toBe(first);
    // Finished, even empty: not resumed either.
    await must(owner.client.from('restaurants').update({ onboarding_finished_at: 'now' }).eq('id', second));
    expect(await must(owner.client.rpc('start_restaurant_onboarding'))).not.toBe(second);
  });

  test('the defaults are stored whoever creates the restaurant, and one failed creation stores nothing', async () => {
    const owner = await newOwner('defaults-service');
    const { id } = await must(service().from('restaurants').insert({ user_id: owner.userId, name: 'Par le service' }).select('id').single());
    expect(await must(owner.client.from('restaurant_hours').select('day').eq('restaurant_id', id))).toHaveLength(6);
    const bad = await owner.client
      .from('restaurants')
      .insert({ days_open: ['lundi'] })
      .select('id');
    expect(bad.error?.code).toBe('23514');
    expect(await withDb(async (db) => (await db.query('select count(*)::int as n from restaurants where user_id = $1', [owner.userId])).rows[0].n)).toBe(1);
  });
});

describe('completeness', () => {
  test('a new restaurant lacks exactly what the owner must still say, in the onboarding order', async () => {
    const owner = await ownerWithNewRestaurant('complete-new');
    expect(await missingItems(owner.client, owner.restaurantId)).toEqual([
      {
        missing_count: 10,
        missing: [
          { item: 'name', section: 'information', label: 'Nom du restaurant' },
          { item: 'address', section: 'information', label: 'Adresse du restaurant' },
          { item: 'contact_email', section: 'information', label: 'Email de contact' },
          { item: 'whatsapp', section: 'information', label: 'Numéro WhatsApp' },
          { item: 'menu', section: 'menus', label: 'Au moins un menu avec un prix' },
          { item: 'legal', section: 'billing', label: 'Informations légales (raison sociale, forme juridique, SIRET, RCS, TVA)' },
          { item: 'headquarters', section: 'billing', label: 'Adresse du siège' },
          { item: 'bank', section: 'billing', label: 'Coordonnées bancaires (IBAN, BIC)' },
          { item: 'billing_contact', section: 'billing', label: 'Contact de facturation' },
          { item: 'cgv', section: 'cgv', label: "Conditions d'annulation et de modification (CGV)" },
        ],
      },
    ]);
  });

  test('a restaurant with every section filled is complete; each gap is named again', async () => {
    const owner = await newOwner('complete-full');
    const { restaurantId } = await completeRestaurant(owner.client, 'Complet');
    expect(await missingItems(owner.client, restaurantId)).toEqual([{ missing_count: 0, missing: [] }]);

    // No open service with arrival times: every service closed.
    const closed = {
      ...sample.hours,
      days: sample.hours.days.map((d) => ({ ...d, lunchService: { ...d.lunchService, isOpen: false }, dinnerService: { ...d.dinnerService, isOpen: false } })),
    };
    await must(owner.client.rpc('save_restaurant_hours', { p_restaurant_id: restaurantId, p_hours: closed }));
    // Only the kids menu left (price 0), a blank WhatsApp, one billing field blank, no CGV.
    await must(owner.client.rpc('save_restaurant_menus', { p_restaurant_id: restaurantId, p_menus: sample.menus.filter((m) => m.isKidsMenu) }));
    await must(owner.client.from('restaurant_contacts').update({ whatsapp: '  ' }).eq('restaurant_id', restaurantId));
    await must(owner.client.from('restaurant_billing').update({ bic: '' }).eq('restaurant_id', restaurantId));
    await must(owner.client.from('restaurant_cgv').delete().eq('restaurant_id', restaurantId));
    const [row] = await missingItems(owner.client, restaurantId);
    expect(row.missing.map((m: { item: string }) => m.item)).toEqual(['whatsapp', 'service', 'menu', 'bank', 'cgv']);
    expect(row.missing_count).toBe(5);
  });

  test('every member of the team is told the same list: a manager sees the Facturation blocks they cannot read', async () => {
    const owner = await ownerWithNewRestaurant('complete-team');
    const manager = await newOwner('complete-team-manager');
    await withDb((db) =>
      db.query('insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, $3, $4)', [manager.userId, owner.restaurantId, 'manager', owner.userId]),
    );
    // The manager cannot read Facturation itself…
    expect(await must(manager.client.from('restaurant_billing').select('restaurant_id').eq('restaurant_id', owner.restaurantId))).toEqual([]);
    // …and is still told what it lacks, as the owner is.
    const seenByOwner = await missingItems(owner.client, owner.restaurantId);
    expect(seenByOwner[0].missing_count).toBe(10);
    expect(await missingItems(manager.client, owner.restaurantId)).toEqual(seenByOwner);
  });

  test('another owner and anonymous read nothing of it', async () => {
    const owner = await ownerWithNewRestaurant('complete-victim');
    const other = await newOwner('complete-other');
    expect(await missingItems(other.client, owner.restaurantId)).toEqual([]);
    const anonymous = await anon().from('restaurant_completeness').select('missing_count').eq('restaurant_id', owner.restaurantId);
    expect(anonymous.error).not.toBeNull();
    expect(anonymous.data ?? []).toEqual([]);
    const write = await owner.client.from('restaurant_completeness').update({ missing_count: 0 }).eq('restaurant_id', owner.restaurantId);
    expect(write.error).not.toBeNull();
  });
});

describe('the assistant’s knowledge', () => {
  test('one call returns the whole profile, every field, as documented', async () => {
    const owner = await newOwner('knowledge');
    const { restaurantId } = await completeRestaurant(owner.client, 'Le Bouchon');
    const knowledge = await must(service().rpc('assistant_knowledge', { p_restaurant_id: restaurantId }));
    // Version 2: each menu and option with its id, which a request names.
    const menuId = Object.fromEntries((await must(owner.client.from('restaurant_menus').select('id, name').eq('restaurant_id', restaurantId))).map((m) => [m.name, m.id]));
    const optionId = Object.fromEntries((await must(owner.client.from('restaurant_options').select('id, title').eq('restaurant_id', restaurantId))).map((o) => [o.title, o.id]));
    expect(Object.keys(knowledge).sort()).toEqual(
      [
        'amenities',
        'cgv',
        'closures',
        'completeness',
        'contact',
        'days',
        'deposit',
        'faq',
        'first_message',
        'first_message_is_default',
        'menus',
        'options',
        'payment',
        'restaurant',
        'version',
      ].sort(),
    );
    // No exceptional closure given (closures.test.ts tells the ones given).
    expect(knowledge.closures).toEqual([]);
    expect(knowledge).toMatchObject({
      version: 2,
      restaurant: { id: restaurantId, name: 'Le Bouchon', address: '12 rue des Halles, 69001 Lyon', description: 'Bouchon lyonnais, cuisine de marché.', url: 'https://exemple.fr' },
      first_message_is_default: true,
      contact: { email: 'contact@exemple.fr', whatsapp: '+33612345678', response_time: 'fast', response_time_label: '1-2h' },
      amenities: { ground_floor: true, accessible_to_disabled: true, parking: false, air_conditioning: true, wifi: true, valet_parking: false },
      options: [
        { id: optionId['Coupe de champagne'], title: 'Coupe de champagne', price: 12.5, price_type: 'per_person' },
        { id: optionId['Gâteau d’anniversaire'], title: 'Gâteau d’anniversaire', price: 45, price_type: 'total' },
      ],
      deposit: { required: true, method: 'acompte', type: 'percentage', amount: 30, nature: 'arrhes' },
      payment: { on_site: true, online: false, payment_link: null },
      cgv: { cancellation_policy: '48h', modification_policy: '24h', link: 'https://exemple.fr/cgv.pdf' },
      faq: sample.faqs,
      completeness: { complete: true, missing: [] },
    });
    expect(knowledge.first_message).toBe(
      "Bonjour et bienvenue chez Le Bouchon ! Je suis l'assistant du restaurant : je réponds à vos questions et j'organise la réservation de votre groupe. Pour quelle date et combien de personnes souhaitez-vous réserver ?",
    );
    // Every day of the week, open or not; the open services with their hours, arrivals, sizes.
    expect(knowledge.days.map((d: { day: string; is_open: boolean }) => [d.day, d.is_open])).toEqual(WEEK.map((d) => [d, sample.hours.daysOpen.includes(d)]));
    const tuesday = knowledge.days.find((d: { day: string }) => d.day === 'tuesday');
    expect(tuesday.services).toEqual([
      {
        service: 'lunch',
        from: '11:45',
        to: '14:30',
        arrival_times: ['12:15'],
        group_size: { min: 2, max: 30 },
        capacity: null,
        a_la_carte: { allowed: true, max_group_size: 12 },
        partial_privatization: { supplement: true, min_group_size: 15, amount: 150.5 },
      },
    ]);
    expect(knowledge.days.find((d: { day: string }) => d.day === 'sunday').services).toEqual([]);
    // Menus with items, alternatives and dietary flags; the kids menu last.
    expect(knowledge.menus).toEqual([
      {
        id: menuId['Menu Découverte'],
        name: 'Menu Découverte',
        price_per_person: 39.5,
        menu_type: 'choice',
        content: 'Entrée, plat, dessert',
        available_lunch: true,
        available_dinner: true,
        is_children_menu: false,
        items: [
          { name: 'Œuf meurette', type: 'starter' },
          { name: 'Quenelle de brochet', type: 'main' },
          { name: 'Côtes-du-Rhône', type: 'drink' },
        ],
        alternatives: [{ name: 'Risotto aux cèpes', type: 'main', is_gluten_free: true, is_vegan: false, other_dietary_notes: 'sans lactose' }],
      },
      {
        id: menuId['Menu Enfant'],
        name: 'Menu Enfant',
        price_per_person: 0,
        menu_type: 'choice',
        content: null,
        available_lunch: true,
        available_dinner: false,
        is_children_menu: true,
        items: [],
        alternatives: [],
      },
    ]);
    // The owner reads the same document.
    expect(await must(owner.client.rpc('assistant_knowledge', { p_restaurant_id: restaurantId }))).toEqual(knowledge);
  });

  test('an owner’s own first message is said as written; a new restaurant says what it lacks', async () => {
    const owner = await ownerWithNewRestaurant('knowledge-new', { first_message: 'Salut la compagnie !' });
    const knowledge = await must(owner.client.rpc('assistant_knowledge', { p_restaurant_id: owner.restaurantId }));
    expect(knowledge).toMatchObject({ first_message: 'Salut la compagnie !', first_message_is_default: false, cgv: null, menus: [], faq: [], options: [] });
    expect(knowledge.completeness.complete).toBe(false);
    expect(knowledge.completeness.missing.map((m: { item: string }) => m.item)).toContain('menu');
    expect(knowledge.days.filter((d: { is_open: boolean }) => d.is_open)).toHaveLength(6);
  });

  test('another owner is refused and anonymous cannot call it', async () => {
    const owner = await ownerWithNewRestaurant('knowledge-victim', { name: 'Secret' });
    const other = await newOwner('knowledge-other');
    const stolen = await other.client.rpc('assistant_knowledge', { p_restaurant_id: owner.restaurantId });
    expect(stolen).toMatchObject({ status: 403, data: null, error: { code: '42501', message: 'Restaurant non trouvé ou accès non autorisé' } });
    const anonymous = await anon().rpc('assistant_knowledge', { p_restaurant_id: owner.restaurantId });
    expect(anonymous.data).toBeNull();
    expect(anonymous.error).not.toBeNull();
    expect(JSON.stringify(anonymous)).not.toContain('Secret');
  });
});
