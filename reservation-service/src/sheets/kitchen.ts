import { ITEM_TYPE_LABELS } from '@tablee/sections/item-types';
import { formatLongDate } from '@tablee/shared/format';
import { SERVICE_LABELS, formatParty, formatTime } from '../lib/format';
import type { MenuAlternative, ReservationDetails, ReservationGuest } from '../reservations/details';
import { dishTotals, guestAllergies } from './guests';
import type { Sheet } from './pdf';

/**
 * The service as the database files the reservation (restaurant_reservations.service, the one rule of
 * which arrival times are lunch); a request without an arrival time says so rather than 'Soir'.
 */
const serviceLabel = (r: ReservationDetails) => (!r.arrival_time ? 'non précisé' : (SERVICE_LABELS[r.service] ?? r.service));

/**
 * What the kitchen prepares: first the group's allergies and diets (in red, before anything else: the
 * one thing the kitchen must not miss), with each guest's own when the organiser filled them in on
 * their page, then for whom, when (service and arrival), the covers of each menu (adults and children
 * apart), the dishes the guests chose, course by course (when they did), the menu, its dietary
 * alternatives and the options.
 */
export function kitchenSheet(r: ReservationDetails, guests: ReservationGuest[] = []): Sheet {
  const menu = r.menu;
  const menuName = menu?.name ?? r.selected_menu ?? 'menu non précisé';
  const notes = r.dietary_notes?.trim();
  const perGuest = guestAllergies(guests);
  const totals = dishTotals(guests, r.number_people + r.children);
  return {
    title: 'Feuille cuisine',
    subtitle: `${r.restaurant.name} — Réservation ${r.numero_reservation_restaurateur}`,
    sections: [
      {
        heading: 'Allergies et régimes',
        alert: true,
        lines: [...(notes || perGuest.length === 0 ? [{ bullet: notes || 'Aucune allergie ni régime signalé.' }] : []), ...perGuest.map((line) => ({ bullet: line }))],
      },
      {
        heading: 'Service',
        lines: [
          { label: 'Client', value: r.customer_name || 'non précisé' },
          { label: 'Date', value: formatLongDate(r.reservation_date) },
          { label: 'Service', value: serviceLabel(r) },
          { label: 'Heure d’arrivée', value: formatTime(r.arrival_time) },
          { label: 'Couverts', value: formatParty(r.number_people, r.children) },
        ],
      },
      {
        heading: 'Couverts par menu',
        lines: [
          { label: menuName, value: `${r.number_people} ${r.number_people > 1 ? 'adultes' : 'adulte'}` },
          ...(r.children > 0 ? [{ label: r.restaurant.childrenMenu ?? 'Menu enfant non précisé', value: `${r.children} ${r.children > 1 ? 'enfants' : 'enfant'}` }] : []),
        ],
      },
      ...(totals.length ? [{ heading: `Plats choisis par les convives (${guests.length} sur ${r.number_people + r.children} renseignés)`, lines: totals.map((line) => ({ bullet: line })) }] : []),
      {
        heading: `Menu : ${menu?.name ?? r.selected_menu ?? 'non précisé'}`,
        lines: menu?.items.length ? menu.items.map((i) => ({ bullet: `${itemTypeLabel(i.type)} : ${i.name}` })) : [{ bullet: 'Aucun plat enregistré pour ce menu.' }],
      },
      {
        heading: 'Alternatives du menu (régimes alimentaires)',
        lines: menu?.alternatives.length
          ? menu.alternatives.map((a) => {
              const notes = dietary(a);
              return { bullet: `${itemTypeLabel(a.type)} : ${a.name}${notes ? ` (${notes})` : ''}` };
            })
          : [{ bullet: 'Aucune alternative.' }],
      },
      {
        heading: 'Options',
        lines: r.options.length ? r.options.map((o) => ({ bullet: `${o.title} × ${o.quantity}` })) : [{ bullet: 'Aucune option.' }],
      },
    ],
  };
}

const itemTypeLabel = (type: string): string => (ITEM_TYPE_LABELS as Record<string, string>)[type] ?? type;

function dietary(a: MenuAlternative): string {
  return [a.is_gluten_free && 'sans gluten', a.is_vegan && 'végan', a.other_dietary_notes].filter(Boolean).join(', ');
}
