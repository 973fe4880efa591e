import { amountDueCents, RESERVATION_FILTER_LABELS, reservationBadge, statusFromCode, statusToCode } from '../../src/reservation-status';

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

  it('a paid reservation of which only the sum paid in advance was received reads « Arrhes reçues » or « Acompte reçu » (the CGV’s word), with what is still due', () => {
    const paid = (amountReceivedCents: number | null, totalAmount = 400) => ({ status: 'paid' as const, totalAmount, amountReceivedCents });
    expect(amountDueCents(paid(12_000))).toBe(28_000);
    expect(amountDueCents(paid(4_752, 158.4))).toBe(11_088);
    expect(reservationBadge(paid(12_000), 'acompte').label).toBe('Acompte reçu');
    expect(reservationBadge(paid(12_000), 'arrhes').label).toBe('Arrhes reçues');
    // The word not known yet (the CGV still loading): 'Payée', true whatever the word.
    expect(reservationBadge(paid(12_000)).label).toBe('Payée');
    // Paid in full (to the cent, whatever floating point makes of the euros), or paid before amounts were recorded: 'Payée', nothing due.
    for (const r of [paid(40_000), paid(null), paid(15_840, 158.4), paid(1_030, 10.3)]) {
      expect(amountDueCents(r)).toBeNull();
      expect(reservationBadge(r, 'arrhes').label).toBe('Payée');
    }
    expect(amountDueCents({ status: 'accepted', totalAmount: 400, amountReceivedCents: null })).toBeNull();
    expect(reservationBadge({ status: 'no_show', totalAmount: 400, amountReceivedCents: 12_000 }).label).toBe('Non présenté');
  });
});
