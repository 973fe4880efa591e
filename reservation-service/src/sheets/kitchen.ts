import { ITEM_TYPE_LABELS, formatDate, formatParty, formatTime } from '../lib/format';
import type { MenuAlternative, ReservationDetails } from '../reservations/details';
import type { Sheet } from './pdf';

/** What the kitchen prepares: when, for how many, which menu, the dietary alternatives and the options. */
export function kitchenSheet(r: ReservationDetails): Sheet {
  const menu = r.menu;
  return {
    title: 'Fiche cuisine',
    subtitle: `${r.restaurant.name} — Réservation ${r.numero_reservation_restaurateur}`,
    sections: [
      {
        heading: 'Service',
        lines: [
          { label: 'Date', value: formatDate(r.reservation_date) },
          { label: 'Heure d’arrivée', value: formatTime(r.arrival_time) },
          { label: 'Couverts', value: formatParty(r.number_people, r.children) },
          { label: 'Adultes', value: String(r.number_people) },
          { label: 'Enfants', value: String(r.children) },
        ],
      },
      {
        heading: `Menu : ${menu?.name ?? r.selected_menu ?? 'non précisé'}`,
        lines: menu?.items.length
          ? menu.items.map((i) => ({ bullet: `${ITEM_TYPE_LABELS[i.type] ?? i.type} : ${i.name}` }))
          : [{ bullet: 'Aucun plat enregistré pour ce menu.' }],
      },
      {
        heading: 'Alternatives (régimes alimentaires)',
        lines: menu?.alternatives.length
          ? menu.alternatives.map((a) => {
              const notes = dietary(a);
              return { bullet: `${ITEM_TYPE_LABELS[a.type] ?? a.type} : ${a.name}${notes ? ` (${notes})` : ''}` };
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

function dietary(a: MenuAlternative): string {
  return [a.is_gluten_free && 'sans gluten', a.is_vegan && 'végan', a.other_dietary_notes].filter(Boolean).join(', ');
}
