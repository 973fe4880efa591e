import type { ReservationEvent } from '@tablee/operations-data';
import { formatDateTime } from '@tablee/shared';
import { CANCELLATION_REASONS, REFUSAL_REASONS, RESERVATION_STATUS_BADGES } from '@tablee/domain';
import { Card, Timeline } from 'antd';

const reasonText = (e: ReservationEvent) => {
  const labels: Record<string, string> = e.to === 'cancelled' ? CANCELLATION_REASONS : REFUSAL_REASONS;
  const label = e.reason && e.reason !== 'autre' ? (labels[e.reason] ?? e.reason) : null;
  return [label, e.reasonDetail].filter(Boolean).join(' — ');
};

/** The decisions on a reservation, oldest first: the new status, when, by whom, why. */
export function ReservationHistory({ history }: { history: ReservationEvent[] }) {
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>Historique des décisions</h2>}>
      {history.length === 0 ? (
        <p style={{ margin: 0 }}>Aucune décision pour le moment.</p>
      ) : (
        <Timeline
          items={history.map((e) => {
            const why = reasonText(e);
            return {
              key: e.at,
              content: (
                <div>
                  <strong>{RESERVATION_STATUS_BADGES[e.to].label}</strong> — {formatDateTime(e.at)}, {e.actor === 'link' ? 'par le lien de l’email' : 'dans l’application'}
                  {why && <div>Raison : {why}</div>}
                  {e.proposal && <div>Proposition : {e.proposal}</div>}
                </div>
              ),
            };
          })}
        />
      )}
    </Card>
  );
}
