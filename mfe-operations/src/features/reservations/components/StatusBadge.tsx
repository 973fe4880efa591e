import { amountDueCents, isUuid, RESERVATION_STATUS_BADGES, reservationBadge, type Reservation, type ReservationStatus } from '@tablee/domain';
import type { AdvanceNature } from '@tablee/domain/payments';
import { cancellationPolicyQueryOptions } from '@tablee/operations-data';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useParams } from 'react-router';
import { isLate, isPastPending } from '../format';

/** A reservation's status as a coloured tag ('En attente', 'Acceptée', …; 'Arrhes reçues' or 'Acompte reçu' for a paid one with money still due). */
export function StatusBadge({ status, badge = RESERVATION_STATUS_BADGES[status] }: { status: ReservationStatus; badge?: { label: string; color: string; background: string } }) {
  return (
    <Tag data-status={status} style={{ marginInlineEnd: 0, color: badge.color, background: badge.background, borderColor: badge.color }}>
      {badge.label}
    </Tag>
  );
}

/**
 * The status, 'En retard' beside it for a pending request past the restaurant's promised response
 * time, and 'Date passée' for a pending request whose date is gone.
 */
export function ReservationStatusTags({
  reservation,
  nature,
}: {
  reservation: Pick<Reservation, 'status' | 'reservationDate' | 'respondBy' | 'totalAmount' | 'amountReceivedCents'>;
  /** The CGV's word for what was paid in advance, when the caller knows it; else read here. */
  nature?: AdvanceNature;
}) {
  // What was received is named in the CGV's word: read (once for the restaurant, then from the cache) only when a badge says it.
  const { restaurantId = '' } = useParams();
  const terms = useQuery({ ...cancellationPolicyQueryOptions(restaurantId), enabled: !nature && isUuid(restaurantId) && amountDueCents(reservation) !== null }).data;
  return (
    <span style={{ display: 'inline-flex', gap: 6, flexWrap: 'wrap' }}>
      <StatusBadge status={reservation.status} badge={reservationBadge(reservation, nature ?? terms?.nature)} />
      {/* Filled, unlike the status beside it: the one thing to see first in a list. */}
      {isLate(reservation) && (
        <Tag data-late style={{ marginInlineEnd: 0, color: '#fff', background: '#ad2102', borderColor: '#ad2102' }}>
          En retard
        </Tag>
      )}
      {isPastPending(reservation) && (
        <Tag data-past-date style={{ marginInlineEnd: 0, color: '#a8071a', background: '#fff1f0', borderColor: '#a8071a' }}>
          Date passée
        </Tag>
      )}
    </span>
  );
}
