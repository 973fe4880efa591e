import { TIME_SLOTS } from '@tablee/sections';
import { billingFromRow, billingToRow, cgvFromRow, cgvToSave, defaultBilling, hoursFromRows, menusFromRows, photoFromRow, restaurantFromRow } from '../../src/mappers';
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
    const none = { advancePaymentNature: 'arrhes', noShowFee: { type: 'none' } };
    expect(cgvFromRow(null)).toEqual({ link: '', ...none });
    expect(cgvFromRow({ cancellation_policy: '48h', modification_policy: '3_semaines', link: null })).toEqual({ cancellationPolicy: '48h', modificationPolicy: undefined, link: '', ...none });
  });

  it('reads the advance’s nature (arrhes unless acompte) and the no-show fee in euros (none without a type and an amount)', () => {
    const row = { cancellation_policy: '48h', modification_policy: '24h', link: null };
    expect(cgvFromRow({ ...row, advance_payment_nature: 'arrhes', no_show_fee_type: null, no_show_fee_cents: null })).toMatchObject({
      advancePaymentNature: 'arrhes',
      noShowFee: { type: 'none' },
    });
    expect(cgvFromRow({ ...row, advance_payment_nature: 'acompte', no_show_fee_type: 'per_person', no_show_fee_cents: 1550 })).toMatchObject({
      advancePaymentNature: 'acompte',
      noShowFee: { type: 'per_person', amount: 15.5 },
    });
    expect(cgvFromRow({ ...row, advance_payment_nature: 'autre', no_show_fee_type: 'fixed', no_show_fee_cents: 10_000_000 })).toMatchObject({
      advancePaymentNature: 'arrhes',
      noShowFee: { type: 'fixed', amount: 100_000 },
    });
    expect(cgvFromRow({ ...row, no_show_fee_type: 'par_table', no_show_fee_cents: 500 }).noShowFee).toEqual({ type: 'none' });
    expect(cgvFromRow({ ...row, no_show_fee_type: 'fixed', no_show_fee_cents: null }).noShowFee).toEqual({ type: 'none' });
  });

  it('writes the CGV as save_restaurant_cgv takes them: the link trimmed, the fee in euros to the cent or null', () => {
    const value = { cancellationPolicy: '48h', modificationPolicy: '24h', link: ' https://exemple.fr/cgv.pdf ' } as const;
    expect(cgvToSave({ ...value, advancePaymentNature: 'acompte', noShowFee: { type: 'per_person', amount: 15.5 } })).toEqual({
      cancellationPolicy: '48h',
      modificationPolicy: '24h',
      link: 'https://exemple.fr/cgv.pdf',
      advancePaymentNature: 'acompte',
      noShowFee: { type: 'per_person', amount: 15.5 },
    });
    expect(cgvToSave({ ...value, advancePaymentNature: 'arrhes', noShowFee: { type: 'fixed', amount: 0.1 + 0.2 } }).noShowFee).toEqual({ type: 'fixed', amount: 0.3 });
    expect(cgvToSave({ ...value, advancePaymentNature: 'arrhes', noShowFee: { type: 'none', amount: 12 } }).noShowFee).toBeNull();
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
