import { RESERVATION_FILTER_LABELS, statusFromCode, statusToCode } from '../../src/reservation-status';

describe('reservation status mapping', () => {
  it('reads 0..4 as pending, accepted, rejected, paid, cancelled', () => {
    expect([0, 1, 2, 3, 4].map(statusFromCode)).toEqual(['pending', 'accepted', 'rejected', 'paid', 'cancelled']);
  });

  it('reads numeric strings like numbers', () => {
    expect(statusFromCode('3')).toBe('paid');
  });

  it('reads unknown values as pending', () => {
    for (const v of [5, -1, 1.5, null, undefined, 'x', '', {}]) expect(statusFromCode(v)).toBe('pending');
  });

  it('writes statuses back to the same codes', () => {
    expect(statusToCode('cancelled')).toBe(4);
    expect(statusToCode('paid')).toBe(3);
    for (const s of ['pending', 'accepted', 'rejected', 'paid', 'cancelled'] as const) expect(statusFromCode(statusToCode(s))).toBe(s);
  });

  it('labels the filter in French', () => {
    expect(RESERVATION_FILTER_LABELS).toEqual({
      all: 'Toutes les réservations',
      pending: 'En attente',
      accepted: 'Acceptées',
      rejected: 'Refusées',
      cancelled: 'Annulées',
      paid: 'Payées',
    });
  });
});
