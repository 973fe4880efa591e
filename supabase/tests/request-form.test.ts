import { anon, newOwner, service, withDb } from '../../local-supabase/test/clients';
import { completeRestaurant, must, sample } from '../../local-supabase/test/fixtures';

/**
 * The public request page's data (public.request_form) and its switch (public.set_request_page):
 * anonymous callers read only the allow-listed fields, only of a restaurant whose owner switched the page
 * on and whose profile is ready for requests; only the owner switches it.
 */

/** Every key path request_form may return ('[]' stands for the elements of a list). Nothing else. */
const ALLOWED = [
  'version',
  'restaurant',
  'restaurant.id',
  'restaurant.name',
  'restaurant.address',
  'restaurant.description',
  'restaurant.photo',
  'restaurant.photo.url',
  'restaurant.photo.alt_text',
  'response_time',
  'response_time.code',
  // The privacy notice's controller (issue 47): the restaurant's contact e-mail and phone, as its e-mails give them, and the retention.
  'privacy',
  'privacy.email',
  'privacy.phone',
  'privacy.retention_months',
  'response_time.label',
  'today',
  'last_date',
  'days',
  'days[].day',
  'days[].is_open',
  'days[].services',
  'days[].services[].service',
  'days[].services[].from',
  'days[].services[].to',
  'days[].services[].arrival_times',
  'days[].services[].group_size',
  'days[].services[].group_size.min',
  'days[].services[].group_size.max',
  'menus',
  'menus[].id',
  'menus[].name',
  'menus[].price_per_person',
  'menus[].menu_type',
  'menus[].content',
  'menus[].available_lunch',
  'menus[].available_dinner',
  'menus[].is_children_menu',
  'menus[].items',
  'menus[].items[].name',
  'menus[].items[].type',
  'menus[].alternatives',
  'menus[].alternatives[].name',
  'menus[].alternatives[].type',
  'menus[].alternatives[].is_gluten_free',
  'menus[].alternatives[].is_vegan',
  'menus[].alternatives[].other_dietary_notes',
  'options',
  'options[].id',
  'options[].title',
  'options[].price',
  'options[].price_type',
  'deposit',
  'deposit.required',
  'deposit.method',
  'deposit.type',
  'deposit.amount',
  'deposit.nature',
  'cgv',
  'cgv.cancellation_policy',
  'cgv.modification_policy',
  'cgv.link',
  'closures',
  'closures[].date',
  'closures[].service',
];

function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((element) => keyPaths(element, `${prefix}[]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => {
      const path = prefix && !prefix.endsWith('[]') ? `${prefix}.${key}` : `${prefix}${prefix ? '.' : ''}${key}`;
      return [path, ...keyPaths(inner, path)];
    });
  }
  return [];
}

const form = async (restaurantId: string) => anon().rpc('request_form', { p_restaurant_id: restaurantId });

describe('request_form and the request page switch', () => {
  let owner: Awaited<ReturnType<typeof newOwner>>;
  let restaurantId: string;
  beforeAll(async () => {
    owner = await newOwner('page');
    ({ restaurantId } = await completeRestaurant(owner.client, 'Le Bouchon en ligne'));
  });

  it('is off by default: anonymous callers get nothing', async () => {
    const { data, error } = await form(restaurantId);
    expect(error).toBeNull();
    expect(data).toBeNull();
  });

  it('switched on by its owner, answers anonymous callers with the allow-listed fields only, nothing private', async () => {
    expect(await must(owner.client.rpc('set_request_page', { p_restaurant_id: restaurantId, p_enabled: true }))).toBe(true);
    const { data, error } = await form(restaurantId);
    expect(error).toBeNull();
    const paths = [...new Set(keyPaths(data))].sort();
    expect(paths.filter((path) => !ALLOWED.includes(path))).toEqual([]);
    // Every part a customer needs is there.
    expect(paths).toEqual(expect.arrayContaining(['restaurant.photo.url', 'days[].services[].arrival_times', 'menus[].items[].name', 'options[].price', 'deposit.amount', 'cgv.link']));
    const text = JSON.stringify(data);
    // The contact e-mail is the privacy notice's (the controller's address, GDPR art. 13); the WhatsApp number stays private.
    expect((data as { privacy: unknown }).privacy).toEqual({ email: sample.information('x').contact.email, phone: null, retention_months: 36 });
    for (const secret of [
      sample.information('x').contact.whatsapp,
      sample.billing.iban,
      sample.billing.bic,
      sample.billing.siret_number,
      sample.billing.contact_email,
      sample.billing.contact_phone,
      sample.billing.company_name,
      'Acceptez-vous les chiens',
    ]) {
      expect({ secret, leaked: text.includes(secret) }).toEqual({ secret, leaked: false });
    }
    const answer = data as { restaurant: { name: string; photo: { alt_text: string } }; response_time: { code: string }; deposit: unknown; days: { day: string; is_open: boolean }[] };
    expect(answer.restaurant.name).toBe('Le Bouchon en ligne');
    expect(answer.restaurant.photo.alt_text).toBe('La terrasse');
    expect(answer.response_time.code).toBe('fast');
    expect(answer.deposit).toEqual({ required: true, method: 'acompte', type: 'percentage', amount: 30, nature: 'arrhes' });
    expect(answer.days.filter((d) => d.is_open).map((d) => d.day)).toEqual(['monday', 'tuesday', 'friday']);
  });

  it("says which services are closed exceptionally (their dates, never the owner's reason), so the calendar does not offer them", async () => {
    await must(owner.client.rpc('set_request_page', { p_restaurant_id: restaurantId, p_enabled: true }));
    const { data: before } = await form(restaurantId);
    const today = (before as { today: string }).today;
    const inDays = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    await must(owner.client.rpc('close_services', { p_restaurant_id: restaurantId, p_date: inDays(10), p_services: ['dinner'], p_reason: 'Soirée privée des Martin' }));
    await must(owner.client.rpc('close_services', { p_restaurant_id: restaurantId, p_date: inDays(3), p_services: ['lunch', 'dinner'], p_reason: null }));
    const { data } = await form(restaurantId);
    expect((data as { closures: unknown }).closures).toEqual([
      { date: inDays(3), service: 'dinner' },
      { date: inDays(3), service: 'lunch' },
      { date: inDays(10), service: 'dinner' },
    ]);
    expect(JSON.stringify(data)).not.toContain('Martin');
  });

  it('refuses an incomplete restaurant, switched on or not, and an unknown one', async () => {
    const other = await newOwner('page-incomplete');
    const { id } = await must(other.client.from('restaurants').insert({ name: 'À moitié' }).select('id').single());
    await must(other.client.rpc('set_request_page', { p_restaurant_id: id, p_enabled: true }));
    expect((await form(id as string)).data).toBeNull();
    expect((await form('00000000-0000-4000-8000-00000000abcd')).data).toBeNull();
  });

  it('the switch is refused to anonymous callers and to another owner, and the page stays as its owner set it', async () => {
    const attacker = await newOwner('page-attacker');
    for (const c of [anon(), attacker.client]) {
      const { error } = await c.rpc('set_request_page', { p_restaurant_id: restaurantId, p_enabled: false });
      expect(error).not.toBeNull();
      // Nor read directly, nor written around the function.
      expect((await c.from('restaurant_request_pages').select('*').eq('restaurant_id', restaurantId)).data ?? []).toEqual([]);
      const write = await c.from('restaurant_request_pages').upsert({ restaurant_id: restaurantId, enabled: false }).select();
      expect(write.error).not.toBeNull();
    }
    expect((await form(restaurantId)).data).not.toBeNull();
    const row = await must(service().from('restaurant_request_pages').select('enabled, updated_by').eq('restaurant_id', restaurantId).single());
    expect(row).toEqual({ enabled: true, updated_by: owner.userId });
    // The owner reads the switch (the 'Votre assistant' screen) and writes it only through the function.
    expect(await must(owner.client.from('restaurant_request_pages').select('enabled').eq('restaurant_id', restaurantId))).toEqual([{ enabled: true }]);
    expect((await owner.client.from('restaurant_request_pages').update({ enabled: false }).eq('restaurant_id', restaurantId).select()).error).not.toBeNull();
  });

  it('a manager reads the switch but cannot turn it: the page is opened and closed by owners only', async () => {
    const manager = await newOwner('page-manager');
    await withDb((db) => db.query("insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, 'manager', $3)", [manager.userId, restaurantId, owner.userId]));
    const before = await must(service().from('restaurant_request_pages').select('enabled, updated_at, updated_by').eq('restaurant_id', restaurantId).single());
    for (const enabled of [false, true]) {
      const { error } = await manager.client.rpc('set_request_page', { p_restaurant_id: restaurantId, p_enabled: enabled });
      expect(error).toMatchObject({ code: '42501', message: 'Accès non autorisé à ce restaurant' });
    }
    expect(await must(service().from('restaurant_request_pages').select('enabled, updated_at, updated_by').eq('restaurant_id', restaurantId).single())).toEqual(before);
    expect(await must(manager.client.from('restaurant_request_pages').select('enabled').eq('restaurant_id', restaurantId))).toEqual([{ enabled: before.enabled }]);
  });

  it('switched off again, answers nothing', async () => {
    await must(owner.client.rpc('set_request_page', { p_restaurant_id: restaurantId, p_enabled: false }).then((r) => ({ ...r, data: r.data === false ? 'off' : r.data })));
    expect((await form(restaurantId)).data).toBeNull();
  });
});
