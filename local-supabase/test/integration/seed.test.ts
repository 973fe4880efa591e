import { anon } from '../clients';
import { must } from '../fixtures';

describe('seed: the demo owner’s data', () => {
  it('signs in as demo@tablee.fr and finds two complete restaurants, photos served from storage', async () => {
    const demo = anon();
    const { data, error } = await demo.auth.signInWithPassword({ email: 'demo@tablee.fr', password: 'tablee-demo' });
    expect(error).toBeNull();
    const restaurants = await must(
      demo
        .from('restaurants')
        .select(
          'name, address, restaurant_amenities(*), restaurant_contacts(*), restaurant_billing(*), restaurant_cgv(*), restaurant_photos(url, mime_type), restaurant_hours(day), restaurant_menus(name, is_children_menu, menu_items(name)), restaurant_options(title), restaurant_faqs(question)',
        )
        .eq('user_id', data.user!.id)
        .order('name'),
    );
    expect(restaurants.map((r) => r.name)).toEqual(['La Table de Margaux', 'Le Comptoir des Halles']);
    for (const r of restaurants) {
      expect(r.address).not.toBe('');
      expect(r.restaurant_amenities).not.toBeNull();
      expect(r.restaurant_contacts).not.toBeNull();
      expect(r.restaurant_billing).not.toBeNull();
      expect(r.restaurant_cgv).not.toBeNull();
      expect(r.restaurant_photos.length).toBeGreaterThanOrEqual(3);
      expect(r.restaurant_hours.length).toBeGreaterThanOrEqual(5);
      expect(r.restaurant_menus.filter((m) => m.is_children_menu)).toHaveLength(1);
      expect(r.restaurant_menus.some((m) => m.menu_items.length > 0)).toBe(true);
      expect(r.restaurant_options.length).toBeGreaterThan(0);
      expect(r.restaurant_faqs.length).toBeGreaterThanOrEqual(5);
      const photo = await fetch(r.restaurant_photos[0].url);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/png');
    }
  });

  it('has reservations in all five statuses around today and French conversations, some linked', async () => {
    const demo = anon();
    await demo.auth.signInWithPassword({ email: 'demo@tablee.fr', password: 'tablee-demo' });
    const reservations = await must(demo.from('restaurant_reservations').select('status, reservation_date, conversation_id, numero_reservation'));
    expect(reservations.length).toBeGreaterThanOrEqual(35);
    expect(new Set(reservations.map((r) => r.status))).toEqual(new Set([0, 1, 2, 3, 4]));
    const today = new Date().toISOString().slice(0, 10);
    expect(reservations.some((r) => r.reservation_date < today)).toBe(true);
    expect(reservations.some((r) => r.reservation_date > today)).toBe(true);
    expect(reservations.filter((r) => r.conversation_id).length).toBeGreaterThan(0);
    expect(reservations.find((r) => r.numero_reservation === 'TBL-DEMO01')?.status).toBe(0);

    const conversations = await must(demo.from('conversation_summaries').select('*').order('updated_at', { ascending: false }));
    expect(conversations.length).toBeGreaterThanOrEqual(20);
    expect(conversations.every((c) => c.message_count >= 2)).toBe(true);
    expect(conversations.some((c) => /[éèàç]/.test(c.last_message_content))).toBe(true);
  });
});
