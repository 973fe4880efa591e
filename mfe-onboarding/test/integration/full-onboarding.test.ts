import type { AdditionalOption, Billing, Hours, Menus } from '@tablee/domain';
import { billingApi, hoursApi, informationApi, menusApi, optionsApi, photosApi, uploadPhoto, type InformationValue } from '@tablee/sections';
import { File as NodeFile } from 'node:buffer';
import { png } from '../../../local-supabase/test/images';
import { createRestaurant } from '../../src/features/intro/api/createRestaurant';
import { ONBOARDING_SECTION_STEPS } from '../../src/features/wizard/onboardingSteps';
import type { OnboardingStepKey } from '../../src/features/wizard/steps';
import { signInNewOwner } from '../session';

/*
 * A whole onboarding through the apis the wizard's steps use (one rpc per save, real local-supabase):
 * what the owner entered at each step is what the restaurant holds afterwards, read back both through
 * the edit tabs' apis and straight from the tables.
 */
const api = (key: OnboardingStepKey) => ONBOARDING_SECTION_STEPS.find((s) => s.key === key)!.api;
const withoutIds = <T extends { id?: string }>(list: T[]) => list.map(({ id: _id, ...rest }) => rest);

const information: InformationValue = {
  name: 'Le Comptoir des Canuts',
  address: '12 rue d’Austerlitz, 69004 Lyon',
  description: 'Bouchon lyonnais, salle voûtée de 60 couverts.',
  amenities: { groundFloor: true, accessibleToDisabled: true, parking: false, airConditioning: true, wifi: true, valetParking: false },
  // As the form shows them: French format (stored in E.164, checked below).
  contact: { email: 'contact@comptoir-canuts.fr', whatsapp: '06 12 34 56 78', phone: '', responseTime: 'fast' },
  url: '',
};

const service = (from: string, to: string, arrivalTimes: string[], isOpen = true) => ({
  isOpen,
  hours: { from, to },
  arrivalTimes: isOpen ? arrivalTimes : [],
  groupSize: { min: 12, max: 40 },
  allowALaCarte: false,
  maxALaCarteSize: 15,
  partialPrivatizationSupplement: true,
  partialPrivatizationMinSize: 20,
  partialPrivatizationAmount: 150,
  capacity: isOpen ? 48 : null,
});

const menus: Menus = {
  regularMenus: [
    {
      name: 'Menu Canut',
      pricePerPerson: 38.5,
      content: 'Cervelle de canut, quenelle, tarte aux pralines',
      menuType: 'choice',
      availability: { lunch: true, dinner: false },
      items: [
        { name: 'Cervelle de canut', type: 'starter' },
        { name: 'Quenelle de brochet', type: 'main' },
        { name: 'Tarte aux pralines', type: 'dessert' },
      ],
      alternatives: [{ name: 'Quenelle végétale', type: 'main', isGlutenFree: false, isVegan: true, otherDietaryNotes: 'sans lactose' }],
      isKidsMenu: false,
    },
  ],
  childrenMenu: {
    name: 'Menu Enfant',
    pricePerPerson: 12,
    content: '',
    menuType: 'choice',
    availability: { lunch: true, dinner: true },
    items: [{ name: 'Steak haché frites', type: 'main' }],
    alternatives: [],
    isKidsMenu: true,
  },
};

const options: AdditionalOption[] = [
  { title: 'Apéritif maison', price: 6.5, priceType: 'per_person' },
  { title: 'Gâteau d’anniversaire', price: 45, priceType: 'total' },
];

const billing: Billing = {
  legalInformation: { companyName: 'Canuts SAS', legalForm: 'SAS', siretNumber: '73282932000074', rcsCity: 'Lyon', vatNumber: 'FR44732829320' },
  headquartersAddress: { address: '12 rue d’Austerlitz', postalCode: '69004', city: 'Lyon', country: 'France' },
  paymentConditions: { requiresDeposit: true, depositMethod: 'acompte', depositType: 'percentage', depositAmount: 30, paymentLink: 'https://buy.stripe.com/test_canuts' },
  remainingPayment: { onSite: false, online: true },
  bankDetails: { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' },
  billingContact: { name: 'Marie Dupont', email: 'compta@comptoir-canuts.fr', phone: '04 78 00 00 00' },
};

it('a full onboarding leaves a restaurant identical to what was entered, field by field', async () => {
  const { client, userId } = await signInNewOwner();
  const id = await createRestaurant();

  // 1. Information.
  await api('information').save(id, information);

  // 2. Photos: the upload stores the file and its row; the step saves the alt text.
  const file = new NodeFile([png(8, 6)], 'salle.png', { type: 'image/png' }) as unknown as File;
  const uploaded = await uploadPhoto(id, file, 1);
  await api('photos').save(id, { photos: [{ ...uploaded, altText: 'La salle voûtée' }] });

  // 3. Hours: the onboarding step starts from all seven days; the owner closes Monday and dinner.
  const hoursStart = (await api('hours').load(id)).value as Hours;
  expect(hoursStart.daysOpen).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
  const hours: Hours = {
    ...hoursStart,
    daysOpen: ['tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    defaultSettings: { lunchService: service('11:45', '14:30', ['12:00', '12:30', '13:00']), dinnerService: service('19:00', '22:00', [], false) },
  };
  await api('hours').save(id, hours);

  // 4–6. Menus, options, billing.
  await api('menus').save(id, menus);
  await api('options').save(id, { options });
  await api('billing').save(id, billing);

  // Read back through the edit tabs' apis: every field as entered.
  expect((await informationApi.load(id)).value).toEqual(information);
  const { photos } = (await photosApi.load(id)).value;
  expect(photos).toEqual([{ ...uploaded, altText: 'La salle voûtée' }]);
  expect(photos[0]).toMatchObject({ originalFilename: 'salle.png', fileSize: png(8, 6).length, displayOrder: 1 });
  expect((await hoursApi.load(id)).value).toEqual(hours);
  const storedMenus = (await menusApi.load(id)).value;
  expect(withoutIds(storedMenus.regularMenus)).toEqual(menus.regularMenus);
  expect(withoutIds([storedMenus.childrenMenu!])).toEqual([menus.childrenMenu]);
  expect(withoutIds((await optionsApi.load(id)).value.options)).toEqual(options);
  expect((await billingApi.load(id)).value).toEqual(billing);

  // And straight from the tables (independent of the mappers).
  const { data: row, error } = await client
    .from('restaurants')
    .select(
      'user_id, name, address, description, days_open, restaurant_contacts(email, whatsapp, response_time), restaurant_hours(day, lunch_from_time, lunch_group_min, dinner_is_open), restaurant_arrival_times(day, service, arrival_time), restaurant_billing(iban, deposit_method, deposit_amount, payment_online), restaurant_options(title, price, price_type), restaurant_photos(alt_text, original_filename)',
    )
    .eq('id', id)
    .single();
  expect(error).toBeNull();
  const r = row!;
  expect(r).toMatchObject({ user_id: userId, name: information.name, address: information.address, description: information.description, days_open: hours.daysOpen });
  expect([r.restaurant_contacts].flat()).toEqual([{ email: 'contact@comptoir-canuts.fr', whatsapp: '+33612345678', response_time: 'fast' }]);
  expect(r.restaurant_hours.map((h) => h.day).sort()).toEqual([...hours.daysOpen].sort());
  expect(r.restaurant_hours.every((h) => h.lunch_from_time.startsWith('11:45') && h.lunch_group_min === 12 && h.dinner_is_open === false)).toBe(true);
  // Arrival times: three per open day, lunch only (dinner is closed).
  expect(r.restaurant_arrival_times).toHaveLength(3 * 6);
  expect(new Set(r.restaurant_arrival_times.map((a) => a.service))).toEqual(new Set(['lunch']));
  expect([r.restaurant_billing].flat()).toEqual([{ iban: billing.bankDetails.iban, deposit_method: 'acompte', deposit_amount: 30, payment_online: true }]);
  expect(r.restaurant_options).toEqual(expect.arrayContaining([{ title: 'Apéritif maison', price: 6.5, price_type: 'per_person' }]));
  expect(r.restaurant_photos).toEqual([{ alt_text: 'La salle voûtée', original_filename: 'salle.png' }]);
});

it('Démarrer stores the seven days and the group minimum of 10 the hours step shows', async () => {
  await signInNewOwner();
  const id = await createRestaurant();
  const step = ONBOARDING_SECTION_STEPS.find((s) => s.key === 'hours')!;
  const loaded = await step.api.load(id);
  const shown = loaded.value;
  expect(shown.daysOpen).toHaveLength(7);
  expect([shown.defaultSettings.lunchService.groupSize.min, shown.defaultSettings.dinnerService.groupSize.min]).toEqual([10, 10]);
  // Already stored: nothing for the step to save on the owner's behalf, and the edit tab shows the same.
  expect(loaded.stored).toBe(true);
  expect((await hoursApi.load(id)).value).toEqual(shown);
});
