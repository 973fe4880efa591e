import type { Reservation } from '@tablee/domain';
import { formatCents } from '@tablee/domain/payments';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { noShowFeePlanQueryOptions, useChargeNoShowFee } from '../api/noShowFee';

/**
 * After 'Non présenté', for an owner, when the customer saved a card (empreinte bancaire) and the CGV
 * state a fee: 'Prélever les frais de non-présentation (180,00 €)', asked to confirm first. Hidden otherwise.
 */
export function NoShowFeeButton({ reservation, onDone }: { reservation: Reservation; onDone: (type: 'success' | 'error', message: string) => void }) {
  const plan = useQuery({ ...noShowFeePlanQueryOptions(reservation), enabled: reservation.status === 'no_show' });
  const charge = useChargeNoShowFee(reservation);
  const [modal, holder] = Modal.useModal();
  if (plan.data?.outcome !== 'ok' || !plan.data.amount_cents) return null;
  const amount = formatCents(plan.data.amount_cents);
  return (
    <>
      {holder}
      <Button
        loading={charge.isPending}
        onClick={() =>
          modal.confirm({
            title: `Prélever ${amount} sur la carte enregistrée par le client ?`,
            content: 'Le montant est celui des frais de non-présentation de vos CGV. Le client en est informé par sa banque.',
            okText: 'Prélever',
            cancelText: 'Annuler',
            onOk: () =>
              charge.mutateAsync().then(
                (answer) => onDone('success', answer.message),
                (error: Error) => onDone('error', error.message),
              ),
          })
        }
      >
        Prélever les frais de non-présentation ({amount})
      </Button>
    </>
  );
}
