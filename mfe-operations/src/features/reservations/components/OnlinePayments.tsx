import type { OnlinePayment, ReservationPayments } from '@tablee/operations-data';
import { formatCents } from '@tablee/domain/payments';
import { formatDateTime } from '@tablee/shared';
import { Card, Table, Typography } from 'antd';

const KIND_LABELS: Record<OnlinePayment['kind'], string> = { advance: 'Payé en ligne', no_show_fee: 'Frais de non-présentation', refund: 'Remboursement' };
const STATUS_LABELS: Record<OnlinePayment['status'], string> = { succeeded: 'effectué', pending: 'en cours', failed: 'refusé par Stripe' };

/** What is left of the money received online: payments less the refunds made or under way. */
export const netCents = (payments: readonly OnlinePayment[]) =>
  payments.reduce((sum, p) => (p.status === 'failed' ? sum : p.kind === 'refund' ? sum - p.amountCents : p.status === 'succeeded' ? sum + p.amountCents : sum), 0);

/**
 * 'Paiements en ligne': what went through the restaurant's Stripe account for this reservation (payments,
 * refunds with their state, Stripe's ids to find them in its dashboard) and the card saved; nothing
 * when nothing did.
 */
export function OnlinePayments({ online: { payments, imprint } }: { online: ReservationPayments }) {
  if (payments.length === 0 && !imprint) return null;
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>Paiements en ligne (Stripe)</h2>} data-testid="online-payments">
      {imprint && (
        <Typography.Paragraph>
          Empreinte bancaire enregistrée{imprint.brand && imprint.last4 ? ` : ${imprint.brand.toUpperCase()} •••• ${imprint.last4}` : ''}, le {formatDateTime(imprint.savedAt)}.
        </Typography.Paragraph>
      )}
      {payments.length > 0 && (
        <>
          <Table<OnlinePayment>
            size="small"
            pagination={false}
            rowKey={(p) => p.stripeId ?? `${p.kind}-${p.at}`}
            dataSource={payments}
            columns={[
              { title: 'Opération', render: (_, p) => `${KIND_LABELS[p.kind]} (${STATUS_LABELS[p.status]})` },
              { title: 'Montant', align: 'right', render: (_, p) => `${p.kind === 'refund' ? '− ' : ''}${formatCents(p.amountCents)}` },
              { title: 'Date', render: (_, p) => formatDateTime(p.at) },
              { title: 'Référence Stripe', render: (_, p) => <Typography.Text type="secondary">{p.stripeId ?? '—'}</Typography.Text> },
            ]}
          />
          <Typography.Paragraph style={{ margin: '12px 0 0' }}>
            Reçu en ligne, remboursements déduits : <strong>{formatCents(netCents(payments))}</strong>
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}
