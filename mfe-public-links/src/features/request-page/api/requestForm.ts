// Light like the link page: fetch and the kernel's core only (no supabase-js, no TanStack Query).
import { runOnce, useAction } from '@tablee/action';
import { getAppConfig } from '@tablee/shared/core';
import { useEffect } from 'react';
import type { RequestForm } from '../lib/form-rules';

export type FormState = { kind: 'loading' } | { kind: 'open'; form: RequestForm } | { kind: 'closed' } | { kind: 'failed' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

declare global {
  interface Window {
    /** The same request, begun by the shell's light start as soon as config.json answered (shell/src/start/early.ts). */
    __tableeRequestForm?: { restaurantId: string; response: Promise<Response> };
  }
}

/** The shell's head start for this restaurant, taken once (a retry asks anew). */
function headStart(restaurantId: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__tableeRequestForm;
  if (!early || early.restaurantId.toLowerCase() !== restaurantId.toLowerCase()) return undefined;
  delete window.__tableeRequestForm;
  return early.response;
}

/**
 * public.request_form through PostgREST with the anon key (GET: a stable function): what a customer
 * may see of the restaurant, or null when its page is off or its profile not ready ('closed').
 */
export async function fetchRequestForm(restaurantId: string): Promise<Exclude<FormState, { kind: 'loading' }>> {
  if (!UUID.test(restaurantId)) return { kind: 'closed' };
  const { supabaseUrl, supabaseAnonKey } = getAppConfig();
  let response: Response;
  try {
    response = await (headStart(restaurantId) ??
      fetch(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/request_form?p_restaurant_id=${encodeURIComponent(restaurantId)}`, {
        headers: { apikey: supabaseAnonKey, authorization: `Bearer ${supabaseAnonKey}`, accept: 'application/json' },
      }));
  } catch {
    return { kind: 'failed' };
  }
  if (!response.ok) return { kind: 'failed' };
  const form = (await response.json()) as RequestForm | null;
  return form ? { kind: 'open', form } : { kind: 'closed' };
}

const onceKey = (restaurantId: string) => `request-form ${restaurantId}`;

/** Begun as soon as the page's module is loaded (in parallel with React's rendering code), once. */
export function startRequestForm(restaurantId: string): void {
  runOnce(onceKey(restaurantId), fetchRequestForm, restaurantId);
}

export function useRequestForm(restaurantId: string, attempt: number): FormState {
  const call = useAction(fetchRequestForm, { once: attempt === 0 ? onceKey(restaurantId) : undefined });
  const { mutate } = call;
  useEffect(() => {
    mutate(restaurantId);
  }, [mutate, restaurantId, attempt]);
  if (call.error) return { kind: 'failed' };
  return call.data ?? { kind: 'loading' };
}
