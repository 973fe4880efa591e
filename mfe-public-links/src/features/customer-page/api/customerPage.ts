// Light like the request page: fetch and the kernel's core only (no supabase-js, no TanStack Query).
import { runOnce, useAction } from '@tablee/action';
// Types only: the page's shape is the database's (supabase/schemas/70_customer_page.sql).
import type { Course, CustomerPage } from '@tablee/domain/customer-page';
import { getAppConfig } from '@tablee/shared/core';
import { useEffect } from 'react';

/** What the database answered the page: the page (as changed), or why not, in its French words. */
export type PageOutcome =
  | { kind: 'page'; page: CustomerPage }
  /** 404: no reservation has this token (SQL's message: never another reservation). */
  | { kind: 'not_found'; message: string }
  /** 4xx with {code, message, details}: `field` is SQL's field at fault (details), or null. */
  | { kind: 'refused'; status: number; code: string; field: string | null; message: string }
  | { kind: 'failed'; message: string };

export const NOT_FOUND_TEXT = 'Ce lien ne correspond à aucune réservation. Vérifiez qu’il est complet, ou contactez le restaurant.';
const UNREACHABLE = 'La réservation n’a pas pu être jointe. Vérifiez votre connexion et réessayez.';

declare global {
  interface Window {
    /** The page's read, begun by the shell's light start as soon as config.json answered (shell/src/start/customer-page-early.ts). */
    __tableeCustomerPage?: { token: string; response: Promise<Response> };
  }
}

/** The shell's head start for this token, taken once (a retry asks anew). */
function headStart(token: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__tableeCustomerPage;
  if (!early || early.token !== token) return undefined;
  delete window.__tableeCustomerPage;
  return early.response;
}

function rpcUrl(name: string): string {
  return `${getAppConfig().supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/${name}`;
}

function headers(): Record<string, string> {
  const { supabaseAnonKey } = getAppConfig();
  return { apikey: supabaseAnonKey, authorization: `Bearer ${supabaseAnonKey}`, accept: 'application/json' };
}

/** PostgREST's answer as an outcome. Never rejects. */
async function outcomeOf(response: Promise<Response>): Promise<PageOutcome> {
  let answer: Response;
  try {
    answer = await response;
  } catch {
    return { kind: 'failed', message: UNREACHABLE };
  }
  let body: unknown = null;
  try {
    body = await answer.json();
  } catch {
    // Not JSON (a proxy in between): the French fallback below.
  }
  if (answer.ok && body && typeof body === 'object') return { kind: 'page', page: body as CustomerPage };
  const refusal = (body && typeof body === 'object' ? body : {}) as { code?: unknown; message?: unknown; details?: unknown };
  const message = typeof refusal.message === 'string' && refusal.message ? refusal.message : null;
  if (answer.status === 404) return { kind: 'not_found', message: message ?? NOT_FOUND_TEXT };
  if (answer.status >= 400 && answer.status < 500 && message && typeof refusal.code === 'string') {
    return { kind: 'refused', status: answer.status, code: refusal.code, field: typeof refusal.details === 'string' ? refusal.details : null, message };
  }
  if (answer.status === 503) return { kind: 'failed', message: 'Le service est momentanément indisponible ; réessayez dans un instant.' };
  return { kind: 'failed', message: 'Une erreur est survenue. Veuillez réessayer plus tard.' };
}

/** POST {supabase}/rest/v1/rpc/{name} with the anon key: the page's writes. */
function post(name: string, body: Record<string, unknown>): Promise<PageOutcome> {
  return outcomeOf(Promise.resolve().then(() => fetch(rpcUrl(name), { method: 'POST', headers: { ...headers(), 'content-type': 'application/json' }, body: JSON.stringify(body) })));
}

/** public.customer_reservation (GET: a stable function): the page of this token, or its French 404. */
export function readCustomerPage(token: string): Promise<PageOutcome> {
  return outcomeOf(headStart(token) ?? Promise.resolve().then(() => fetch(`${rpcUrl('customer_reservation')}?p_token=${encodeURIComponent(token)}`, { headers: headers() })));
}

/** The headcount and allergies (any of them). */
export interface ReservationChanges {
  adults?: number;
  children?: number;
  dietary_notes?: string | null;
}

/** One guest as the organiser filled them in. */
export interface GuestChanges {
  guest_number: number;
  name: string | null;
  choices: Partial<Record<Course, string>>;
  allergies: string | null;
}

/** public.customer_update_reservation: the headcount and allergies, and/or one guest. */
export function updateReservation({ token, changes }: { token: string; changes: ReservationChanges & { guest?: GuestChanges } }): Promise<PageOutcome> {
  return post('customer_update_reservation', { p_token: token, p_changes: changes });
}

/** public.customer_cancel_reservation: with the cost the page stated (when there is one). */
export function cancelReservation({ token, reason, acceptedCostCents }: { token: string; reason: string; acceptedCostCents: number }): Promise<PageOutcome> {
  return post('customer_cancel_reservation', { p_token: token, p_reason: reason, ...(acceptedCostCents > 0 ? { p_accepted_cost_cents: acceptedCostCents } : {}) });
}

/** public.customer_write_to_restaurant: a word to the restaurant, into the request's conversation. */
export function writeToRestaurant({ token, text }: { token: string; text: string }): Promise<PageOutcome> {
  return post('customer_write_to_restaurant', { p_token: token, p_text: text });
}

const onceKey = (token: string) => `customer-page ${token}`;

/** Begun as soon as the page's chunk is loaded (in parallel with React's rendering code), once. */
export function startCustomerPage(token: string): void {
  runOnce(onceKey(token), readCustomerPage, token);
}

/** The page's first read (the one begun early, else its own), or a new one per 'Réessayer'. */
export function useCustomerPage(token: string, attempt: number): PageOutcome | { kind: 'loading' } {
  const call = useAction(readCustomerPage, { once: attempt === 0 ? onceKey(token) : undefined });
  const { mutate } = call;
  useEffect(() => {
    mutate(token);
  }, [mutate, token, attempt]);
  if (call.error) return { kind: 'failed', message: UNREACHABLE };
  return call.data ?? { kind: 'loading' };
}
