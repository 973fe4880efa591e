import { RESERVATION_STATUS_BADGES, type ReservationStatus } from '@tablee/shared';
import { Tag } from 'antd';

/** A reservation's status as a coloured tag ('En attente', 'Acceptée', …). */
export function StatusBadge({ status }: { status: ReservationStatus }) {
  const badge = RESERVATION_STATUS_BADGES[status];
  return (
    <Tag data-status={status} style={{ marginInlineEnd: 0, color: badge.color, background: badge.background, borderColor: badge.color }}>
      {badge.label}
    </Tag>
  );
}
