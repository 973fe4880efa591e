/**
 * The one-click link page against a real reservation service (its own process) and the run's
 * local-supabase: each test makes its own reservation at the file's own copy of the demo restaurant (the
 * seed is read-only for tests) — a pending request as the chatbot submits it, or a decided or past one
 * written directly —, opens its link, and reads the row back from the database.
 */
import { randomBytes } from 'node:crypto';
import { screen, waitFor } from '@testing-library/react';
import { startLinkCall } from '../../src/routes';
import { pointReservationApiAt, renderLink, TEXT } from '../render';
import { decisionMessages, ownRestaurant, readRow, startReservationService, submitRequest, writeReservation, type RunningService } from '../reservation-service';

let service: RunningService | undefined;

beforeAll(async () => {
  service = await startReservationService();
  pointReservationApiAt(service.apiUrl, process.env.TEST_SUPABASE_URL);
}, 45_000);

// Runs even when beforeAll or a test failed: the service never outlives the file.
afterAll(async () => {
  await service?.stop();
});

describe('a pending reservation', () => {
  it("accept link: 'Réservation acceptée !', its restaurant number, the customer's e-mail queued, status 1 in the database", async () => {
    const r = await submitRequest();
    renderLink(`/reservations/${r.numero}/accept/${r.code}`);
    expect(screen.getByText(TEXT.loading)).toBeInTheDocument();
    expect(await screen.findByText(TEXT.accepted)).toBeInTheDocument();
    expect(screen.getByText(`Réservation n° ${r.restaurateur}`)).toBeInTheDocument();
    expect(screen.getByText(TEXT.emailQueued)).toBeInTheDocument();
    expect(screen.getByText(TEXT.canClose)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.loading)).not.toBeInTheDocument();
    expect(await readRow(r.numero)).toMatchObject({ status: 1, is_accepted: true });
    expect(await decisionMessages(r.id)).toHaveLength(1);
  });

  it("reject link: 'Réservation refusée', its restaurant number, status 2 in the database", async () => {
    const r = await submitRequest();
    renderLink(`/reservations/${r.numero}/reject/${r.code}`);
    expect(await screen.findByText(TEXT.rejected)).toBeInTheDocument();
    expect(screen.getByText(`Réservation n° ${r.restaurateur}`)).toBeInTheDocument();
    expect(screen.getByText(TEXT.emailQueued)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.accepted)).not.toBeInTheDocument();
    expect(await readRow(r.numero)).toMatchObject({ status: 2, is_accepted: false });
    expect(await decisionMessages(r.id)).toHaveLength(1);
  });
});

describe('the call begun before the page (the shell calls startLinkCall as soon as the module is loaded)', () => {
  it("the page shows that call's outcome: accepted once, one e-mail queued, not 'Réservation déjà traitée'", async () => {
    const r = await submitRequest();
    const path = `/reservations/${r.numero}/accept/${r.code}`;
    startLinkCall(path);
    // The page renders once the call has decided the reservation: a second call would answer 409.
    await waitFor(async () => expect(await readRow(r.numero)).toMatchObject({ status: 1 }));
    renderLink(path);
    expect(await screen.findByText(TEXT.accepted)).toBeInTheDocument();
    expect(screen.getByText(TEXT.emailQueued)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.alreadyHandled)).not.toBeInTheDocument();
    expect(await decisionMessages(r.id)).toHaveLength(1);
  });
});

describe('a link that decides nothing', () => {
  it.each([
    ['accepted', 'reject', { status: 1 }, 'elle a déjà été acceptée'],
    ['refused', 'accept', { status: 2 }, 'elle a déjà été refusée'],
  ] as const)("an already %s reservation's %s link: 'Réservation déjà traitée', and nothing changes", async (_decided, action, decision, already) => {
    // A decided status: submit_group_request only makes pending requests.
    const r = await writeReservation(decision);
    const before = await readRow(r.numero);
    renderLink(`/reservations/${r.numero}/${action}/${r.code}`);
    expect(await screen.findByText(TEXT.alreadyHandled)).toBeInTheDocument();
    expect(screen.getByText(`Réservation n° ${r.restaurateur}`)).toBeInTheDocument();
    expect(screen.getByText(`Cette réservation a déjà été traitée : ${already}. Aucune modification n’a été faite.`)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.accepted)).not.toBeInTheDocument();
    expect(screen.queryByText(TEXT.rejected)).not.toBeInTheDocument();
    // An accept link (accept_reservation_by_link) names the reservation in the app, where it stands now.
    if (action === 'accept') {
      expect(screen.getByRole('link', { name: TEXT.openInApp })).toHaveAttribute('href', `/restaurants/${(await ownRestaurant()).restaurantId}/operational/reservations/${r.restaurateur}`);
    }
    expect(await readRow(r.numero)).toEqual(before);
    expect(await decisionMessages(r.id)).toHaveLength(0);
  });

  it.each([
    ['accept', TEXT.acceptFailed],
    ['reject', TEXT.rejectFailed],
  ] as const)('a wrong code on the %s link: %s, the service’s refusal, and the reservation still pending', async (action, failure) => {
    const r = await submitRequest();
    const before = await readRow(r.numero);
    renderLink(`/reservations/${r.numero}/${action}/${randomBytes(32).toString('hex')}`);
    expect(await screen.findByText(failure)).toBeInTheDocument();
    expect(screen.getByText(TEXT.someError)).toBeInTheDocument();
    // The service's French message, once, in French words only: no 'Erreur API 403:', no JSON.
    expect(screen.getByText('Code de gestion invalide : ce lien ne permet pas de gérer cette réservation.')).toBeInTheDocument();
    expect(screen.getAllByText(/Code de gestion invalide/)).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/Erreur API|403|"success"/);
    expect(screen.queryByRole('link', { name: TEXT.openInApp })).not.toBeInTheDocument();
    expect(screen.getByText(TEXT.checkLink)).toBeInTheDocument();
    // A wrong code learns nothing about the reservation.
    expect(screen.queryByText(`Réservation n° ${r.restaurateur}`)).not.toBeInTheDocument();
    expect(screen.queryByText(/Réservation n°/)).not.toBeInTheDocument();
    const after = await readRow(r.numero);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ status: 0, is_accepted: false });
    expect(await decisionMessages(r.id)).toHaveLength(0);
  });
});

describe('a pending request whose date is gone', () => {
  it('the accept link does not accept it: the failure names the date and sends the owner to the app, without advising to check the link', async () => {
    // A date gone by: submit_group_request refuses it.
    const r = await writeReservation({ reservation_date: '2026-01-15' });
    const before = await readRow(r.numero);
    renderLink(`/reservations/${r.numero}/accept/${r.code}`);
    expect(await screen.findByText(TEXT.acceptFailed)).toBeInTheDocument();
    expect(screen.getByText(/jeudi 15 janvier 2026, une date déjà passée/)).toBeInTheDocument();
    expect(screen.getByText(/ouvrez-la dans le tableau de bord/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.openInApp })).toHaveAttribute('href', `/restaurants/${(await ownRestaurant()).restaurantId}/operational/reservations/${r.restaurateur}`);
    expect(screen.queryByText(TEXT.checkLink)).not.toBeInTheDocument();
    expect(await readRow(r.numero)).toEqual(before);
    expect(await decisionMessages(r.id)).toHaveLength(0);
  });
});

describe('a pending request the plan warns about', () => {
  it('the accept link does not accept it: the warning in French and a link to the reservation in the app, where the owner confirms', async () => {
    // An arrival at 06:00, outside the restaurant's hours: submit_group_request refuses it.
    const r = await writeReservation({ arrival_time: '06:00' });
    const before = await readRow(r.numero);
    renderLink(`/reservations/${r.numero}/accept/${r.code}`);
    expect(await screen.findByRole('heading', { name: TEXT.toConfirm })).toBeInTheDocument();
    expect(screen.getByText(`Réservation n° ${r.restaurateur}`)).toBeInTheDocument();
    expect(screen.getByText(/n’est pas acceptée par le lien : le planning demande votre confirmation/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/L’heure d’arrivée \(06:00\) est en dehors des horaires du service du midi/);
    const inApp = screen.getByRole('link', { name: TEXT.openInApp });
    expect(inApp).toHaveAttribute('href', `/restaurants/${(await ownRestaurant()).restaurantId}/operational/reservations/${r.restaurateur}`);
    expect(screen.queryByText(TEXT.accepted)).not.toBeInTheDocument();
    expect(screen.queryByText(TEXT.someError)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Erreur API|422/);
    expect(await readRow(r.numero)).toEqual(before);
    expect(await decisionMessages(r.id)).toHaveLength(0);
  });
});

describe("React's strict mode (development)", () => {
  it('mounts the page twice but calls the link once: accepted, not already handled, one e-mail queued', async () => {
    const r = await submitRequest();
    renderLink(`/reservations/${r.numero}/accept/${r.code}`, { strict: true });
    expect(await screen.findByText(TEXT.accepted)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.alreadyHandled)).not.toBeInTheDocument();
    expect(await decisionMessages(r.id)).toHaveLength(1);
  });
});
