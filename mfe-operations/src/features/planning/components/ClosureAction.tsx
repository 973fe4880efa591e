import type { Closure } from '@tablee/domain';
import type { PlanningCell } from '@tablee/operations-data';
import { Alert, Button, Dropdown, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useClosureMutations } from '../api/closures';

export const CLOSE_SERVICE_LABEL = 'Fermer ce service';
export const REOPEN_SERVICE_LABEL = 'Rouvrir';

const plural = (n: number) => (n > 1 ? 's' : '');

/**
 * A cell's '⋯' menu: 'Fermer ce service' (a reason may be given; what is already booked stays to be
 * handled one by one, and the dialog says how much) or 'Rouvrir' an exceptional closure.
 */
export function ClosureAction({ cell, closure, name, restaurantId }: { cell: PlanningCell; closure: Closure | undefined; name: string; restaurantId: string }) {
  const { close, reopen } = useClosureMutations(restaurantId);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const booked = cell.confirmedReservations + cell.pendingRequests;
  const failure = close.error ?? reopen.error;
  const confirm = () =>
    close.mutate(
      { day: cell.day, service: cell.service, reason: reason.trim() || null },
      {
        onSuccess: () => {
          setAsking(false);
          setReason('');
        },
      },
    );
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [closure ? { key: 'reopen', label: REOPEN_SERVICE_LABEL } : { key: 'close', label: CLOSE_SERVICE_LABEL }],
          onClick: ({ key }) => {
            if (key === 'reopen' && closure) reopen.mutate(closure.id);
            else {
              close.reset();
              setAsking(true);
            }
          },
        }}
      >
        <Button size="small" type="text" aria-label={`Actions : ${name}`} loading={reopen.isPending} style={{ position: 'absolute', top: 2, right: 2, paddingInline: 6, height: 24 }}>
          ⋯
        </Button>
      </Dropdown>
      {reopen.error && !asking && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {reopen.error.message}
        </Typography.Text>
      )}
      <Modal
        open={asking}
        title={`Fermer : ${name}`}
        okText={CLOSE_SERVICE_LABEL}
        cancelText="Annuler"
        okButtonProps={{ danger: true, loading: close.isPending }}
        onOk={confirm}
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>Ce service ne prendra plus de nouvelle demande. Vous pourrez le rouvrir depuis le planning ou les horaires.</Typography.Paragraph>
        {booked > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={`${cell.confirmedReservations} réservation${plural(cell.confirmedReservations)} confirmée${plural(cell.confirmedReservations)} et ${cell.pendingRequests} demande${plural(cell.pendingRequests)} en attente sur ce service : elles restent à traiter une à une.`}
          />
        )}
        <label style={{ display: 'block' }}>
          Motif (facultatif)
          <Input value={reason} maxLength={200} placeholder="Noël, soirée privée…" onChange={(e) => setReason(e.target.value)} style={{ marginTop: 4 }} />
        </label>
        {failure && asking && <Alert type="error" showIcon style={{ marginTop: 12 }} message={failure.message} />}
      </Modal>
    </>
  );
}
