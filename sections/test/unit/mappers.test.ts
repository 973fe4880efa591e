import { TIME_SLOTS } from '@tablee/sections';
import { billingFromRow, billingToRow, cgvFromRow, defaultBilling, hoursFromRows, menusFromRows, photoFromRow, restaurantFromRow } from '../../src/mappers';
import { hoursToRpc } from '../../src/hours/rules';
import type { HoursRow, MenuRow } from '../../src/rows';

// What the generated types do not promise but the mappers still read: numbers as strings, missing embeds.
const asNumber = (text: string) => text as unknown as number;

describe('row ↔ model mappers of the sections', () => {
  it('maps a restaurant with its embedded amenities and contact, with the spec defaults', () => {
    const r = restaurantFromRow({
      id: 'r1',
      user_id: 'u1',
      name: 'Chez Nous',
      url: null,
      first_message: 'Bonjour',
      address: '1 rue A',
      description: '',
      has_different_hours_settings: true,
      updated_at: '2026-01-01T00:00:00Z',
      restaurant_amenities: [{ ground_floor: true, accessible_to_disabled: false, parking: false, air_conditioning: false, wifi: true, valet_parking: false }],
      restaurant_contacts: null,
    });
    expect(r).toMatchObject({ id: 'r1', userId: 'u1', name: 'Chez Nous', firstMessage: 'Bonjour', url: undefined, hasDifferentHoursSettings: true });
    expect(r.information!.amenities).toEqual({ groundFloor: true, accessibleToDisabled: false, parking: false, airConditioning: false, wifi: true, valetParking: false });
    expect(r.information!.contact).toEqual({ email: '', whatsapp: '', phone: '', responseTime: 'medium' });
  });

  it('maps a photo, numeric sizes arriving as strings', () => {
    expect(photoFromRow({ id: 'p', url: 'u', filename: 'r/1-a.png', original_filename: null, file_size: asNumber('2048'), display_order: 2, alt_text: null })).toEqual({
      id: 'p',
      url: 'u',
      altText: '',
      displayOrder: 2,
      originalFilename: '1-a.png',
      fileSize: 2048,
    });
  });

  it('round-trips billing and defaults to France, percentage, payment on site', () => {
    expect(billingFromRow(null)).toEqual(defaultBilling());
    expect(defaultBilling().headquartersAddress.country).toBe('France');
    const b = defaultBilling();
    b.paymentConditions = { requiresDeposit: true, depositMethod: 'acompte', depositType: 'fixed', depositAmount: 50, paymentLink: ' https://buy.stripe.com/x ' };
    b.remainingPayment = { onSite: false, online: true };
    const row = billingToRow('r1', b);
    expect(row).toMatchObject({
      restaurant_id: 'r1',
      deposit_type: 'fixed',
      deposit_amount: 50,
      deposit_method: 'acompte',
      payment_onsite: false,
      payment_online: true,
      payment_link: 'https://buy.stripe.com/x',
    });
    expect(billingFromRow({ ...row, deposit_amount: asNumber('50.00') })).toEqual({ ...b, paymentConditions: { ...b.paymentConditions, paymentLink: 'https://buy.stripe.com/x' } });
    // No link: none stored (null), read back as ''.
    const none = billingToRow('r1', { ...b, paymentConditions: { ...b.paymentConditions, paymentLink: '  ' } });
    expect(none.payment_link).toBeNull();
    expect(billingFromRow({ ...none, deposit_amount: 50 }).paymentConditions.paymentLink).toBe('');
  });

  it('reads the CGV: none stored, or a policy outside the choices, leaves it unchosen', () => {
    expect(cgvFromRow(null)).toEqual({ link: '' });
    expect(cgvFromRow({ cancellation_policy: '48h', modification_policy: '3_semaines', link: null })).toEqual({ cancellationPolicy: '48h', modificationPolicy: undefined, link: '' });
  });

  it('reads menus in display order, items and alternatives too, with the kids menu apart', () => {
    const noEmbeds = { menu_items: null, menu_item_alternatives: null } as unknown as Pick<MenuRow, 'menu_items' | 'menu_item_alternatives'>;
    const menu = { price_per_person: asNumber('32.50'), content: null, menu_type: 'sharing', available_lunch: true, available_dinner: false, ...noEmbeds };
    const menus = menusFromRows([
      {
        ...menu,
        id: 'b',
        name: 'Second',
        is_children_menu: false,
        display_order: 2,
        menu_items: [
          { name: 'Tarte', type: 'dessert', display_order: 2 },
          { name: 'Soupe', type: 'starter', display_order: 1 },
        ],
      },
      { ...menu, id: 'k', name: 'Enfant', is_children_menu: true, display_order: 3 },
      { ...menu, id: 'a', name: 'Premier', is_children_menu: false, display_order: 1 },
    ]);
    expect(menus.regularMenus.map((m) => m.name)).toEqual(['Premier', 'Second']);
    expect(menus.regularMenus[1].items.map((i) => i.name)).toEqual(['Soupe', 'Tarte']);
    expect(menus.regularMenus[0]).toMatchObject({ pricePerPerson: 32.5, content: '', menuType: 'sharing', availability: { lunch: true, dinner: false }, alternatives: [] });
    expect(menus.childrenMenu).toMatchObject({ id: 'k', isKidsMenu: true });
  });

  it('reads hours with the spec defaults; they are saved one entry per open day, arrival times only for open services', () => {
    const base = hoursFromRows(['monday', 'tuesday'], false, [], []);
    expect(base.defaultSettings.lunchService.hours).toEqual({ from: '12:00', to: '14:00' });
    expect(base.defaultSettings.dinnerService.groupSize).toEqual({ min: 1, max: 20 });
    base.defaultSettings.lunchService.arrivalTimes = ['12:00', '12:30'];
    base.defaultSettings.dinnerService.isOpen = false;
    base.defaultSettings.dinnerService.arrivalTimes = ['19:00'];
    const payload = hoursToRpc(base);
    expect(payload.days.map((d) => d.day)).toEqual(['monday', 'tuesday']);
    expect(payload.days[0].lunchService.arrivalTimes).toEqual(['12:00', '12:30']);
    expect(payload.days[0].dinnerService.arrivalTimes).toEqual([]);
    // Only the columns this round trip is about.
    const rows = payload.days.map((d) => ({ day: d.day, lunch_from_time: '12:00:00', dinner_is_open: d.dinnerService.isOpen })) as HoursRow[];
    const arrivals = payload.days.flatMap((d) => d.lunchService.arrivalTimes.map((t) => ({ day: d.day, service: 'lunch', arrival_time: `${t}:00` })));
    const back = hoursFromRows(['monday', 'tuesday'], false, rows, arrivals);
    expect(back.defaultSettings.lunchService.arrivalTimes).toEqual(['12:00', '12:30']);
    expect(back.defaultSettings.dinnerService.isOpen).toBe(false);
  });

  it('offers 96 time slots from 00:00 to 23:45', () => {
    expect(TIME_SLOTS).toHaveLength(96);
    expect(TIME_SLOTS[0]).toBe('00:00');
    expect(TIME_SLOTS[95]).toBe('23:45');
  });
});
