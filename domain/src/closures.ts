/**
 * Exceptional closures (public.restaurant_closures): a service of a date that takes no request
 * (Noël, a private event, holidays). Closed on Horaires (@tablee/sections) and from a planning cell
 * (mfe-operations); one set of calls and one query key for both, so that closing from one screen
 * refreshes the other.
 */
import { getSupabase } from './supabase';

export type ClosureService = 'lunch' | 'dinner';

export interface Closure {
  id: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  service: ClosureService;
  reason: string | null;
}

export const CLOSURE_SERVICE_LABELS: Record<ClosureService, string> = { lunch: 'Midi', dinner: 'Soir' };

/** 'Midi', 'Soir' or 'Midi et soir'. */
export const closureServicesLabel = (services: readonly ClosureService[]): string =>
  services.includes('lunch') && services.includes('dinner') ? 'Midi et soir' : CLOSURE_SERVICE_LABELS[services[0] ?? 'lunch'];

/** Every closure query of a restaurant starts with this key: a change invalidates them all. */
export const closureKeys = {
  all: (restaurantId: string) => ['closures', restaurantId] as const,
  range: (restaurantId: string, from: string, to: string | null) => ['closures', restaurantId, from, to] as const,
};

const fail = (error: { message: string; code?: string }) => Object.assign(new Error(error.message, { cause: error }), { code: error.code });

/** The closures from `from` to `to` (inclusive; no end: all later ones), by date then lunch first. */
export async function fetchClosures(restaurantId: string, from: string, to: string | null = null): Promise<Closure[]> {
  let query = getSupabase().from('restaurant_closures').select('id, closure_date, service, reason').eq('restaurant_id', restaurantId).gte('closure_date', from);
  if (to) query = query.lte('closure_date', to);
  const { data, error } = await query.order('closure_date').order('service', { ascending: false });
  if (error) throw fail(error);
  return data.map((row) => ({ id: row.id, date: row.closure_date, service: row.service as ClosureService, reason: row.reason }));
}

/** Closes these services of a date, in one transaction (public.close_services); closing one again changes its reason. */
export async function closeServices(restaurantId: string, date: string, services: ClosureService[], reason: string | null): Promise<void> {
  const { error } = await getSupabase().rpc('close_services', { p_restaurant_id: restaurantId, p_date: date, p_services: services, p_reason: reason ?? undefined });
  if (error) throw fail(error);
}

/** Opens again the closures given (one statement). */
export async function reopenClosures(ids: string[]): Promise<void> {
  const { data, error } = await getSupabase().from('restaurant_closures').delete().in('id', ids).select('id');
  if (error) throw fail(error);
  if (!data?.length) throw new Error('Fermeture introuvable');
}
