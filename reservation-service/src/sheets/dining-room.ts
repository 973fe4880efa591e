import { RESERVATION_STATUS_BADGES, statusFromCode } from '@tablee/shared/reservation-status';
import { formatDate, formatEuros, formatOption, formatParty, formatTime } from '../lib/format';
import type { Billing, ReservationDetails } from '../reservations/details';
import type { Sheet } from './pdf';

/** What the dining room needs: who, when, how many, what was ordered, and what is left to pay. */
export function diningRoomSheet(r: ReservationDetails): Sheet {
  return {
    title: 'Fiche salle',
    subtitle: `${r.restaurant.name} — Réservation ${r.numero_reservation_restaurateur}`,
    sections: [
      {
        heading: 'Client',
        lines: [
          { label: 'Nom', value: r.customer_name || 'non précisé' },
          { label: 'Téléphone', value: r.phone_number || 'non précisé' },
        ],
      },
      {
        heading: 'Réservation',
        lines: [
          { label: 'Date', value: formatDate(r.reservation_date) },
          { label: 'Heure d’arrivée', value: formatTime(r.arrival_time) },
          { label: 'Nombre de personnes', value: formatParty(r.number_people, r.children) },
          { label: 'Menu', value: r.menu?.name ?? r.selected_menu ?? 'non précisé' },
          { label: 'Options', value: r.options.length ? r.options.map(formatOption).join(', ') : 'aucune' },
          { label: 'Statut', value: RESERVATION_STATUS_BADGES[statusFromCode(r.status)].label },
        ],
      },
      { heading: 'Paiement', lines: paymentLines(r.total_amount, r.restaurant.billing) },
      {
        heading: 'Codes',
        lines: [
          { label: 'Numéro de réservation', value: r.numero_reservation },
          { label: 'Code de réservation', value: r.code_reservation },
          { label: 'Code de gestion', value: r.code_manage },
        ],
      },
    ],
  };
}

const DEPOSIT_METHODS: Record<string, string> = { acompte: 'acompte', empreinte: 'empreinte bancaire' };

function paymentLines(total: number, billing: Billing | null): Sheet['sections'][number]['lines'] {
  const lines: Sheet['sections'][number]['lines'] = [{ label: 'Total', value: formatEuros(total) }];
  let deposit = 0;
  if (billing?.requires_deposit) {
    const amount = Number(billing.deposit_amount ?? 0);
    const method = DEPOSIT_METHODS[billing.deposit_method ?? ''] ?? 'acompte';
    if (billing.deposit_type === 'fixed') {
      deposit = amount;
      lines.push({ label: 'Dépôt', value: `${method} de ${formatEuros(amount)}` });
    } else {
      deposit = Math.round(total * amount) / 100;
      lines.push({ label: 'Dépôt', value: `${method} de ${amount} % du total, soit ${formatEuros(deposit)}` });
    }
    // A card imprint guarantees the booking without taking money: nothing is deducted.
    if (billing.deposit_method === 'empreinte') deposit = 0;
  } else {
    lines.push({ label: 'Dépôt', value: 'aucun' });
  }
  const where = billing?.payment_online ? 'en ligne' : 'sur place';
  lines.push({ label: 'Reste à payer', value: `${formatEuros(Math.max(total - deposit, 0))}, ${where}` });
  return lines;
}
