import { amountDue, RESERVATION_FILTER_LABELS, reservationBadge, statusFromCode, statusToCode } from '../../src/reservation-status';

describe('reservation status mapping', () => {
  it('reads 0..5 as pending, accepted, rejected, paid, cancelled, no_show', () => {
    expect([0, 1, 2, 3, 4, 5].map(statusFromCode)).toEqual(['pending', 'accepted', 'rejected', 'paid', 'cancelled', 'no_show']);
  });

  it('reads numeric strings like numbers', () => {
    expect(statusFromCode('3')).toBe('paid');
  });

  it('reads unknown values as pending', () => {
    for (const v of [6, -1, 1.5, null, undefined, 'x', '', {}]) expect(statusFromCode(v)).toBe('pending');
  });

  it('writes statuses back to the same codes', () => {
    expect(statusToCode('cancelled')).toBe(4);
    expect(statusToCode('paid')).toBe(3);
    for (const s of ['pending', 'accepted', 'rejected', 'paid', 'cancelled', 'no_show'] as const) expect(statusFromCode(statusToCode(s))).toBe(s);
  });

  it('labels the filter in French', () => {
    expect(RESERVATION_FILTER_LABELS).toEqual({
      all: 'Toutes les réservations',
      pending: 'En attente',
      accepted: 'Acceptées',
      rejected: 'Refusées',
      cancelled: 'Annulées',
      paid: 'Payées / acompte reçu',
      no_show: 'Non présentés',
    });
  });

  it('a paid reservation of which only the acompte was received reads « Acompte reçu », with what is still due', () => {
    const paid = (amountReceived: number | null) => ({ status: 'paid' as const, totalAmount: 400, amountReceived });
    expect(amountDue(paid(120))).toBe(280);
    expect(reservationBadge(paid(120)).label).toBe('Acompte reçu');
    // Paid in full, or paid before amounts were recorded: 'Payée', nothing due.
    for (const r of [paid(400), paid(null)]) {
      expect(amountDue(r)).toBeNull();
      expect(reservationBadge(r).label).toBe('Payée');
    }
    expect(amountDue({ status: 'accepted', totalAmount: 400, amountReceived: null })).toBeNull();
    expect(reservationBadge({ status: 'no_show', totalAmount: 400, amountReceived: 120 }).label).toBe('Non présenté');
  });
});
