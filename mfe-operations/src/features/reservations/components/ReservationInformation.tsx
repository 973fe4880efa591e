import { formatDateTime, formatEuros, formatLongDate, formatTime } from '@tablee/shared';
import { amountDueCents, RESERVATION_SOURCE_LABELS, type Reservation } from '@tablee/domain';
import { formatCents } from '@tablee/domain/payments';
import { toE164 } from '@tablee/domain/phone';
import { Card, Descriptions } from 'antd';
import { formatGuests, formatOption } from '../format';

/** The information panel of spec §2, without the management code: a secret of the links, which the browser never reads. */
export function ReservationInformation({ reservation: r }: { reservation: Reservation & { dietaryNotes?: string | null; notes?: string | null } }) {
  const due = amountDueCents(r);
  const dietary = {
    key: 'dietary',
    label: 'Allergies et régimes',
    children: r.dietaryNotes ? <strong style={{ color: '#a8071a', whiteSpace: 'pre-wrap' }}>{r.dietaryNotes}</strong> : 'Aucune signalée',
  };
  const items = [
    // Allergies given come first, in red: the owner reads them before deciding.
    ...(r.dietaryNotes ? [dietary] : []),
    { key: 'client', label: 'Client', children: r.customerName },
    // One click to write or call: a mailto: link when the field is one address, a tel: link in E.164 when it reads as a number.
    { key: 'email', label: 'Email', children: r.email ? r.emailDeliverable ? <a href={`mailto:${r.email.trim()}`}>{r.email}</a> : r.email : '—' },
    { key: 'phone', label: 'Téléphone', children: r.phoneNumber ? <a href={`tel:${toE164(r.phoneNumber) ?? r.phoneNumber.replace(/[^\d+]/g, '')}`}>{r.phoneNumber}</a> : '—' },
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
    ...(r.dietaryNotes ? [] : [dietary]),
    { key: 'notes', label: 'Notes internes', children: r.notes ? <span style={{ whiteSpace: 'pre-wrap' }}>{r.notes}</span> : '—' },
    { key: 'total', label: 'Montant total', children: formatEuros(r.totalAmount) },
    // Paid: what was received, and while only the acompte was, what is left to pay.
    ...(r.status === 'paid' && r.amountReceivedCents !== null ? [{ key: 'received', label: 'Montant reçu', children: formatCents(r.amountReceivedCents) }] : []),
    ...(due !== null ? [{ key: 'due', label: 'Reste à régler', children: formatCents(due) }] : []),
    { key: 'created', label: 'Demande effectuée le', children: formatDateTime(r.createdAt) },
    { key: 'source', label: 'Origine', children: RESERVATION_SOURCE_LABELS[r.source] },
    { key: 'code', label: 'Code de réservation', children: r.codeReservation },
  ];
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>Informations</h2>}>
      <Descriptions column={1} size="small" items={items} styles={{ label: { color: '#595959' } }} />
    </Card>
  );
}
