/** The link page's states that need no server: parameters missing from the URL, and a service that cannot be reached. */
import { randomBytes } from 'node:crypto';
import { screen } from '@testing-library/react';
import { pointReservationApiAt, renderLink, TEXT } from '../render';

// Nothing listens on the discard port: every call is refused at once, as when the service is down.
const CLOSED = 'http://127.0.0.1:9/api';

const numero = () => `TST-${randomBytes(4).toString('hex').toUpperCase()}`;
const code = () => randomBytes(32).toString('hex');

beforeEach(() => pointReservationApiAt(CLOSED));

describe('parameters missing from the URL', () => {
  it.each([
    ['no reservation number', '/reservations'],
    ['a reservation number only', `/reservations/${numero()}`],
    ['an accept link without its code', `/reservations/${numero()}/accept`],
  ])("%s: the accept failure with 'Paramètres manquants dans l'URL', at once (no call, no loading state)", (_case, path) => {
    renderLink(path);
    // Synchronously after the first render: the page never shows its loading state, so it called nothing.
    expect(screen.getByText(TEXT.acceptFailed)).toBeInTheDocument();
    expect(screen.getByText(TEXT.someError)).toBeInTheDocument();
    expect(screen.getByText(TEXT.missingParameters)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.loading)).not.toBeInTheDocument();
    expect(screen.queryByText(TEXT.unreachable)).not.toBeInTheDocument();
  });

  it.each([
    ['without its code', `/reservations/${numero()}/reject`],
    ['with more than its code', `/reservations/${numero()}/reject/${code()}/x`],
  ])("a reject link %s says 'Échec du refus', not the accept failure (no call)", (_case, path) => {
    renderLink(path);
    expect(screen.getByText(TEXT.rejectFailed)).toBeInTheDocument();
    expect(screen.getByText(TEXT.missingParameters)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.acceptFailed)).not.toBeInTheDocument();
    expect(screen.queryByText(TEXT.loading)).not.toBeInTheDocument();
  });
});

describe('reservation service unreachable', () => {
  it("accept link: 'Traitement en cours...', then 'Échec de l'acceptation' saying the service cannot be reached", async () => {
    renderLink(`/reservations/${numero()}/accept/${code()}`);
    expect(screen.getByText(TEXT.loading)).toBeInTheDocument();
    expect(await screen.findByText(TEXT.acceptFailed)).toBeInTheDocument();
    expect(screen.getByText(TEXT.someError)).toBeInTheDocument();
    expect(screen.getByText(TEXT.unreachable)).toBeInTheDocument();
    // The French sentence only: not the browser's 'Failed to fetch' (or any fetch error) as a detail.
    expect(document.body.textContent).not.toMatch(/fetch/i);
    expect(screen.queryByText(TEXT.loading)).not.toBeInTheDocument();
    expect(screen.queryByText(TEXT.rejectFailed)).not.toBeInTheDocument();
    // Not a refusal of the link by the service: no advice to check it.
    expect(screen.queryByText(TEXT.checkLink)).not.toBeInTheDocument();
    expect(screen.queryByText(TEXT.missingParameters)).not.toBeInTheDocument();
  });

  it("reject link: 'Échec du refus', not the accept failure title", async () => {
    renderLink(`/reservations/${numero()}/reject/${code()}`);
    expect(screen.getByText(TEXT.loading)).toBeInTheDocument();
    expect(await screen.findByText(TEXT.rejectFailed)).toBeInTheDocument();
    expect(screen.getByText(TEXT.unreachable)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.acceptFailed)).not.toBeInTheDocument();
    expect(screen.queryByText(TEXT.checkLink)).not.toBeInTheDocument();
  });
});
