/**
 * What the profile stores is checked by its tables, whatever writes the row (the app's save, a
 * direct API call, the superuser): a WhatsApp number or billing phone in E.164, a SIRET with its
 * Luhn key, a French VAT number with its key and the SIRET's SIREN, names on one line. A refusal is
 * SQLSTATE 23514 with a French message and, as its hint, the column it is about.
 */
import { newOwner, withDb } from '../../local-supabase/test/clients';
import { must, restaurantSnapshot, sample } from '../../local-supabase/test/fixtures';

async function ownerWithRestaurant(label: string) {
  const owner = await newOwner(label);
  const { id } = await must(owner.client.from('restaurants').insert({ name: label }).select('id').single());
  await must(
    owner.client
      .from('restaurant_billing')
      .upsert({ restaurant_id: id, ...sample.billing }, { onConflict: 'restaurant_id' })
      .select('id'),
  );
  return { ...owner, restaurantId: id as string };
}

const PHONE = 'Numéro de téléphone invalide : attendu au format international (ex. +33612345678)';
const ONE_LINE = 'Une seule ligne : retirez les retours à la ligne';

describe('phone numbers are E.164 or blank, whatever writes them', () => {
  it('refuses a WhatsApp number of “abc” written straight through the API, naming the column; takes E.164 and blank', async () => {
    const owner = await ownerWithRestaurant('whatsapp-direct');
    const before = await restaurantSnapshot(owner.restaurantId);
    const refused = await owner.client.from('restaurant_contacts').update({ whatsapp: 'abc' }).eq('restaurant_id', owner.restaurantId);
    expect(refused.error).toMatchObject({ code: '23514', message: PHONE, hint: 'restaurant_contacts.whatsapp' });
    expect(await restaurantSnapshot(owner.restaurantId)).toBe(before);
    for (const whatsapp of ['+33612345678', '', null]) await must(owner.client.from('restaurant_contacts').update({ whatsapp }).eq('restaurant_id', owner.restaurantId).select('id'));
  });

  it.each(['abc', '04 78 00 00 00', '+0612345678'])('refuses a billing contact phone of %j, naming the column', async (contact_phone) => {
    const owner = await ownerWithRestaurant('billing-phone');
    const refused = await owner.client.from('restaurant_billing').update({ contact_phone }).eq('restaurant_id', owner.restaurantId);
    expect(refused.error).toMatchObject({ code: '23514', message: PHONE, hint: 'restaurant_billing.contact_phone' });
  });

  it('refuses them even from the superuser', async () => {
    const owner = await ownerWithRestaurant('phone-superuser');
    await expect(withDb((db) => db.query(`update restaurant_contacts set whatsapp = '12' where restaurant_id = $1`, [owner.restaurantId]))).rejects.toMatchObject({
      code: '23514',
      hint: 'restaurant_contacts.whatsapp',
    });
  });
});

describe('SIRET and French VAT number', () => {
  it.each([
    ['siret_number', '73282932000075', 'Numéro SIRET invalide : la clé de contrôle ne correspond pas, vérifiez votre saisie'],
    ['siret_number', '732 829 320 00074', 'Le numéro SIRET doit contenir exactement 14 chiffres'],
    ['vat_number', 'FR123', 'Numéro de TVA invalide : FR, une clé de 2 caractères et les 9 chiffres du SIREN (ex. FR44732829320)'],
    ['vat_number', 'FR45732829320', 'Numéro de TVA invalide : la clé ne correspond pas au SIREN, vérifiez votre saisie'],
    ['vat_number', 'FR61852345677', 'Le numéro de TVA ne correspond pas au SIRET : il contient le SIREN (les 9 premiers chiffres du SIRET)'],
  ])('refuses a %s of %j with its French message', async (column, value, message) => {
    const owner = await ownerWithRestaurant('legal');
    const before = await restaurantSnapshot(owner.restaurantId);
    const refused = await owner.client
      .from('restaurant_billing')
      .update({ [column]: value })
      .eq('restaurant_id', owner.restaurantId);
    expect(refused.error).toMatchObject({ code: '23514', message, hint: `restaurant_billing.${column}` });
    expect(await restaurantSnapshot(owner.restaurantId)).toBe(before);
  });

  it('takes valid numbers, a key of letters, La Poste’s SIRET and blanks', async () => {
    const owner = await ownerWithRestaurant('legal-ok');
    const id = owner.restaurantId;
    const rows = [
      { siret_number: '85234567700011', vat_number: 'FR61852345677' },
      { siret_number: '35600000000001', vat_number: null },
      { siret_number: '', vat_number: 'FRAB732829320' },
      { siret_number: null, vat_number: '' },
    ];
    for (const row of rows) await must(owner.client.from('restaurant_billing').update(row).eq('restaurant_id', id).select('id'));
  });
});

describe('names are one line', () => {
  it.each(['Chez Evil\r\nBcc: victime@exemple.fr', 'Chez\nmoi', 'Chez\u2028moi'])('refuses a restaurant name of %j, through the save and straight', async (name) => {
    const owner = await ownerWithRestaurant('one-line');
    const before = await restaurantSnapshot(owner.restaurantId);
    const saved = await owner.client.rpc('save_restaurant_information', { p_restaurant_id: owner.restaurantId, p_information: { ...sample.information('x'), name } });
    expect(saved.error).toMatchObject({ code: '23514', message: ONE_LINE, hint: 'restaurants.name' });
    const direct = await owner.client.from('restaurants').update({ name }).eq('id', owner.restaurantId);
    expect(direct.error).toMatchObject({ code: '23514', hint: 'restaurants.name' });
    expect(await restaurantSnapshot(owner.restaurantId)).toBe(before);
  });

  it('refuses a line break in a contact e-mail, a menu, a dish, an option and the billing names', async () => {
    const owner = await ownerWithRestaurant('one-line-others');
    const p_restaurant_id = owner.restaurantId;
    const contact = await owner.client.rpc('save_restaurant_information', {
      p_restaurant_id,
      p_information: { ...sample.information('x'), contact: { ...sample.information('x').contact, email: 'a@b.fr\r\nBcc: c@d.fr' } },
    });
    expect(contact.error).toMatchObject({ code: '23514', hint: 'restaurant_contacts.email' });
    const menu = await owner.client.rpc('save_restaurant_menus', { p_restaurant_id, p_menus: [{ ...sample.menus[0], name: 'Menu\nDécouverte' }] });
    expect(menu.error).toMatchObject({ code: '23514', hint: 'restaurant_menus.name' });
    const dish = await owner.client.rpc('save_restaurant_menus', { p_restaurant_id, p_menus: [{ ...sample.menus[0], items: [{ name: 'Œuf\nmeurette', type: 'starter' }] }] });
    expect(dish.error).toMatchObject({ code: '23514', hint: 'menu_items.name' });
    const option = await owner.client.rpc('save_restaurant_options', { p_restaurant_id, p_options: [{ title: 'Coupe\r\nde champagne', price: 12, priceType: 'total' }] });
    expect(option.error).toMatchObject({ code: '23514', hint: 'restaurant_options.title' });
    for (const column of ['company_name', 'contact_name', 'contact_email']) {
      const billing = await owner.client
        .from('restaurant_billing')
        .update({ [column]: 'ligne\nautre' })
        .eq('restaurant_id', p_restaurant_id);
      expect(billing.error).toMatchObject({ code: '23514', message: ONE_LINE, hint: `restaurant_billing.${column}` });
    }
  });
});

it('every stored value of the database passes (the migration cleaned, the constraints are validated)', async () => {
  const unvalidated = await withDb(
    async (db) => (await db.query(`select conname from pg_constraint where conname ~ '_(one_line|e164|siret|french_vat)$' and contype = 'c' and not convalidated order by conname`)).rows,
  );
  expect(unvalidated).toEqual([]);
  const constraints = await withDb(
    async (db) => (await db.query(`select count(*)::int as n from pg_constraint where conname ~ '_(one_line|e164|siret|french_vat)$' and contype = 'c'`)).rows[0].n,
  );
  expect(constraints).toBeGreaterThanOrEqual(12);
});
