import { anon, newOwner, service, withDb } from '../../local-supabase/test/clients';
import { completeRestaurant, must, restaurantSnapshot, sample } from '../../local-supabase/test/fixtures';

const NESTED = `*, restaurant_amenities(*), restaurant_contacts(*), restaurant_billing(*), restaurant_cgv(*),
  restaurant_photos(*), restaurant_hours(*), restaurant_arrival_times(*), restaurant_options(*), restaurant_faqs(*),
  restaurant_menus(*, menu_items(*), menu_item_alternatives(*))`;

describe('data: an owner works on their restaurant through PostgREST', () => {
  it('reads the whole restaurant in one nested select, every section as saved', async () => {
    const owner = await newOwner('nested');
    const { restaurantId } = await completeRestaurant(owner.client, 'Le Nid');
    const r = await must(owner.client.from('restaurants').select(NESTED).eq('id', restaurantId).single());
    expect(r).toMatchObject({ name: 'Le Nid', user_id: owner.userId, address: sample.information('x').address, url: 'https://exemple.fr' });
    expect(r.days_open).toEqual(['monday', 'tuesday', 'friday']);
    expect(r.has_different_hours_settings).toBe(true);
    expect(r.restaurant_amenities).toMatchObject({ ground_floor: true, accessible_to_disabled: true, parking: false, air_conditioning: true, wifi: true, valet_parking: false });
    expect(r.restaurant_contacts).toMatchObject({ email: 'contact@exemple.fr', whatsapp: '+33612345678', response_time: 'fast' });
    expect(r.restaurant_billing).toMatchObject({ ...sample.billing, country: 'France', payment_onsite: true, payment_online: false });
    expect(r.restaurant_cgv).toMatchObject(sample.cgv);
    expect(r.restaurant_photos).toHaveLength(1);
    expect(r.restaurant_hours).toHaveLength(3);
    const friday = r.restaurant_hours.find((h: { day: string }) => h.day === 'friday');
    expect(friday).toMatchObject({ dinner_from_time: '18:30:00', dinner_to_time: '23:45:00', lunch_group_min: 2, lunch_group_max: 30, lunch_partial_privatization_amount: 150.5 });
    // Arrival times only for open services: Tuesday's dinner is closed.
    const arrivals = r.restaurant_arrival_times.map((a: { day: string; service: string; arrival_time: string }) => `${a.day} ${a.service} ${a.arrival_time}`).sort();
    expect(arrivals).toEqual([
      'friday dinner 21:00:00',
      'friday dinner 21:15:00',
      'monday dinner 19:30:00',
      'monday dinner 20:00:00',
      'monday lunch 12:00:00',
      'monday lunch 12:30:00',
      'tuesday lunch 12:15:00',
    ]);
    const menus = [...r.restaurant_menus].sort((a, b) => a.display_order - b.display_order);
    expect(menus.map((m) => [m.name, m.price_per_person, m.is_children_menu])).toEqual([
      ['Menu Découverte', 39.5, false],
      ['Menu Enfant', 0, true],
    ]);
    expect(menus[0].menu_items.map((i: { name: string; type: string }) => `${i.type}:${i.name}`).sort()).toEqual(['drink:Côtes-du-Rhône', 'main:Quenelle de brochet', 'starter:Œuf meurette']);
    expect(menus[0].menu_item_alternatives[0]).toMatchObject({ name: 'Risotto aux cèpes', type: 'main', is_gluten_free: true, is_vegan: false, other_dietary_notes: 'sans lactose' });
    expect(r.restaurant_options.map((o: { title: string; price: number; price_type: string }) => [o.title, o.price, o.price_type]).sort()).toEqual([
      ['Coupe de champagne', 12.5, 'per_person'],
      ['Gâteau d’anniversaire', 45, 'total'],
    ]);
    expect([...r.restaurant_faqs].sort((a, b) => a.display_order - b.display_order).map((f) => f.question)).toEqual(sample.faqs.map((f) => f.question));
  });

  it('creates with the spec defaults, updates, upserts one-per-restaurant rows on restaurant_id, deletes with cascade', async () => {
    const owner = await newOwner('crud');
    const created = await must(owner.client.from('restaurants').insert({}).select('*').single());
    expect(created).toMatchObject({ user_id: owner.userId, name: '', has_different_hours_settings: false });
    expect(created.days_open).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']);
    const id = created.id as string;

    const renamed = await must(owner.client.from('restaurants').update({ name: 'Chez Paul', address: '1 place Bellecour' }).eq('id', id).select('name, address').single());
    expect(renamed).toEqual({ name: 'Chez Paul', address: '1 place Bellecour' });

    for (const [table, first, second] of [
      ['restaurant_amenities', { wifi: true }, { wifi: false, parking: true }],
      ['restaurant_contacts', { email: 'a@exemple.fr' }, { email: 'b@exemple.fr', response_time: 'slow' }],
      ['restaurant_billing', { company_name: 'A' }, { company_name: 'B', payment_onsite: false, payment_online: true }],
      ['restaurant_cgv', { cancellation_policy: 'same_day', modification_policy: '7_days' }, { cancellation_policy: '72h', modification_policy: '48h', link: null }],
    ] as const) {
      await must(owner.client.from(table).upsert({ restaurant_id: id, ...first }, { onConflict: 'restaurant_id' }));
      const after = await must(
        owner.client
          .from(table)
          .upsert({ restaurant_id: id, ...second }, { onConflict: 'restaurant_id' })
          .select('*'),
      );
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject(second);
      expect(await must(owner.client.from(table).select('restaurant_id').eq('restaurant_id', id))).toHaveLength(1);
    }
    const contacts = await must(owner.client.from('restaurant_contacts').select('*').eq('restaurant_id', id).single());
    expect(contacts.response_time).toBe('slow');
    const billing = await must(owner.client.from('restaurant_billing').select('country, deposit_type, requires_deposit').eq('restaurant_id', id).single());
    expect(billing).toEqual({ country: 'France', deposit_type: 'percentage', requires_deposit: false });

    const faq = await must(owner.client.rpc('create_restaurant_faq', { p_restaurant_id: id, p_question: 'Q ?', p_answer: 'R.' }).single<{ id: string }>());
    await must(owner.client.from('restaurant_faqs').update({ answer: 'Réponse.' }).eq('id', faq.id));
    const option = await must(owner.client.from('restaurant_options').insert({ restaurant_id: id, title: 'Apéritif', price: 5 }).select('*').single());
    expect(option.price_type).toBe('per_person');
    await must(owner.client.from('restaurant_options').delete().eq('id', option.id));
    expect(await must(owner.client.from('restaurant_options').select('id').eq('restaurant_id', id))).toEqual([]);

    await must(owner.client.from('restaurants').delete().eq('id', id));
    const orphans = await withDb((db) =>
      db.query(
        `select (select count(*) from restaurant_faqs where restaurant_id = $1) + (select count(*) from restaurant_billing where restaurant_id = $1)
              + (select count(*) from restaurant_cgv where restaurant_id = $1) as n`,
        [id],
      ),
    );
    expect(Number(orphans.rows[0].n)).toBe(0);
  });

  it('single() on no row gives PGRST116, as the CGV read expects', async () => {
    const owner = await newOwner('single');
    const { id } = await must(owner.client.from('restaurants').insert({ name: 'Sans CGV' }).select('id').single());
    const { data, error } = await owner.client.from('restaurant_cgv').select('*').eq('restaurant_id', id).single();
    expect(data).toBeNull();
    expect(error?.code).toBe('PGRST116');
  });

  it('enforces the closed lists and one-per-restaurant rules in the database', async () => {
    const owner = await newOwner('checks');
    const { id } = await must(owner.client.from('restaurants').insert({ name: 'Contraintes' }).select('id').single());
    const refused = [
      owner.client.from('restaurant_contacts').insert({ restaurant_id: id, response_time: 'instant' }),
      owner.client.from('restaurant_cgv').insert({ restaurant_id: id, cancellation_policy: '12h', modification_policy: '24h' }),
      owner.client.from('restaurant_options').insert({ restaurant_id: id, title: 'x', price: -1 }),
      owner.client.from('restaurant_options').insert({ restaurant_id: id, title: '   ', price: 1 }),
      owner.client.from('restaurant_options').insert({ restaurant_id: id, title: 'x', price: 1, price_type: 'per_table' }),
      owner.client.from('restaurant_billing').insert({ restaurant_id: id, payment_onsite: true, payment_online: true }),
      owner.client.from('restaurant_billing').insert({ restaurant_id: id, deposit_type: 'percentage', deposit_amount: 120 }),
      owner.client.from('restaurant_billing').insert({ restaurant_id: id, deposit_method: 'cheque' }),
      owner.client.from('restaurant_menus').insert({ restaurant_id: id, name: 'M', menu_type: 'buffet' }),
    ];
    for (const call of refused) expect((await call).error?.code).toBe('23514');

    await must(owner.client.from('restaurant_menus').insert({ restaurant_id: id, name: 'Menu Enfant', is_children_menu: true }));
    const second = await owner.client.from('restaurant_menus').insert({ restaurant_id: id, name: 'Autre enfant', is_children_menu: true });
    expect(second.error?.code).toBe('23505');
    const menu = await must(owner.client.from('restaurant_menus').insert({ restaurant_id: id, name: 'Menu' }).select('id').single());
    expect((await owner.client.from('menu_item_alternatives').insert({ menu_id: menu.id, name: 'Vin', type: 'drink' })).error?.code).toBe('23514');
    expect((await owner.client.from('menu_items').insert({ menu_id: menu.id, name: 'Vin', type: 'drink' })).error).toBeNull();
  });
});

describe('data: each section save is one transaction', () => {
  it('updates menus in place (ids kept), replaces items, deletes the missing ones', async () => {
    const owner = await newOwner('menus');
    const { restaurantId } = await completeRestaurant(owner.client, 'Menus');
    const before = await must(owner.client.from('restaurant_menus').select('id, name').eq('restaurant_id', restaurantId).order('display_order'));
    const kept = before.find((m) => m.name === 'Menu Découverte')!;
    await must(
      owner.client.rpc('save_restaurant_menus', {
        p_restaurant_id: restaurantId,
        p_menus: [{ ...sample.menus[0], id: kept.id, name: 'Menu Découverte 2026', items: [{ name: 'Tarte', type: 'dessert' }] }],
      }),
    );
    const after = await must(owner.client.from('restaurant_menus').select('id, name, menu_items(name, type)').eq('restaurant_id', restaurantId));
    expect(after).toEqual([{ id: kept.id, name: 'Menu Découverte 2026', menu_items: [{ name: 'Tarte', type: 'dessert' }] }]);
  });

  it('reorders FAQs in one call and refuses a list that is not exactly the restaurant’s', async () => {
    const owner = await newOwner('faqs');
    const { restaurantId } = await completeRestaurant(owner.client, 'FAQ');
    const faqs = await must(owner.client.from('restaurant_faqs').select('id, question').eq('restaurant_id', restaurantId).order('display_order'));
    const reversed = [...faqs].reverse().map((f) => f.id);
    await must(owner.client.rpc('reorder_faqs', { p_restaurant_id: restaurantId, p_faq_ids: reversed }));
    const reordered = await must(owner.client.from('restaurant_faqs').select('id, display_order').eq('restaurant_id', restaurantId).order('display_order'));
    expect(reordered.map((f) => f.id)).toEqual(reversed);
    expect(reordered.map((f) => f.display_order)).toEqual([0, 1, 2]);

    const snapshot = await restaurantSnapshot(restaurantId);
    const { error } = await owner.client.rpc('reorder_faqs', { p_restaurant_id: restaurantId, p_faq_ids: reversed.slice(1) });
    expect(error?.code).toBe('22023');
    expect(await restaurantSnapshot(restaurantId)).toBe(snapshot);
  });

  it.each([
    ['information', 'save_restaurant_information', { p_information: { ...sample.information('Changé'), contact: { email: 'x@exemple.fr', whatsapp: '1', responseTime: 'instant' } } }],
    [
      'hours',
      'save_restaurant_hours',
      { p_hours: { ...sample.hours, days: [sample.hours.days[0], { ...sample.hours.days[1], lunchService: { ...sample.hours.days[1].lunchService, hours: { from: '12:07', to: '14:00' } } }] } },
    ],
    [
      'menus',
      'save_restaurant_menus',
      {
        p_menus: [
          { ...sample.menus[0], name: 'Nouveau' },
          { ...sample.menus[0], alternatives: [{ name: 'Vin', type: 'drink' }] },
        ],
      },
    ],
    [
      'options',
      'save_restaurant_options',
      {
        p_options: [
          { title: 'Nouvelle option', price: 3, priceType: 'total' },
          { title: 'Négative', price: -2, priceType: 'total' },
        ],
      },
    ],
  ])('a %s save that fails half-way changes nothing', async (_section, fn, args) => {
    const owner = await newOwner('rollback');
    const { restaurantId } = await completeRestaurant(owner.client, 'Rollback');
    const snapshot = await restaurantSnapshot(restaurantId);
    const { error } = await owner.client.rpc(fn, { p_restaurant_id: restaurantId, ...args });
    expect(error).not.toBeNull();
    expect(error?.message).toMatch(/[a-zé]/i);
    expect(await restaurantSnapshot(restaurantId)).toBe(snapshot);
  });

  it('delete_restaurant_photo removes the owner’s photo and returns its storage name', async () => {
    const owner = await newOwner('photo');
    const { restaurantId, photoId } = await completeRestaurant(owner.client, 'Photo');
    const filename = await must(owner.client.rpc('delete_restaurant_photo', { photo_id: photoId, user_id: owner.userId }));
    expect(filename).toBe(`${restaurantId}/1-a.png`);
    expect(await must(owner.client.from('restaurant_photos').select('id').eq('restaurant_id', restaurantId))).toEqual([]);
  });
});

describe('data: reservation transitions (service role only)', () => {
  it('moves pending → accepted once, with the right code only; refuses others without changing anything', async () => {
    const owner = await newOwner('transition');
    const { restaurantId, reservation } = await completeRestaurant(owner.client, 'Transitions');
    const admin = service();
    const call = (code: string, target: number, restaurant?: string) =>
      admin.rpc('transition_reservation', { p_numero_reservation: reservation.numero_reservation, p_code_manage: code, p_target_status: target, p_restaurant_id: restaurant ?? null });

    const snapshot = await restaurantSnapshot(restaurantId);
    expect((await must(call('0'.repeat(48), 1))).outcome).toBe('wrong_code');
    expect((await must(call(reservation.code_manage, 1, '00000000-0000-0000-0000-000000000000'))).outcome).toBe('not_found');
    expect((await call(reservation.code_manage, 3)).error?.message).toBe("Statut non supporté par l'API: 3");
    expect(await restaurantSnapshot(restaurantId)).toBe(snapshot);

    // Twenty racing calls, half accept and half reject: exactly one wins.
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => must(call(reservation.code_manage, i % 2 ? 2 : 1, restaurantId))));
    const winners = results.filter((r) => r.outcome === 'ok');
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'not_pending')).toHaveLength(19);
    const stored = await must(owner.client.from('restaurant_reservations').select('status, is_accepted').eq('id', reservation.id).single());
    expect(stored.status).toBe(winners[0].status);
    expect(stored.is_accepted).toBe(winners[0].status === 1);
  });
});

describe('data: what owners may do with the chatbot’s rows', () => {
  it('deletes a conversation (its messages go with it) and a single message, but never writes reservations', async () => {
    const owner = await newOwner('chat');
    const { restaurantId, conversationId, reservation } = await completeRestaurant(owner.client, 'Conversations');
    const messages = await must(owner.client.from('messages').select('id').eq('conversation_id', conversationId).order('created_at'));
    expect(messages).toHaveLength(2);
    expect(await must(owner.client.from('messages').delete().eq('id', messages[0].id).select('id'))).toHaveLength(1);

    const before = await restaurantSnapshot(restaurantId);
    const own = owner.client.from('restaurant_reservations');
    expect((await own.update({ status: 1 }).eq('id', reservation.id).select()).error).not.toBeNull();
    expect((await own.delete().eq('id', reservation.id).select()).error).not.toBeNull();
    expect(
      (await own.insert({ restaurant_id: restaurantId, numero_reservation_restaurateur: 'R-2', numero_reservation: `X-${reservation.id}`, code_reservation: 'X', number_people: 2 })).error?.code,
    ).toBe('42501');
    expect((await owner.client.from('conversations').insert({ restaurant_id: restaurantId })).error).not.toBeNull();
    expect((await owner.client.from('messages').insert({ conversation_id: conversationId, role: 'assistant', content: 'x' })).error).not.toBeNull();
    expect(await restaurantSnapshot(restaurantId)).toBe(before);

    expect(await must(owner.client.from('conversations').delete().eq('id', conversationId).select('id'))).toHaveLength(1);
    const left = await withDb((db) => db.query('select count(*)::int as n from messages where conversation_id = $1', [conversationId]));
    expect(left.rows[0].n).toBe(0);
    const linked = await must(owner.client.from('restaurant_reservations').select('conversation_id').eq('id', reservation.id).single());
    expect(linked.conversation_id).toBeNull();
  });
});

describe('data: one way in for a reservation (submit_group_request)', () => {
  it('refuses a direct INSERT to anonymous, to the owner and to the service role (42501), and writes nothing', async () => {
    const owner = await newOwner('direct-insert');
    const { restaurantId } = await completeRestaurant(owner.client, 'Porte close');
    const before = await restaurantSnapshot(restaurantId);
    const row = (who: string) => ({
      restaurant_id: restaurantId,
      numero_reservation_restaurateur: `R-${who}`,
      numero_reservation: `DIRECT-${who}-${restaurantId}`,
      code_reservation: 'DIRECT',
      customer_name: 'Entrée directe',
      number_people: 12,
      reservation_date: '2099-12-04',
    });
    for (const [who, caller] of [
      ['anon', anon()],
      ['owner', owner.client],
      ['service', service()],
    ] as const) {
      // eslint-disable-next-line no-restricted-syntax -- the write the database must refuse, tried on purpose
      const plain = await caller.from('restaurant_reservations').insert(row(who));
      expect({ who, code: plain.error?.code }).toEqual({ who, code: '42501' });
      // eslint-disable-next-line no-restricted-syntax -- the write the database must refuse, tried on purpose
      const returning = await caller.from('restaurant_reservations').insert(row(who)).select('id');
      expect({ who, code: returning.error?.code, data: returning.data }).toEqual({ who, code: '42501', data: null });
    }
    const written = await withDb(
      async (db) => (await db.query('select count(*)::int as n from restaurant_reservations where numero_reservation like $1', [`DIRECT-%-${restaurantId}`])).rows[0].n,
    );
    expect(written).toBe(0);
    expect(await restaurantSnapshot(restaurantId)).toBe(before);
  });
});
