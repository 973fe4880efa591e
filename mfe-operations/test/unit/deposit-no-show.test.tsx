/**
 * Issue 30, items 3 and 4, in the detail's pieces (jsdom): the cancel dialog of a paid reservation asks
 * what becomes of the acompte (refunded: how much, by default all that was received, never more; or
 * kept, with the CGV's cancellation policy shown), a paid reservation with money still due reads
 * 'Acompte reçu' with 'Reste à régler', and 'Non présenté' is offered once the arrival time has come.
 */
import { AppProviders } from '@tablee/shared';
import type { Reservation } from '@tablee/domain';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReasonModal, type DepositChoice } from '../../src/features/reservations/components/ReasonModal';
import { ReservationInformation } from '../../src/features/reservations/components/ReservationInformation';
import { ReservationHistory } from '../../src/features/reservations/components/ReservationHistory';
import { ReservationStatusTags } from '../../src/features/reservations/components/StatusBadge';
import { canMarkNoShow } from '../../src/features/reservations/format';
import type { DecisionReason } from '../../src/features/reservations/api/updateReservationStatus';
import { paste } from '../../../tooling/jest/paste';

const nbsp = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function cancelDialog(deposit: DepositChoice | null) {
  const onConfirm = jest.fn<void, [DecisionReason]>();
  render(
    <AppProviders>
      <ReasonModal kind="cancel" open notice="Le client en sera informé par email." busy={false} deposit={deposit} onConfirm={onConfirm} onClose={() => undefined} />
    </AppProviders>,
  );
  return { onConfirm, dialog: screen.getByRole('dialog') };
}

describe('cancelling a paid reservation: the acompte', () => {
  it('shows what was received and the CGV’s policy, refunds all of it by default', async () => {
    const user = userEvent.setup();
    const { onConfirm, dialog } = cancelDialog({ receivedCents: 12_000, policy: '48h', nature: 'acompte' });
    expect(nbsp(dialog.textContent)).toContain('Montant reçu : 120,00 €');
    expect(dialog).toHaveTextContent('Conditions d’annulation de vos CGV : 48h avant le repas.');
    await user.click(within(dialog).getByRole('radio', { name: 'À la demande du client' }));
    // Neither chosen: the owner must say.
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la réservation' }));
    expect(await within(dialog).findByText('Indiquez si l’acompte est remboursé ou conservé.')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('radio', { name: 'Acompte remboursé' }));
    expect(within(dialog).getByRole('spinbutton', { name: 'Montant remboursé (€)' })).toHaveValue('120,00');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la réservation' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ reason: 'demande_du_client', deposit: 'refunded', refund_amount_cents: 12_000 }));
  });

  it('refunds part of it, never more than was received', async () => {
    const user = userEvent.setup();
    const { onConfirm, dialog } = cancelDialog({ receivedCents: 12_000, policy: null, nature: 'acompte' });
    expect(dialog).toHaveTextContent('Vos CGV ne fixent pas de conditions d’annulation.');
    await user.click(within(dialog).getByRole('radio', { name: 'Fermeture exceptionnelle' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Acompte remboursé' }));
    const amount = within(dialog).getByRole('spinbutton', { name: 'Montant remboursé (€)' });
    await paste(user, amount, '150', { replace: true });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la réservation' }));
    expect(nbsp((await within(dialog).findByText(/Le montant remboursé doit être/)).textContent)).toBe('Le montant remboursé doit être supérieur à 0 € et au plus 120,00 €.');
    expect(onConfirm).not.toHaveBeenCalled();

    await paste(user, amount, '45,5', { replace: true });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la réservation' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ reason: 'fermeture_exceptionnelle', deposit: 'refunded', refund_amount_cents: 4_550 }));
  });

  it('arrhes: the restaurant that cancels may repay double (said first); the customer who asks, what was received at most', async () => {
    const user = userEvent.setup();
    const { onConfirm, dialog } = cancelDialog({ receivedCents: 12_000, policy: '48h', nature: 'arrhes' });
    await user.click(within(dialog).getByRole('radio', { name: 'À la demande du client' }));
    expect(dialog).not.toHaveTextContent('rembourse au double');
    await user.click(within(dialog).getByRole('radio', { name: 'Arrhes remboursées' }));
    const amount = within(dialog).getByRole('spinbutton', { name: 'Montant remboursé (€)' });
    await paste(user, amount, '240', { replace: true });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la réservation' }));
    expect(nbsp((await within(dialog).findByText(/Le montant remboursé doit être/)).textContent)).toBe('Le montant remboursé doit être supérieur à 0 € et au plus 120,00 €.');

    await user.click(within(dialog).getByRole('radio', { name: 'Fermeture exceptionnelle' }));
    expect(nbsp(dialog.textContent)).toContain('Ce sont des arrhes : le restaurant qui annule les rembourse au double, soit 240,00 €.');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la réservation' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ reason: 'fermeture_exceptionnelle', deposit: 'refunded', refund_amount_cents: 24_000 }));
  });

  it('kept: no amount is sent', async () => {
    const user = userEvent.setup();
    const { onConfirm, dialog } = cancelDialog({ receivedCents: 12_000, policy: '7_days', nature: 'acompte' });
    expect(dialog).toHaveTextContent('Conditions d’annulation de vos CGV : 7 jours avant le repas.');
    await user.click(within(dialog).getByRole('radio', { name: 'À la demande du client' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Acompte remboursé' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Acompte conservé' }));
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la réservation' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ reason: 'demande_du_client', deposit: 'kept' }));
  });

  it('an accepted (unpaid) reservation: no word of an acompte', () => {
    const { dialog } = cancelDialog(null);
    expect(within(dialog).queryByRole('radio', { name: 'Acompte remboursé' })).toBeNull();
    expect(dialog).not.toHaveTextContent('Montant reçu');
  });
});

const reservation = (fields: Partial<Reservation>): Reservation => ({
  id: 'r',
  numero: 'R-0001',
  numeroReservation: 'TBL-1',
  customerName: 'Hélène',
  email: '',
  emailDeliverable: false,
  phoneNumber: '',
  status: 'paid',
  selectedMenu: '',
  totalAmount: 400,
  amountReceivedCents: 12_000,
  createdAt: '2026-11-01T10:00:00Z',
  numberPeople: 10,
  children: 0,
  reservationDate: '2026-12-12',
  arrivalTime: '20:00',
  service: 'dinner',
  respondBy: '2026-11-02T10:00:00Z',
  options: [],
  codeReservation: 'ABC',
  isAccepted: true,
  restaurantId: 'x',
  source: 'assistant',
  ...fields,
});

describe('paid with money still due', () => {
  it('reads « Acompte reçu » (or « Arrhes reçues », the CGV’s word), and the detail shows what was received and what remains', () => {
    render(
      <AppProviders>
        <ReservationStatusTags reservation={reservation({})} nature="acompte" />
        <ReservationStatusTags reservation={reservation({})} nature="arrhes" />
        <ReservationInformation reservation={reservation({})} />
      </AppProviders>,
    );
    expect(screen.getByText('Acompte reçu')).toHaveAttribute('data-status', 'paid');
    expect(screen.getByText('Arrhes reçues')).toHaveAttribute('data-status', 'paid');
    expect(nbsp(screen.getByText('Reste à régler').closest('tr')!.textContent)).toContain('280,00 €');
    expect(nbsp(screen.getByText('Montant reçu').closest('tr')!.textContent)).toContain('120,00 €');
  });

  it('paid in full: « Payée », nothing left to pay', () => {
    render(
      <AppProviders>
        <ReservationStatusTags reservation={reservation({ amountReceivedCents: 40_000 })} nature="acompte" />
        <ReservationInformation reservation={reservation({ amountReceivedCents: 40_000 })} />
      </AppProviders>,
    );
    expect(screen.getByText('Payée')).toBeInTheDocument();
    expect(screen.queryByText('Reste à régler')).toBeNull();
  });

  it('the history, in the CGV’s word: « Annulée — acompte remboursé : 120,00 € » (« arrhes remboursées » by default), « Non présenté »', () => {
    const event = { kind: 'status' as const, summary: null, reason: null, reasonDetail: null, proposal: null, actor: 'owner' as const, actorUserId: null, paymentId: null };
    render(
      <AppProviders>
        <ReservationHistory
          history={[
            { ...event, from: 'accepted', to: 'paid', deposit: null, amountCents: 12_000, at: '2026-11-03T10:00:00Z' },
            { ...event, from: 'paid', to: 'cancelled', reason: 'demande_du_client', deposit: 'refunded', amountCents: 12_000, at: '2026-11-04T10:00:00Z' },
            { ...event, from: 'accepted', to: 'no_show', deposit: null, amountCents: null, at: '2026-11-05T10:00:00Z' },
          ]}
        />
      </AppProviders>,
    );
    const text = nbsp(document.body.textContent);
    // The CGV silent on the nature: arrhes, as the law presumes.
    expect(text).toContain('Arrhes reçues — 03/11/2026');
    expect(text).toContain('Annulée — arrhes remboursées : 120,00 €');
    expect(text).toContain('Montant reçu : 120,00 €');
    expect(text).toContain('Non présenté');
    cleanup();
    render(
      <AppProviders>
        <ReservationHistory
          nature="acompte"
          history={[
            {
              kind: 'status',
              summary: null,
              reason: 'demande_du_client',
              reasonDetail: null,
              proposal: null,
              actor: 'owner',
              actorUserId: null,
              paymentId: null,
              from: 'paid',
              to: 'cancelled',
              deposit: 'kept',
              amountCents: 12_000,
              at: '2026-11-04T10:00:00Z',
            },
          ]}
        />
      </AppProviders>,
    );
    expect(nbsp(document.body.textContent)).toContain('Annulée — acompte conservé : 120,00 €');
  });
});

describe('Non présenté', () => {
  // 19:30 in Paris on 12 December 2026 (UTC+1).
  const at = new Date('2026-12-12T18:30:00Z');
  it('offered for an accepted or paid reservation once its arrival time (France) has come', () => {
    expect(canMarkNoShow(reservation({ status: 'accepted', arrivalTime: '19:30' }), at)).toBe(true);
    expect(canMarkNoShow(reservation({ status: 'paid', reservationDate: '2026-12-11', arrivalTime: '23:00' }), at)).toBe(true);
    expect(canMarkNoShow(reservation({ status: 'accepted', arrivalTime: '19:45' }), at)).toBe(false);
    expect(canMarkNoShow(reservation({ status: 'accepted', reservationDate: '2026-12-13', arrivalTime: '' }), at)).toBe(false);
    for (const status of ['pending', 'rejected', 'cancelled', 'no_show'] as const) expect(canMarkNoShow(reservation({ status, reservationDate: '2026-01-01' }), at)).toBe(false);
  });
});
