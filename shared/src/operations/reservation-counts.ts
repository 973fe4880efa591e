/**
 * Reservations per status of one restaurant (view reservation_status_counts): read by the shell's
 * sidebar (pending badge) and by the reservation list's filter. One request serves both — callers
 * on the same screen share it — and a status change bumps the version so both read again.
 */
import { atom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { statusFromCode, type ReservationStatus } from '../domain/reservation-status';
import { tableeStore } from '../session/session';
import { getSupabase } from '../supabase/client';

export type ReservationCounts = Record<ReservationStatus | 'all', number>;

export const reservationCountsVersionAtom = atom(0);

/** Call after a reservation changed status: every mounted count reads again. */
export function invalidateReservationCounts(): void {
  tableeStore.set(reservationCountsVersionAtom, (v) => v + 1);
}

const emptyCounts = (): ReservationCounts => ({ all: 0, pending: 0, accepted: 0, rejected: 0, paid: 0, cancelled: 0 });

export async function fetchReservationCounts(restaurantId: string): Promise<ReservationCounts> {
  const { data, error } = await getSupabase().from('reservation_status_counts').select('status, count').eq('restaurant_id', restaurantId);
  if (error) throw error;
  const counts = emptyCounts();
  for (const row of data ?? []) {
    counts[statusFromCode(row.status)] += row.count;
    counts.all += row.count;
  }
  return counts;
}

// The latest request per restaurant and version: components mounted together share it.
let shared: { key: string; promise: Promise<ReservationCounts> } | null = null;

function sharedCounts(restaurantId: string, version: number): Promise<ReservationCounts> {
  const key = `${restaurantId}:${version}`;
  if (shared?.key !== key) {
    const promise = fetchReservationCounts(restaurantId);
    shared = { key, promise };
    // A failed read is not kept: the next mount tries again.
    promise.catch(() => {
      if (shared?.promise === promise) shared = null;
    });
  }
  return shared.promise;
}

/** Counts of the restaurant, null while loading or when the read failed. */
export function useReservationCounts(restaurantId: string | undefined): ReservationCounts | null {
  const version = useAtomValue(reservationCountsVersionAtom, { store: tableeStore });
  // Kept with its restaurant, so another restaurant's counts are never shown while loading.
  const [loaded, setLoaded] = useState<{ restaurantId: string; counts: ReservationCounts | null } | null>(null);
  useEffect(() => {
    if (!restaurantId) return;
    let live = true;
    sharedCounts(restaurantId, version).then(
      (counts) => live && setLoaded({ restaurantId, counts }),
      () => live && setLoaded({ restaurantId, counts: null }),
    );
    return () => {
      live = false;
    };
  }, [restaurantId, version]);
  return loaded && loaded.restaurantId === restaurantId ? loaded.counts : null;
}
