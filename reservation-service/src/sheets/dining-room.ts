import { formatLongDate } from '@tablee/shared/format';
import { RESERVATION_STATUS_BADGES, statusFromCode } from '@tablee/domain/reservation-status';
import { formatCents } from '@tablee/domain/payments';
import { balance, depositText } from '../lib/deposit';
import { formatEuros, formatOption, formatParty, formatTime } from '../lib/format';
import type { ReservationDetails, ReservationGuest } from '../reservations/details';
import { guestChoices, guestLabel } from './guests';
import type { Sheet } from './pdf';

/**
 * What the dining room needs: who and how to reach them, when, how many, what was ordered, what was
 * received and what is left to collect, the code the customer shows on arrival, and the guests as the
 * organiser filled them in on their page (number, name, choices, allergies), when they did. Never the
 * management code (it decides the reservation).
 */
export function diningRoomSheet(r: ReservationDetails, guests: ReservationGuest[] = []): Sheet {
  const status = statusFromCode(r.status);
  return {
    title: 'Feuille salle',
    subtitle: `${r.restaurant.name} — Réservation ${r.numero_reservation_restaurateur}`,
    sections: [
      {
        heading: 'Client',
        lines: [
          { label: 'Nom', value: r.customer_name || 'non précisé' },
          { label: 'Téléphone', value: r.phone_number || 'non précisé' },
          { label: 'Email', value: r.email || 'non précisé' },
        ],
      },
      {
        heading: 'Réservation',
        lines: [
          { label: 'Date', value: formatLongDate(r.reservation_date) },
          { label: 'Heure d’arrivée', value: formatTime(r.arrival_time) },
          { label: 'Nombre de personnes', value: formatParty(r.number_people, r.children) },
          { label: 'Menu', value: r.menu?.name ?? r.selected_menu ?? 'non précisé' },
          { label: 'Options', value: r.options.length ? r.options.map(formatOption).join(', ') : 'aucune' },
          { label: 'Statut', value: RESERVATION_STATUS_BADGES[status].label },
        ],
      },
      ...(guests.length
        ? [
            {
              heading: `Convives (${guests.length} sur ${r.number_people + r.children} renseignés)`,
              lines: guests.map((g) => ({
                bullet: [`${guestLabel(g)} — ${guestChoices(g) ?? 'aucun choix'}`, g.allergies ? `allergies : ${g.allergies}` : null].filter(Boolean).join(' ; '),
              })),
            },
          ]
        : []),
      { heading: 'Paiement', lines: paymentLines(r, status === 'paid') },
      // The owner's own notes (Nouvelle réservation, Modifier): for the floor staff, never sent to the customer.
      { heading: 'Notes internes', lines: [{ bullet: r.notes?.trim() || 'Aucune note.' }] },
      {
        heading: 'Référence',
        lines: [
          // The code the customer's acceptance e-mail tells them to show on arrival: the room checks it.
          { label: 'Code de réservation (présenté par le client)', value: r.code_reservation },
          { label: 'Numéro de réservation', value: r.numero_reservation },
        ],
      },
    ],
  };
}

function paymentLines(r: ReservationDetails, paid: boolean): Sheet['sections'][number]['lines'] {
  const billing = r.restaurant.billing;
  const deposit = r.deposit;
  const { receivedCents, remainingCents, where } = balance(r.total_amount, r.deposit, billing, paid, r.amount_received_cents);
  return [
    { label: 'Total', value: formatEuros(r.total_amount) },
    { label: 'Dépôt', value: deposit ? depositText(deposit) : 'aucun' },
    { label: 'Déjà reçu', value: formatCents(receivedCents) },
    { label: 'Reste à payer', value: remainingCents > 0 ? `${formatCents(remainingCents)}, ${where}` : `${formatCents(0)} — réglé, rien à encaisser` },
  ];
}
