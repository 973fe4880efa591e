/** Issue 33: the history says who of the team decided — 'Acceptée par marie@…', 'Acompte reçu — noté par …'. */
import { render } from '@testing-library/react';
import { AppProviders } from '@tablee/shared';
import type { ReservationEvent } from '@tablee/operations-data';
import { ReservationHistory } from '../../src/features/reservations/components/ReservationHistory';

const nbsp = (text: string | null) => (text ?? '').replace(/\u00a0|\u202f/g, ' ');
const event = { kind: 'status' as const, summary: null, reason: null, reasonDetail: null, proposal: null, deposit: null, amountCents: null };

it('names the member who accepted, who noted the acompte; the link and the unknown as before', () => {
  const history: ReservationEvent[] = [
    { ...event, from: 'pending', to: 'accepted', actor: 'owner', actorUserId: 'u-marie', paymentId: null, at: '2026-11-03T10:00:00Z' },
    { ...event, from: 'accepted', to: 'paid', amountCents: 12_000, actor: 'owner', actorUserId: 'u-paul', paymentId: null, at: '2026-11-04T10:00:00Z' },
    { ...event, from: 'paid', to: 'no_show', actor: 'owner', actorUserId: 'u-gone', paymentId: null, at: '2026-11-05T10:00:00Z' },
    { ...event, from: 'pending', to: 'rejected', actor: 'link', actorUserId: null, paymentId: null, at: '2026-11-06T10:00:00Z' },
  ];
  render(
    <AppProviders>
      <ReservationHistory
        history={history}
        nature="acompte"
        people={
          new Map([
            ['u-marie', 'marie@exemple.fr'],
            ['u-paul', 'paul@exemple.fr'],
          ])
        }
      />
    </AppProviders>,
  );
  const text = nbsp(document.body.textContent);
  expect(text).toContain('Acceptée par marie@exemple.fr —');
  expect(text).toContain('Acompte reçu — noté par paul@exemple.fr —');
  expect(text).toMatch(/Non présenté — [^,]+, dans l’application/);
  expect(text).toMatch(/Refusée — [^,]+, par le lien de l’email/);
});

it('the customer’s own changes from their page: « Annulée par le client » with their words, their summaries as stored', () => {
  const history: ReservationEvent[] = [
    {
      ...event,
      kind: 'modified',
      summary: 'Modifiée par le client : 14 → 15 personnes',
      from: 'pending',
      to: 'pending',
      actor: 'customer',
      actorUserId: null,
      paymentId: null,
      at: '2026-11-03T10:00:00Z',
    },
    {
      ...event,
      from: 'pending',
      to: 'cancelled',
      reason: 'demande_du_client',
      reasonDetail: 'Le séminaire est reporté.',
      actor: 'customer',
      actorUserId: null,
      paymentId: null,
      at: '2026-11-04T10:00:00Z',
    },
  ];
  render(
    <AppProviders>
      <ReservationHistory history={history} />
    </AppProviders>,
  );
  const text = nbsp(document.body.textContent);
  expect(text).toContain('Modifiée par le client : 14 → 15 personnes —');
  expect(text).toMatch(/Annulée par le client — [^,]+Raison : Le séminaire est reporté\./);
  expect(text).not.toContain('dans l’application');
  expect(text).not.toContain('À la demande du client');
});

it('a reminder sent to the customer: its summary as stored, never read as a decision', () => {
  const history: ReservationEvent[] = [
    {
      ...event,
      kind: 'reminder',
      summary: 'Rappel au client (la veille du repas) : e-mail, WhatsApp',
      from: 'accepted',
      to: 'accepted',
      actor: 'system',
      actorUserId: null,
      paymentId: null,
      at: '2026-11-03T10:00:00Z',
    },
  ];
  const { getByTestId, queryByTestId } = render(
    <AppProviders>
      <ReservationHistory history={history} />
    </AppProviders>,
  );
  expect(nbsp(getByTestId('reservation-reminder').textContent)).toMatch(/^Rappel au client \(la veille du repas\) : e-mail, WhatsApp — /);
  expect(queryByTestId('reservation-decision')).toBeNull();
});
