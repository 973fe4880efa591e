/**
 * The restaurant's phone numbers (issue 30, item 9): save_restaurant_information stores the WhatsApp
 * number and the optional 'Téléphone du restaurant' in E.164 only, refusing anything else with a
 * French message and changing nothing; numbers typed before are made E.164 when they read as French.
 */
import { newOwner, withDb } from '../../local-supabase/test/clients';
import { must, sample } from '../../local-supabase/test/fixtures';

async function restaurantOf(label: string) {
  const owner = await newOwner(label);
  const { id } = await must(owner.client.from('restaurants').insert({ name: 'Le Téléphone' }).select('id').single());
  return { owner, restaurantId: id as string };
}

const contactOf = async (restaurantId: string) => withDb(async (db) => (await db.query('select whatsapp, phone from restaurant_contacts where restaurant_id = $1', [restaurantId])).rows[0]);

describe('save_restaurant_information and the phone numbers', () => {
  it('stores E.164 numbers, the restaurant phone included; an empty one is none', async () => {
    const { owner, restaurantId } = await restaurantOf('phone-ok');
    const information = sample.information('Le Téléphone');
    await must(
      owner.client.rpc('save_restaurant_information', {
        p_restaurant_id: restaurantId,
        p_information: { ...information, contact: { ...information.contact, whatsapp: '+33612345678', phone: '+442079460958' } },
      }),
    );
    expect(await contactOf(restaurantId)).toEqual({ whatsapp: '+33612345678', phone: '+442079460958' });
    // A client that does not send the phone keeps it; an empty one removes it.
    await must(owner.client.rpc('save_restaurant_information', { p_restaurant_id: restaurantId, p_information: information }));
    expect(await contactOf(restaurantId)).toEqual({ whatsapp: '+33612345678', phone: '+442079460958' });
    await must(owner.client.rpc('save_restaurant_information', { p_restaurant_id: restaurantId, p_information: { ...information, contact: { ...information.contact, phone: ' ' } } }));
    expect(await contactOf(restaurantId)).toEqual({ whatsapp: '+33612345678', phone: null });
  });

  it.each([
    ['whatsapp', 'abc', 'Numéro WhatsApp invalide : « abc »'],
    ['whatsapp', '06 12 34 56 78', 'Numéro WhatsApp invalide : « 06 12 34 56 78 »'],
    ['whatsapp', '+33 6 12 34 56 78', 'Numéro WhatsApp invalide : « +33 6 12 34 56 78 »'],
    ['phone', '0478000000', 'Téléphone du restaurant invalide : « 0478000000 »'],
    ['phone', '+0612345678', 'Téléphone du restaurant invalide : « +0612345678 »'],
  ])('refuses a %s of %j with a French message, and saves nothing', async (field, value, message) => {
    const { owner, restaurantId } = await restaurantOf('phone-bad');
    const information = sample.information('Avant');
    await must(owner.client.rpc('save_restaurant_information', { p_restaurant_id: restaurantId, p_information: information }));
    const { error } = await owner.client.rpc('save_restaurant_information', {
      p_restaurant_id: restaurantId,
      p_information: { ...information, name: 'Après', contact: { ...information.contact, [field]: value } },
    });
    expect(error?.code).toBe('22023');
    expect(error?.message).toContain(message);
    expect(await contactOf(restaurantId)).toEqual({ whatsapp: '+33612345678', phone: null });
    expect((await must(owner.client.from('restaurants').select('name').eq('id', restaurantId).single())).name).toBe('Avant');
  });

  it('the table itself refuses a restaurant phone that is not E.164 (a direct write by the owner)', async () => {
    const { owner, restaurantId } = await restaurantOf('phone-direct');
    const { error } = await owner.client.from('restaurant_contacts').update({ phone: '04 78 00 00 00' }).eq('restaurant_id', restaurantId);
    expect(error?.code).toBe('23514');
  });
});

describe('the numbers stored before: French ones become E.164, the rest is left', () => {
  it.each([
    ['06 12 34 56 78', '+33612345678'],
    ['06.12.34.56.78', '+33612345678'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['+33 (0)6 12 34 56 78', '+33612345678'],
    ['0033 4 78 00 00 00', '+33478000000'],
    ['abc', null],
    ['12', null],
    ['+44 20 7946 0958', null],
  ])('%j reads as %j', async (stored, e164) => {
    const rows = await withDb(async (db) => (await db.query('select private.french_phone_e164($1) as e164', [stored])).rows);
    expect(rows[0].e164).toBe(e164);
  });
});
