import { newOwner, withDb } from '../../local-supabase/test/clients';
import { must, sample } from '../../local-supabase/test/fixtures';

/**
 * Every stored link (restaurants.url, restaurant_cgv.link, restaurant_billing.payment_link) is https,
 * printable ASCII, a plain or punycode host: private.is_safe_link in each column's CHECK (issue 32, item 16).
 */
const UNSAFE = [
  'javascript:alert(document.cookie)',
  'JavaScript://exemple.fr/%0aalert(1)',
  'http://exemple.fr',
  'data:text/html,<script>alert(1)</script>',
  'https://paiement.exemple.fr/\u202Efdp.exe',
  'https://pаypal.com/acompte', // a Cyrillic 'а'
  'https://café.fr',
  'https://exemple.fr/a b',
  'https://exemple.fr/\u0007',
  'https://exemple.fr/\u007F',
  'https://banque.fr@pirate.exemple/acompte',
  'https://',
  'https:///chemin',
  'https://localhost/x',
  ' https://exemple.fr',
];
const SAFE = ['https://exemple.fr', 'https://www.exemple.fr/cgv.pdf', 'https://xn--caf-dma.fr/', 'https://buy.stripe.com/abc?x=1&y=%C3%A9#fin', 'HTTPS://Exemple.FR:8443/a'];

async function ownerWithRestaurant(label: string) {
  const owner = await newOwner(label);
  const { id } = await must(owner.client.from('restaurants').insert({ name: label }).select('id').single());
  return { ...owner, restaurantId: id as string };
}

describe('stored links', () => {
  it('private.is_safe_link accepts https links of printable ASCII only', async () => {
    const answers = await withDb(async (db) => (await db.query('select l, private.is_safe_link(l) as ok from unnest($1::text[]) l', [[...UNSAFE, ...SAFE]])).rows);
    expect(answers.filter((a) => a.ok).map((a) => a.l)).toEqual(SAFE);
  });

  it('refuses an unsafe site, CGV or payment link, directly or through the save functions, and keeps what was stored', async () => {
    const owner = await ownerWithRestaurant('safe-links');
    const r = owner.restaurantId;
    const c = owner.client;
    await must(c.rpc('save_restaurant_information', { p_restaurant_id: r, p_information: sample.information('Liens') }));
    await must(c.rpc('save_restaurant_cgv', { p_restaurant_id: r, p_cgv: { cancellationPolicy: '48h', modificationPolicy: '24h', link: 'https://exemple.fr/cgv.pdf' } }));
    await must(c.from('restaurant_billing').upsert({ restaurant_id: r, ...sample.billing, payment_link: 'https://buy.stripe.com/abc' }, { onConflict: 'restaurant_id' }));
    for (const link of UNSAFE.filter((l) => l !== ' https://exemple.fr')) {
      const calls = [
        c.from('restaurants').update({ url: link }).eq('id', r),
        c.rpc('save_restaurant_information', { p_restaurant_id: r, p_information: { ...sample.information('Liens'), url: link } }),
        c.from('restaurant_cgv').update({ link }).eq('restaurant_id', r),
        c.rpc('save_restaurant_cgv', { p_restaurant_id: r, p_cgv: { cancellationPolicy: '48h', modificationPolicy: '24h', link } }),
        c.from('restaurant_billing').update({ payment_link: link }).eq('restaurant_id', r),
      ];
      for (const [i, call] of calls.entries()) {
        const { error } = await call;
        expect({ link, call: i, code: error?.code, safeLink: /_safe_link"/.test(error?.message ?? '') }).toEqual({ link, call: i, code: '23514', safeLink: true });
      }
    }
    const stored = await withDb(
      async (db) =>
        (
          await db.query(
            `select r.url, g.link, b.payment_link from public.restaurants r join public.restaurant_cgv g on g.restaurant_id = r.id
               join public.restaurant_billing b on b.restaurant_id = r.id where r.id = $1`,
            [r],
          )
        ).rows[0],
    );
    expect(stored).toEqual({ url: 'https://exemple.fr', link: 'https://exemple.fr/cgv.pdf', payment_link: 'https://buy.stripe.com/abc' });
    for (const link of SAFE) {
      await must(c.from('restaurants').update({ url: link }).eq('id', r).select('id'));
      await must(c.from('restaurant_cgv').update({ link }).eq('restaurant_id', r).select('id'));
      await must(c.from('restaurant_billing').update({ payment_link: link }).eq('restaurant_id', r).select('id'));
    }
  });

  it('every stored link of the database passes (the migration cleaned, the constraints are validated)', async () => {
    const unvalidated = await withDb(async (db) => (await db.query(`select conname from pg_constraint where conname like '%\\_safe\\_link' and not convalidated`)).rows);
    expect(unvalidated).toEqual([]);
  });
});
