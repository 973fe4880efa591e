import { COURSE_LABELS, type Course } from '@tablee/domain/customer-page';
import type { ReservationGuest } from '../reservations/details';

/** The courses in the order a meal serves them (the domain's labels' order). */
const COURSES = Object.keys(COURSE_LABELS) as Course[];

/** 'Convive 3 (Léa)', or 'Convive 3' for a guest without a name. */
export const guestLabel = (g: ReservationGuest) => `Convive ${g.guest_number}${g.name ? ` (${g.name})` : ''}`;

/** 'Entrée : Œuf meurette ; Plat : Quenelle de brochet', or null when the guest chose nothing. */
export function guestChoices(g: ReservationGuest): string | null {
  const chosen = COURSES.flatMap((course) => (g.choices[course] ? [`${COURSE_LABELS[course]} : ${g.choices[course]}`] : []));
  return chosen.length ? chosen.join(' ; ') : null;
}

/** Each guest's allergies, in the order of their numbers: 'Convive 3 (Léa) : sans gluten'. */
export function guestAllergies(guests: ReservationGuest[]): string[] {
  return guests.flatMap((g) => (g.allergies ? [`${guestLabel(g)} : ${g.allergies}`] : []));
}

/**
 * What the kitchen prepares of each course, from the guests' choices: 'Plat : 12 × Quenelle de brochet,
 * 3 × Risotto aux cèpes (dont 1 sans gluten)' — the most chosen first, a guest's allergies counted with
 * the dish they chose, and the guests of the party without a choice for that course. Only the courses
 * someone chose.
 */
export function dishTotals(guests: ReservationGuest[], partySize: number): string[] {
  return COURSES.flatMap((course) => {
    const dishes = new Map<string, { count: number; allergies: Map<string, number> }>();
    for (const g of guests) {
      const dish = g.choices[course];
      if (!dish) continue;
      const entry = dishes.get(dish) ?? { count: 0, allergies: new Map<string, number>() };
      entry.count += 1;
      if (g.allergies) entry.allergies.set(g.allergies, (entry.allergies.get(g.allergies) ?? 0) + 1);
      dishes.set(dish, entry);
    }
    if (dishes.size === 0) return [];
    const chosen = [...dishes.values()].reduce((sum, d) => sum + d.count, 0);
    const lines = [...dishes.entries()]
      .sort(([a, x], [b, y]) => y.count - x.count || a.localeCompare(b, 'fr'))
      .map(([dish, { count, allergies }]) => {
        const among = [...allergies.entries()].map(([allergy, n]) => `${n} ${allergy}`).join(', ');
        return `${count} × ${dish}${among ? ` (dont ${among})` : ''}`;
      });
    const missing = partySize - chosen;
    return [`${COURSE_LABELS[course]} : ${lines.join(', ')}${missing > 0 ? ` ; ${missing} ${missing > 1 ? 'convives' : 'convive'} sans choix` : ''}`];
  });
}
