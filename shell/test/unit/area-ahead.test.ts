import { areaOf } from '../../src/app/area-ahead';

it('names the area a full load starts ahead: its remote, and the restaurant layout around it', () => {
  expect(areaOf('/restaurants/r1/operational/reservations')).toEqual({ remote: 'mfe_operations', layout: true });
  expect(areaOf('/restaurants/r1/operational')).toEqual({ remote: 'mfe_operations', layout: true });
  expect(areaOf('/restaurants/r1/information')).toEqual({ remote: 'mfe_restaurant_profile', layout: true });
  expect(areaOf('/onboarding/r1')).toEqual({ remote: 'mfe_onboarding', layout: false });
  for (const other of ['/dashboard', '/account', '/restaurants/r1', '/restaurants', '/reservations/R-1/accept/x']) expect(areaOf(other)).toBeUndefined();
});
