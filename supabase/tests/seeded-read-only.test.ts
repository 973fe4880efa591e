import { anon, client, env, withDb } from '../../local-supabase/test/clients';
import { demoCopy, SEEDED } from '../../local-supabase/test/seeded';

/** The run's guard of the seed (seeded.ts): what keeps a test from leaning on another file's writes. */
const stack = () => ({ url: env.url, anonKey: env.anonKey, serviceRoleKey: env.serviceRoleKey, dbUrl: env.databaseUrl });
const READ_ONLY = /les données de démonstration sont en lecture seule pour les tests/;

describe('the seeded demo data, read-only for tests', () => {
  it('refuses a write the demo owner is allowed to make, and a restaurant added to the demo owner', async () => {
    const demo = anon();
    const signedIn = await demo.auth.signInWithPassword({ email: 'demo@tablee.fr', password: 'tablee-demo' });
    expect(signedIn.error).toBeNull();
    const renamed = await demo.from('restaurants').update({ description: 'écrit par un test' }).eq('id', SEEDED.lyon).select('id');
    expect(renamed.error?.message).toMatch(READ_ONLY);
    const added = await demo.from('restaurants').insert({ name: 'Ajouté par un test' }).select('id');
    expect(added.error?.message).toMatch(READ_ONLY);
    const { rows } = await withDb((db) =>
      db.query<{ description: string; restaurants: number }>(
        `select (select description from restaurants where id = $1) as description,
              (select count(*)::int from restaurants r join auth.users u on u.id = r.user_id where u.email = 'demo@tablee.fr') as restaurants`,
        [SEEDED.lyon],
      ),
    );
    expect(rows[0]).toEqual({ description: expect.not.stringContaining('écrit par un test'), restaurants: 2 });
  });

  it("still answers another owner's write with Row Level Security's own refusal (the attack tests' errors hold)", async () => {
    const intruder = client();
    const email = `intrus-${Date.now()}@test.tablee.fr`;
    expect((await intruder.auth.signUp({ email, password: 'motdepasse-solide' })).error).toBeNull();
    await intruder.auth.signInWithPassword({ email, password: 'motdepasse-solide' });
    const inserted = await intruder.from('restaurant_faqs').insert({ restaurant_id: SEEDED.lyon, question: 'Q ?', answer: 'R' });
    expect(inserted.error?.code).toBe('42501');
  });

  it('demoCopy gives a new owner a whole copy of each seeded restaurant, which the owner may change', async () => {
    const copy = await demoCopy(stack(), 'copie');
    const counts = (restaurant: string) =>
      withDb(
        async (db) =>
          (
            await db.query(
              `select (select count(*)::int from restaurant_reservations where restaurant_id = $1) as reservations,
                (select count(*)::int from messages m join conversations c on c.id = m.conversation_id where c.restaurant_id = $1) as messages,
                (select count(*)::int from menu_items i join restaurant_menus m on m.id = i.menu_id where m.restaurant_id = $1) as items,
                (select count(*)::int from restaurant_photos where restaurant_id = $1) as photos,
                (select count(*)::int from restaurant_arrival_times where restaurant_id = $1) as arrivals,
                (select count(*)::int from restaurant_reservations r where r.restaurant_id = $1 and r.conversation_id is not null
                   and not exists (select 1 from conversations c where c.id = r.conversation_id and c.restaurant_id = $1)) as foreign_links`,
              [restaurant],
            )
          ).rows[0],
      );
    for (const key of ['lyon', 'bordeaux'] as const) {
      const [seeded, copied] = [await counts(SEEDED[key]), await counts(copy.restaurants[key])];
      expect(copied).toEqual(seeded);
      expect(copied.foreign_links).toBe(0);
    }
    const owner = anon();
    await owner.auth.signInWithPassword({ email: copy.email, password: copy.password });
    const { data: photos } = await owner.from('restaurant_photos').select('url').eq('restaurant_id', copy.restaurants.lyon);
    const photo = await fetch(photos![0].url.replace(/^http:\/\/localhost:\d+/, env.url));
    expect(photo.status).toBe(200);
    const renamed = await owner.from('restaurants').update({ description: 'à moi' }).eq('id', copy.restaurants.lyon).select('description');
    expect(renamed.data).toEqual([{ description: 'à moi' }]);
  });
});
