import { formatDateTime, formatEuros, formatLongDate, formatTime } from '@tablee/shared';
import { RESERVATION_SOURCE_LABELS, type Reservation } from '@tablee/domain';
import { Card, Descriptions } from 'antd';
import { formatGuests, formatOption } from '../format';

/** The information panel of spec §2, without the management code: a secret of the links, which the browser never reads. */
export function ReservationInformation({ reservation: r }: { reservation: Reservation }) {
  const items = [
    { key: 'client', label: 'Client', children: r.customerName },
    { key: 'email', label: 'Email', children: r.email || '—' },
    { key: 'phone', label: 'Téléphone', children: r.phoneNumber || '—' },
    { key: 'date', label: 'Date de réservation', children: formatLongDate(r.reservationDate) },
    { key: 'time', label: "Heure d'arrivée", children: r.arrivalTime ? formatTime(r.arrivalTime) : '—' },
    { key: 'people', label: 'Nombre de personnes', children: formatGuests(r.numberPeople, r.children) },
    { key: 'menu', label: 'Menu choisi', children: r.selectedMenu || '—' },
    {
      key: 'options',
      label: 'Options',
      children: r.options.length ? (
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {r.options.map((o, i) => (
            <li key={i}>{formatOption(o)}</li>
          ))}
        </ul>
      ) : (
        'Aucune'
      ),
    },
    { key: 'total', label: 'Montant total', children: formatEuros(r.totalAmount) },
    { key: 'created', label: 'Demande effectuée le', children: formatDateTime(r.createdAt) },
    { key: 'source', label: 'Origine', children: r.source ? RESERVATION_SOURCE_LABELS[r.source] : '—' },
    { key: 'code', label: 'Code de réservation', children: r.codeReservation },
  ];
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>Informations</h2>}>
      <Descriptions column={1} size="small" items={items} styles={{ label: { color: '#595959' } }} />
    </Card>
  );
}
