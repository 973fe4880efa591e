import {
  billingFromRow,
  billingToRow,
  cgvToRow,
  conversationFromRow,
  defaultBilling,
  hoursFromRows,
  hoursToRows,
  photoFromRow,
  reservationFromRow,
  restaurantFromRow,
  restaurantToRow,
} from '../../src/domain/mappers';
import type { ReservationRow } from '../../src/domain/rows';
import { TIME_SLOTS } from '../../src/constants';

describe('row ↔ model mappers', () => {
  it('maps a restaurant with its embedded amenities and contact, with the spec defaults', () => {
    const r = restaurantFromRow({
      id: 'r1', user_id: 'u1', name: 'Chez Nous', url: null, first_message: 'Bonjour', address: '1 rue A', description: '',
      has_different_hours_settings: true, updated_at: '2026-01-01T00:00:00Z',
      restaurant_amenities: [{ ground_floor: true, accessible_to_disabled: null, parking: false, air_conditioning: false, wifi: true, valet_parking: false }],
      restaurant_contacts: null,
    });
    expect(r).toMatchObject({ id: 'r1', userId: 'u1', name: 'Chez Nous', firstMessage: 'Bonjour', url: undefined, hasDifferentHoursSettings: true });
    expect(r.information!.amenities).toEqual({ groundFloor: true, accessibleToDisabled: false, parking: false, airConditioning: false, wifi: true, valetParking: false });
    expect(r.information!.contact).toEqual({ email: '', whatsapp: '', responseTime: 'medium' });
  });

  it('writes an empty url as null and trims it', () => {
    expect(restaurantToRow({ name: 'A', address: 'B', description: '', url: '  ' })).toEqual({ name: 'A', address: 'B', description: '', url: null });
    expect(restaurantToRow({ name: 'A', address: 'B', description: '', url: ' https://x.fr ' }).url).toBe('https://x.fr');
  });

  it('maps a photo, numeric sizes arriving as strings', () => {
    expect(photoFromRow({ id: 'p', restaurant_id: 'r', url: 'u', filename: 'r/1-a.png', original_filename: null, file_size: '2048', mime_type: 'image/png', display_order: 2, alt_text: null, created_at: '' }))
      .toEqual({ id: 'p', url: 'u', altText: '', displayOrder: 2, originalFilename: '1-a.png', fileSize: 2048 });
  });

  it('round-trips billing and defaults to France, percentage, payment on site', () => {
    expect(billingFromRow(null)).toEqual(defaultBilling());
    expect(defaultBilling().headquartersAddress.country).toBe('France');
    const b = defaultBilling();
    b.paymentConditions = { requiresDeposit: true, depositMethod: 'acompte', depositType: 'fixed', depositAmount: 50 };
    b.remainingPayment = { onSite: false, online: true };
    const row = billingToRow('r1', b);
    expect(row).toMatchObject({ restaurant_id: 'r1', deposit_type: 'fixed', deposit_amount: 50, deposit_method: 'acompte', payment_onsite: false, payment_online: true });
    expect(billingFromRow({ ...row, deposit_amount: '50.00' })).toEqual(b);
  });

  it('trims the CGV link and stores none when empty', () => {
    const now = new Date('2026-02-03T04:05:06Z');
    expect(cgvToRow({ restaurantId: 'r', cancellationPolicy: '48h', modificationPolicy: '7_days', link: '   ' }, now)).toEqual({
      restaurant_id: 'r', cancellation_policy: '48h', modification_policy: '7_days', link: null, updated_at: '2026-02-03T04:05:06.000Z',
    });
  });

  it('orders messages oldest first and derives the last message and count', () => {
    const c = conversationFromRow({
      id: 'c1', restaurant_id: 'r', created_at: 'a', updated_at: 'b',
      messages: [
        { id: 'm2', role: 'assistant', content: 'Bonjour !', created_at: '2026-01-01T10:01:00Z' },
        { id: 'm1', role: 'user', content: 'Salut', created_at: '2026-01-01T10:00:00Z' },
      ],
    });
    expect(c.messages!.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(c.messageCount).toBe(2);
    expect(c.lastMessage).toMatchObject({ id: 'm2', role: 'assistant', conversationId: 'c1' });
  });

  it('maps a reservation: restaurant-facing id, status code, HH:MM, options', () => {
    const row: ReservationRow = {
      id: 'uuid', restaurant_id: 'r', conversation_id: null, numero_reservation_restaurateur: 'R-0042', numero_reservation: 'N42',
      code_reservation: 'CR', status: 4, is_accepted: false, customer_name: 'Mme Dupont', email: null,
      phone_number: null, selected_menu: 'Menu', total_amount: '420.50', number_people: 12, children: 2, reservation_date: '2026-06-01',
      arrival_time: '19:30:00', options: [{ title: 'Vin', price: '5', quantity: 3 }, 'junk'], created_at: '2026-05-01T00:00:00Z',
    };
    expect(reservationFromRow(row)).toMatchObject({
      id: 'R-0042', rowId: 'uuid', status: 'cancelled', totalAmount: 420.5, arrivalTime: '19:30', children: 2,
      options: [{ title: 'Vin', price: 5, quantity: 3 }], email: '', conversationId: undefined,
    });
    expect(reservationFromRow({ ...row, status: 9 }).status).toBe('pending');
  });

  it('writes hours as one row per open day and arrival times only for open services', () => {
    const base = hoursFromRows(['monday', 'tuesday'], false, [], []);
    expect(base.defaultSettings.lunchService.hours).toEqual({ from: '12:00', to: '14:00' });
    expect(base.defaultSettings.dinnerService.groupSize).toEqual({ min: 1, max: 20 });
    base.defaultSettings.lunchService.arrivalTimes = ['12:00', '12:30'];
    base.defaultSettings.dinnerService.isOpen = false;
    base.defaultSettings.dinnerService.arrivalTimes = ['19:00'];
    const { hours, arrivalTimes } = hoursToRows('r', base);
    expect(hours.map((h) => h.day)).toEqual(['monday', 'tuesday']);
    expect(hours[0]).toMatchObject({ lunch_from_time: '12:00', dinner_is_open: false });
    expect(arrivalTimes).toHaveLength(4);
    expect(arrivalTimes.every((a) => a.service === 'lunch')).toBe(true);
    const back = hoursFromRows(['monday', 'tuesday'], false, hours.map((h) => ({ ...h, lunch_from_time: '12:00:00' })), arrivalTimes.map((a) => ({ ...a, arrival_time: `${a.arrival_time}:00` })));
    expect(back.defaultSettings.lunchService.arrivalTimes).toEqual(['12:00', '12:30']);
    expect(back.defaultSettings.lunchService.hours.from).toBe('12:00');
  });

  it('offers 96 time slots from 00:00 to 23:45', () => {
    expect(TIME_SLOTS).toHaveLength(96);
    expect(TIME_SLOTS[0]).toBe('00:00');
    expect(TIME_SLOTS[95]).toBe('23:45');
  });
});
