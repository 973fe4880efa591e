import { formatDate, formatTime } from '@tablee/shared';
import { RESERVATION_SOURCE_LABELS, type Reservation } from '@tablee/domain';
import { Card, Empty, Spin } from 'antd';
import { Link } from 'react-router';
import { formatGuests } from '../format';
import { ReservationStatusTags } from './StatusBadge';

/**
 * The reservation list at phone width: one card a reservation (number, status, customer, date and
 * time, party), the whole card opening its detail, no sideways scroll.
 */
export function ReservationCards({
  reservations,
  loading,
  emptyText,
  linkState,
  onOpen,
}: {
  reservations: Reservation[];
  loading: boolean;
  emptyText: string;
  linkState: { listSearch: string };
  onOpen: (reservation: Reservation) => void;
}) {
  if (!reservations.length && !loading) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <Spin spinning={loading}>
      <ul aria-label="Réservations" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {reservations.map((r) => (
          <li key={r.id}>
            {/* The whole card opens the detail, as a row of the table does; the number is its link. */}
            <Card size="small" hoverable onClick={() => onOpen(r)} styles={{ body: { display: 'grid', gap: 4 } }}>
              <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
                <Link to={encodeURIComponent(r.numero)} state={linkState} style={{ fontWeight: 600 }} onClick={(e) => e.stopPropagation()}>
                  {r.numero}
                </Link>
                <ReservationStatusTags reservation={r} />
              </div>
              <div>
                {r.customerName}
                <span style={{ color: 'rgba(0,0,0,0.65)' }}> · {RESERVATION_SOURCE_LABELS[r.source]}</span>
              </div>
              <div style={{ color: 'rgba(0,0,0,0.65)' }}>
                {formatDate(r.reservationDate)}
                {r.arrivalTime ? ` à ${formatTime(r.arrivalTime)}` : ''} · {formatGuests(r.numberPeople, r.children)}
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </Spin>
  );
}
