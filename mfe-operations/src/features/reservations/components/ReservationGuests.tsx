import { QueryState } from '@tablee/shared';
import { COURSE_LABELS, type Course, type Guest } from '@tablee/domain/customer-page';
import { COURSES } from '@tablee/operations-data';
import { Card } from 'antd';
import { useReservationGuests } from '../api/getReservationGuests';

/** How many of each dish, course by course in the menu's order, the most chosen first: what the kitchen prepares. */
export function dishTotals(guests: readonly Guest[]): { course: Course; dish: string; count: number }[] {
  return COURSES.flatMap((course) => {
    const counts = new Map<string, number>();
    for (const guest of guests) {
      const dish = guest.choices[course];
      if (dish) counts.set(dish, (counts.get(dish) ?? 0) + 1);
    }
    return [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b, 'fr')).map(([dish, count]) => ({ course, dish, count }));
  });
}

/** 'Convive 3', or the name the organiser gave. */
export const guestLabel = (guest: Pick<Guest, 'guest_number' | 'name'>) => guest.name?.trim() || `Convive ${guest.guest_number}`;

const heading = { margin: '0 0 8px', fontSize: 14 } as const;

/** The guests' choices as the kitchen reads them: how many of each dish, then each guest's dishes and allergies. */
export function GuestChoices({ guests, people }: { guests: readonly Guest[]; people: number }) {
  const totals = dishTotals(guests);
  const courses = [...new Set(totals.map((t) => t.course))];
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <p style={{ margin: 0 }}>
        {guests.length} convive{guests.length > 1 ? 's' : ''} renseigné{guests.length > 1 ? 's' : ''} sur {people} par le client.
      </p>
      {totals.length > 0 && (
        <section aria-label="Total par plat">
          <h3 style={heading}>Total par plat</h3>
          <ul data-testid="dish-totals" style={{ margin: 0, paddingInlineStart: 18 }}>
            {courses.map((course) => (
              <li key={course}>
                {COURSE_LABELS[course]} :{' '}
                {totals
                  .filter((t) => t.course === course)
                  .map((t) => `${t.count} × ${t.dish}`)
                  .join(', ')}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Convives">
        <h3 style={heading}>Convives</h3>
        <ul data-testid="guest-choices" style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none', display: 'grid', gap: 8 }}>
          {guests.map((guest) => {
            const dishes = COURSES.filter((course) => guest.choices[course]);
            return (
              <li key={guest.guest_number} data-testid="guest">
                <strong>{guestLabel(guest)}</strong>
                {dishes.length > 0 ? (
                  <div>{dishes.map((course) => `${COURSE_LABELS[course]} : ${guest.choices[course]}`).join(' · ')}</div>
                ) : (
                  <div style={{ color: '#595959' }}>Aucun plat choisi</div>
                )}
                {guest.allergies?.trim() && <div style={{ color: '#a8071a', fontWeight: 600, whiteSpace: 'pre-wrap' }}>Allergies : {guest.allergies.trim()}</div>}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

/** 'Choix des convives': shown once the organiser has filled in at least one guest on their page. */
export function ReservationGuests({ restaurantId, numero, people }: { restaurantId: string; numero: string; people: number }) {
  const query = useReservationGuests(restaurantId, numero);
  // Nothing filled in (or not read yet): no section. Unreadable before any answer: the error and 'Réessayer'.
  if (!query.data?.length && !(query.isError && query.data === undefined)) return null;
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>Choix des convives</h2>}>
      <QueryState query={query} errorMessage="Erreur lors du chargement des choix des convives">
        {(guests) => <GuestChoices guests={guests} people={people} />}
      </QueryState>
    </Card>
  );
}
