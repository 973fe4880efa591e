import { isUuid } from '../../src/ids';
import { parseReservationFilter } from '../../src/reservation-status';

describe("rules of the operational screens' addresses", () => {
  it('ids in URLs must be UUIDs', () => {
    expect(isUuid('b6000000-0000-4000-8000-000000000001')).toBe(true);
    for (const v of ['', 'abc', 'b6000000-0000-4000-8000-00000000000', null, undefined]) expect(isUuid(v)).toBe(false);
  });

  it('an unknown filter in the URL means every reservation', () => {
    expect(parseReservationFilter('paid')).toBe('paid');
    for (const v of ['all', 'payée', '', null, '3']) expect(parseReservationFilter(v)).toBe('all');
  });
});
