/**
 * The four sections' data calls through the unmodified supabase-js against a real local-supabase:
 * each round-trips every field unchanged; another owner's restaurant is refused and left as it was;
 * a save the database rejects changes nothing stored.
 */
import ws from 'ws';
import type { SupabaseClient } from '@supabase/supabase-js';
import { initSupabase } from '@tablee/shared';
import { resetSupabaseForTests } from '@tablee/shared/testing';
import { getSupabase, type Billing } from '@tablee/domain';
import {
  billingApi,
  cgvApi,
  createHoursApi,
  defaultCgv,
  defaultHours,
  hoursApi,
  informationApi,
  NOT_FOUND_OR_FORBIDDEN,
  saveRefusal,
  type CgvValue,
  type HoursValue,
  type InformationValue,
} from '@tablee/sections';
import { env, newOwner } from '../../../local-supabase/test/clients';
import { restaurantSnapshot } from '../../../local-supabase/test/fixtures';

let other: { client: SupabaseClient };
let otherRestaurant: string;
const me_ = { email: `sections-${Date.now()}@example.fr`, password: 'secret-123' };

beforeAll(async () => {
  resetSupabaseForTests();
  const me = initSupabase({ url: env.url, anonKey: env.anonKey, realtimeTransport: ws });
  expect((await me.auth.signUp(me_)).error).toBeNull();
  expect((await me.auth.signInWithPassword(me_)).error).toBeNull();
  other = await newOwner('other');
  otherRestaurant = (await other.client.from('restaurants').insert({ name: 'Chez l’autre' }).select('id').single()).data!.id;
});

afterAll(async () => {
  await getSupabase().auth.signOut();
  await getSupabase().auth.stopAutoRefresh();
  resetSupabaseForTests();
});

async function newRestaurant(): Promise<string> {
  const { data, error } = await getSupabase().from('restaurants').insert({ name: 'Nouveau' }).select('id').single();
  expect(error).toBeNull();
  return data!.id as string;
}

/** CGV with the defaults of what a value does not say (arrhes, no no-show fee). */
const cgv = (value: Partial<CgvValue>): CgvValue => ({ ...defaultCgv(), ...value });

const information: InformationValue = {
  name: 'Le Bouchon des Filles',
  address: '20 rue Sergent Blandan, 69001 Lyon',
  description: 'Cuisine lyonnaise, menu unique.',
  amenities: { groundFloor: true, accessibleToDisabled: false, parking: true, airConditioning: false, wifi: true, valetParking: true },
  // Phone numbers as the form shows them: French format (stored in E.164).
  contact: { email: 'contact@bouchon.fr', whatsapp: '06 11 22 33 44', phone: '04 78 00 00 00', responseTime: 'slow' },
  url: 'https://bouchon.fr',
};

function hours(): HoursValue {
  const h = defaultHours('edit');
  h.daysOpen = ['tuesday', 'friday', 'sunday'];
  h.hasDifferentSettings = true;
  const custom = (from: string, arrivals: string[], isOpen = true, capacity: number | null = null) => ({
    isOpen,
    hours: { from, to: '23:45' },
    arrivalTimes: arrivals,
    groupSize: { min: 4, max: 45 },
    allowALaCarte: false,
    maxALaCarteSize: 30,
    partialPrivatizationSupplement: true,
    partialPrivatizationMinSize: 25,
    partialPrivatizationAmount: 180.55,
    capacity,
  });
  h.defaultSettings = { lunchService: custom('11:30', ['11:30', '12:45'], true, 60), dinnerService: custom('18:00', ['19:15']) };
  h.specificDaySettings = {
    tuesday: { lunchService: custom('11:30', ['11:30', '12:45'], true, 60), dinnerService: custom('18:00', ['19:15']) },
    friday: { lunchService: custom('12:15', [], false), dinnerService: custom('19:00', ['20:00', '21:30'], true, 120) },
    sunday: { lunchService: custom('11:00', ['11:00']), dinnerService: custom('18:30', [], false) },
  };
  return h;
}

const billing: Billing = {
  legalInformation: { companyName: 'SARL Bouchon', legalForm: 'SARL', siretNumber: '73282932000074', rcsCity: 'Lyon', vatNumber: 'FR44732829320' },
  headquartersAddress: { address: '20 rue Sergent Blandan', postalCode: '69001', city: 'Lyon', country: 'France' },
  paymentConditions: { requiresDeposit: true, depositMethod: 'empreinte', depositType: 'fixed', depositAmount: 75.5, paymentLink: 'https://buy.stripe.com/test_bouchon' },
  remainingPayment: { onSite: false, online: true },
  bankDetails: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' },
  billingContact: { name: 'Léa Roux', email: 'compta@bouchon.fr', phone: '04 78 00 00 00' },
};

describe('round trips: what is saved loads back unchanged', () => {
  it('information, twice (every field changed the second time)', async () => {
    const id = await newRestaurant();
    await informationApi.save(id, information);
    expect((await informationApi.load(id)).value).toEqual(information);
    const changed: InformationValue = {
      name: 'Autre nom',
      address: 'Autre adresse',
      description: '',
      amenities: { groundFloor: false, accessibleToDisabled: true, parking: false, airConditioning: true, wifi: false, valetParking: false },
      contact: { email: 'autre@bouchon.fr', whatsapp: '+44 20 7946 0958', phone: '', responseTime: 'fast' },
      url: '',
    };
    await informationApi.save(id, changed);
    expect((await informationApi.load(id)).value).toEqual(changed);
  });

  it('information without url (onboarding) keeps the stored url', async () => {
    const id = await newRestaurant();
    await informationApi.save(id, information);
    const { url: _kept, ...withoutUrl } = information;
    await informationApi.save(id, { ...withoutUrl, name: 'Renommé' });
    expect((await informationApi.load(id)).value).toEqual({ ...information, name: 'Renommé' });
  });

  it('hours: the defaults stored at creation (Monday–Saturday, default arrival times), then per-day settings and the shared ones', async () => {
    const id = await newRestaurant();
    const { value: stored, stored: isStored } = await hoursApi.load(id);
    expect(isStored).toBe(true);
    expect(stored).toEqual({
      ...defaultHours('edit'),
      defaultSettings: {
        lunchService: { ...defaultHours('edit').defaultSettings.lunchService, arrivalTimes: ['12:00', '12:30', '13:00'] },
        dinnerService: { ...defaultHours('edit').defaultSettings.dinnerService, arrivalTimes: ['19:00', '19:30', '20:00', '20:30', '21:00'] },
      },
    });
    // What is stored is what both contexts show.
    expect((await createHoursApi('onboarding').load(id)).value).toEqual(stored);
    await hoursApi.save(id, hours());
    const loaded = (await hoursApi.load(id)).value;
    expect(loaded).toEqual({ ...hours(), defaultSettings: hours().specificDaySettings.tuesday });
    // Arrival times are stored only for open services.
    const { data } = await getSupabase().from('restaurant_arrival_times').select('day, service').eq('restaurant_id', id);
    expect(data!.filter((r) => (r.day === 'friday' && r.service === 'lunch') || (r.day === 'sunday' && r.service === 'dinner'))).toEqual([]);

    const shared = { ...hours(), hasDifferentSettings: false, specificDaySettings: {} };
    await hoursApi.save(id, shared);
    expect((await hoursApi.load(id)).value).toEqual(shared);
    const closedWeek = { ...defaultHours('edit'), daysOpen: [] };
    await hoursApi.save(id, closedWeek);
    expect((await hoursApi.load(id)).value.daysOpen).toEqual([]);
  });

  it('billing, then the deposit cleared (edit: no method, type or amount)', async () => {
    const id = await newRestaurant();
    await billingApi.save(id, billing);
    expect((await billingApi.load(id)).value).toEqual(billing);
    const cleared: Billing = { ...billing, paymentConditions: { requiresDeposit: false, paymentLink: '' }, remainingPayment: { onSite: true, online: false } };
    await billingApi.save(id, cleared);
    expect((await billingApi.load(id)).value).toEqual(cleared);
  });

  it('billing: a payment link that is not a whole https:// address is refused by the database, and nothing changes', async () => {
    const id = await newRestaurant();
    await billingApi.save(id, billing);
    for (const paymentLink of ['http://pay.example/x', 'https://pay example', 'javascript:alert(1)']) {
      await expect(billingApi.save(id, { ...billing, paymentConditions: { ...billing.paymentConditions, paymentLink } })).rejects.toThrow();
    }
    expect((await billingApi.load(id)).value).toEqual(billing);
  });

  it('cgv: none at first, then the policies and the link trimmed; an empty link means none', async () => {
    const id = await newRestaurant();
    expect((await cgvApi.load(id)).value).toEqual(defaultCgv());
    await cgvApi.save(id, cgv({ cancellationPolicy: '72h', modificationPolicy: 'same_day', link: '  https://bouchon.fr/cgv.pdf  ' }));
    expect((await cgvApi.load(id)).value).toEqual(cgv({ cancellationPolicy: '72h', modificationPolicy: 'same_day', link: 'https://bouchon.fr/cgv.pdf' }));
    await cgvApi.save(id, cgv({ cancellationPolicy: '7_days', modificationPolicy: '48h', link: '   ' }));
    expect((await cgvApi.load(id)).value).toEqual(cgv({ cancellationPolicy: '7_days', modificationPolicy: '48h', link: '' }));
    const { data } = await getSupabase().from('restaurant_cgv').select('link').eq('restaurant_id', id).single();
    expect(data!.link).toBeNull();
  });

  it('cgv: the nature of the advance and the no-show fee, in euros in the value and in cents in the row', async () => {
    const id = await newRestaurant();
    const row = async () => (await getSupabase().from('restaurant_cgv').select('advance_payment_nature, no_show_fee_type, no_show_fee_cents').eq('restaurant_id', id).single()).data;
    // CGV saved without them (as before they existed): arrhes, no fee.
    expect((await getSupabase().rpc('save_restaurant_cgv', { p_restaurant_id: id, p_cgv: { cancellationPolicy: '48h', modificationPolicy: '24h' } })).error).toBeNull();
    expect((await cgvApi.load(id)).value).toEqual(cgv({ cancellationPolicy: '48h', modificationPolicy: '24h' }));

    const perPerson = cgv({ cancellationPolicy: '48h', modificationPolicy: '24h', advancePaymentNature: 'acompte', noShowFee: { type: 'per_person', amount: 15.5 } });
    await cgvApi.save(id, perPerson);
    expect(await row()).toEqual({ advance_payment_nature: 'acompte', no_show_fee_type: 'per_person', no_show_fee_cents: 1550 });
    expect((await cgvApi.load(id)).value).toEqual(perPerson);

    await cgvApi.save(id, cgv({ cancellationPolicy: '48h', modificationPolicy: '24h', noShowFee: { type: 'fixed', amount: 100_000 } }));
    expect(await row()).toEqual({ advance_payment_nature: 'arrhes', no_show_fee_type: 'fixed', no_show_fee_cents: 10_000_000 });

    // Back to none: an amount left in the value is not stored.
    await cgvApi.save(id, cgv({ cancellationPolicy: '48h', modificationPolicy: '24h', noShowFee: { type: 'none', amount: 12 } }));
    expect(await row()).toEqual({ advance_payment_nature: 'arrhes', no_show_fee_type: null, no_show_fee_cents: null });
  });

  it('cgv: a fee type without its amount is refused on the amount, before any request; out of bounds, in the database’s words', async () => {
    const id = await newRestaurant();
    await cgvApi.save(id, cgv({ cancellationPolicy: '48h', modificationPolicy: '24h' }));
    const before = await restaurantSnapshot(id);
    const refused = await cgvApi.save(id, cgv({ cancellationPolicy: '72h', modificationPolicy: '24h', noShowFee: { type: 'per_person' } })).catch((e: unknown) => e);
    expect(saveRefusal(refused, cgvApi)).toEqual({ message: 'Indiquez le montant des frais', field: ['noShowFee', 'amount'] });
    await expect(cgvApi.save(id, cgv({ cancellationPolicy: '72h', modificationPolicy: '24h', noShowFee: { type: 'fixed', amount: 100_000.01 } }))).rejects.toThrow(
      'Le montant des frais de non-présentation doit être compris entre 0,01 € et 100 000 €',
    );
    expect(await restaurantSnapshot(id)).toBe(before);
  });
});

describe("another owner's restaurant", () => {
  it('is neither read nor written by any of the four sections, and stays byte-for-byte unchanged', async () => {
    await other.client.rpc('save_restaurant_information', { p_restaurant_id: otherRestaurant, p_information: { ...information, name: 'Chez l’autre' } });
    await other.client.rpc('save_restaurant_cgv', { p_restaurant_id: otherRestaurant, p_cgv: { cancellationPolicy: '24h', modificationPolicy: '24h' } });
    const before = await restaurantSnapshot(otherRestaurant);
    for (const api of [informationApi, hoursApi, billingApi, cgvApi]) await expect(api.load(otherRestaurant)).rejects.toThrow(NOT_FOUND_OR_FORBIDDEN);
    await expect(informationApi.save(otherRestaurant, information)).rejects.toThrow('Accès non autorisé à ce restaurant');
    await expect(hoursApi.save(otherRestaurant, hours())).rejects.toThrow('Accès non autorisé à ce restaurant');
    await expect(billingApi.save(otherRestaurant, billing)).rejects.toThrow(/row-level security/);
    await expect(cgvApi.save(otherRestaurant, cgv({ cancellationPolicy: 'same_day', modificationPolicy: 'same_day', link: '' }))).rejects.toThrow('Accès non autorisé à ce restaurant');
    expect(await restaurantSnapshot(otherRestaurant)).toBe(before);
  });

  it("cgv gives the spec's messages: unknown restaurant, missing id", async () => {
    const value = cgv({ cancellationPolicy: '24h', modificationPolicy: '24h', link: '' });
    await expect(cgvApi.save('00000000-0000-4000-8000-000000000000', value)).rejects.toThrow('Restaurant non trouvé');
    await expect(cgvApi.save('', value)).rejects.toThrow('ID du restaurant requis');
  });
});

describe('a save the database rejects changes nothing stored', () => {
  it('for each section', async () => {
    const id = await newRestaurant();
    await informationApi.save(id, information);
    await hoursApi.save(id, hours());
    await billingApi.save(id, billing);
    await cgvApi.save(id, cgv({ cancellationPolicy: '48h', modificationPolicy: '24h', link: '' }));
    const before = await restaurantSnapshot(id);

    await expect(informationApi.save(id, { ...information, name: 'Jamais', contact: { ...information.contact, responseTime: 'never' as never } })).rejects.toThrow('Délai de réponse invalide');
    // A valid first day, then an invalid one: the first must not stay written either.
    const bad = hours();
    bad.specificDaySettings.sunday!.lunchService.groupSize = { min: 40, max: 45 };
    await expect(hoursApi.save(id, bad)).rejects.toThrow('la taille de groupe minimale doit être comprise entre 1 et 30');
    await expect(billingApi.save(id, { ...billing, paymentConditions: { requiresDeposit: true, depositMethod: 'acompte', depositType: 'percentage', depositAmount: 150 } })).rejects.toThrow(
      /restaurant_billing_percentage_max_check/,
    );
    await expect(cgvApi.save(id, cgv({ cancellationPolicy: '1h' as never, modificationPolicy: '24h', link: 'https://x.fr' }))).rejects.toThrow("Politique d'annulation invalide");
    // Free text has a length limit in the database; its message says the limit in French.
    await expect(informationApi.save(id, { ...information, name: 'x'.repeat(201) })).rejects.toThrow('Texte trop long : 200 caractères au plus');
    await expect(informationApi.save(id, { ...information, description: 'x'.repeat(10_001) })).rejects.toThrow('Texte trop long : 10\u202f000 caractères au plus');

    expect(await restaurantSnapshot(id)).toBe(before);
  });

  it('when signed out: refused with "Utilisateur non authentifié"', async () => {
    const id = await newRestaurant();
    await getSupabase().auth.signOut();
    try {
      await expect(cgvApi.save(id, cgv({ cancellationPolicy: '24h', modificationPolicy: '24h', link: '' }))).rejects.toThrow('Utilisateur non authentifié');
      await expect(informationApi.save(id, information)).rejects.toThrow();
    } finally {
      expect((await getSupabase().auth.signInWithPassword(me_)).error).toBeNull();
    }
    expect((await cgvApi.load(id)).value).toEqual(defaultCgv());
  });
});

describe('stored or not (what a tab shows is what is stored)', () => {
  it('each section tells whether its rows exist: deleted, it loads a proposal marked not stored; saved, stored again', async () => {
    const id = await newRestaurant();
    const stored = cgv({ cancellationPolicy: '72h', modificationPolicy: 'same_day', link: '' });
    await informationApi.save(id, information);
    await hoursApi.save(id, hours());
    await billingApi.save(id, billing);
    await cgvApi.save(id, stored);
    for (const api of [informationApi, hoursApi, billingApi, cgvApi]) expect((await api.load(id)).stored).toBe(true);

    for (const table of ['restaurant_contacts', 'restaurant_hours', 'restaurant_billing', 'restaurant_cgv'] as const) {
      const { error } = await getSupabase().from(table).delete().eq('restaurant_id', id);
      expect(error).toBeNull();
    }
    const info = await informationApi.load(id);
    expect(info).toMatchObject({ stored: false, value: { name: information.name, contact: { email: '', whatsapp: '', phone: '', responseTime: 'medium' } } });
    expect(await hoursApi.load(id)).toEqual({ stored: false, value: defaultHours('edit') });
    expect((await billingApi.load(id)).stored).toBe(false);
    expect(await cgvApi.load(id)).toEqual({ stored: false, value: defaultCgv() });

    // The proposal saved as shown is what is stored.
    await informationApi.save(id, info.value);
    await hoursApi.save(id, defaultHours('edit'));
    await cgvApi.save(id, stored);
    expect(await informationApi.load(id)).toEqual({ stored: true, value: info.value });
    expect(await hoursApi.load(id)).toEqual({ stored: true, value: defaultHours('edit') });
    expect((await cgvApi.load(id)).stored).toBe(true);
  });

  it('the amenities missing alone is not stored either', async () => {
    const id = await newRestaurant();
    await informationApi.save(id, information);
    expect((await getSupabase().from('restaurant_amenities').delete().eq('restaurant_id', id)).error).toBeNull();
    expect((await informationApi.load(id)).stored).toBe(false);
  });
});
