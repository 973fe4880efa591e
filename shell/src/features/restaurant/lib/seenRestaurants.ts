import type { AccessLostState } from '@tablee/domain';

/**
 * The restaurants this browser has opened for a user, by id, with their name: when one of them is no
 * longer theirs (removed from its team, the page reloaded since), the dashboard can say which one,
 * although the database no longer shows it to them. Kept per user, in localStorage.
 */
const storageKey = (userId: string) => `tablee.restaurants-seen.${userId}`;

function read(userId: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberRestaurant(userId: string, restaurantId: string, name: string): void {
  const seen = read(userId);
  if (seen[restaurantId] === name) return;
  localStorage.setItem(storageKey(userId), JSON.stringify({ ...seen, [restaurantId]: name }));
}

/** The dashboard's state for a restaurant the user had opened and can no longer see; undefined for one never opened here. */
export function lostRestaurantState(userId: string | undefined, restaurantId: string): AccessLostState | undefined {
  if (!userId) return undefined;
  const name = read(userId)[restaurantId];
  return name === undefined ? undefined : { accessLost: true, restaurantName: name };
}
