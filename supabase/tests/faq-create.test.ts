import { anon, newOwner, withDb } from '../../local-supabase/test/clients';
import { must } from '../../local-supabase/test/fixtures';

async function ownerWithRestaurant(label: string) {
  const owner = await newOwner(label);
  const { id } = await must(owner.client.from('restaurants').insert({ name: label }).select('id').single());
  return { ...owner, restaurantId: id as string };
}

const orders = (restaurantId: string) =>
  withDb(async (db) =>
    (await db.query('select display_order from public.restaurant_faqs where restaurant_id = $1 order by display_order', [restaurantId])).rows.map((r) => r.display_order as number),
  );

/** A new FAQ entry goes through create_restaurant_faq, which appends it at the next position (issue 32, item 17). */
describe('create_restaurant_faq', () => {
  it('10 identical creations sent at once get display_order 0 to 9', async () => {
    const owner = await ownerWithRestaurant('faq-parallel');
    const calls = Array.from({ length: 10 }, () => owner.client.rpc('create_restaurant_faq', { p_restaurant_id: owner.restaurantId, p_question: 'Parking ?', p_answer: 'Oui.' }));
    for (const { error } of await Promise.all(calls)) expect(error).toBeNull();
    expect(await orders(owner.restaurantId)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('answers the stored row, trimmed, and refuses a blank question or answer in French', async () => {
    const owner = await ownerWithRestaurant('faq-rules');
    const created = await must(owner.client.rpc('create_restaurant_faq', { p_restaurant_id: owner.restaurantId, p_question: '  Chiens ?  ', p_answer: ' Acceptés. ' }).single());
    expect(created).toMatchObject({ restaurant_id: owner.restaurantId, question: 'Chiens ?', answer: 'Acceptés.', display_order: 0 });
    const blank = await owner.client.rpc('create_restaurant_faq', { p_restaurant_id: owner.restaurantId, p_question: '   ', p_answer: 'r' });
    expect(blank.error).toMatchObject({ code: '22023', message: 'La question est obligatoire' });
    const noAnswer = await owner.client.rpc('create_restaurant_faq', { p_restaurant_id: owner.restaurantId, p_question: 'q', p_answer: '' });
    expect(noAnswer.error).toMatchObject({ code: '22023', message: 'La réponse est obligatoire' });
    expect(await orders(owner.restaurantId)).toEqual([0]);
  });

  it('is the only way in: a direct insert is refused, anonymous and another owner are refused', async () => {
    const owner = await ownerWithRestaurant('faq-victim');
    const direct = await owner.client.from('restaurant_faqs').insert({ restaurant_id: owner.restaurantId, question: 'Q ?', answer: 'R.', display_order: 0 });
    expect(direct.error?.code).toBe('42501');
    const intruder = await newOwner('faq-intruder');
    const stranger = await intruder.client.rpc('create_restaurant_faq', { p_restaurant_id: owner.restaurantId, p_question: 'Pirate ?', p_answer: 'Oui.' });
    expect(stranger.error?.code).toBe('42501');
    const nobody = await anon().rpc('create_restaurant_faq', { p_restaurant_id: owner.restaurantId, p_question: 'Pirate ?', p_answer: 'Oui.' });
    expect(nobody.error).not.toBeNull();
    expect(await orders(owner.restaurantId)).toEqual([]);
  });
});
