import { reservationServiceOrigin } from '../../src/config/app-config';

describe("the reservation service's addresses", () => {
  it('the sheets live on the reservation service origin: its API URL without the trailing /api', () => {
    expect(reservationServiceOrigin({ reservationApiUrl: 'http://localhost:4305/api' })).toBe('http://localhost:4305');
    expect(reservationServiceOrigin({ reservationApiUrl: 'https://svc.tablee.fr/api/' })).toBe('https://svc.tablee.fr');
    expect(reservationServiceOrigin({ reservationApiUrl: 'https://svc.tablee.fr/apis' })).toBe('https://svc.tablee.fr/apis');
  });
});
