import { reservationApiEndpoint, reservationApiError } from '../../src/config/app-config';

describe("the reservation service's addresses and answers", () => {
  it('an API path lands under the configured base, with one slash between them', () => {
    expect(reservationApiEndpoint('/links/abc', { reservationApiUrl: 'http://localhost:4305/api' })).toBe('http://localhost:4305/api/links/abc');
    expect(reservationApiEndpoint('links/abc', { reservationApiUrl: 'https://svc.tablee.fr/api/' })).toBe('https://svc.tablee.fr/api/links/abc');
  });

  it("a non-OK answer reads as 'Erreur API {status}: {message}', the service's French message when it sent one", () => {
    expect(reservationApiError(409, JSON.stringify({ message: 'Cette réservation a déjà été traitée.' }))).toBe('Erreur API 409: Cette réservation a déjà été traitée.');
    expect(reservationApiError(502, 'Bad Gateway')).toBe('Erreur API 502: Bad Gateway');
  });
});
