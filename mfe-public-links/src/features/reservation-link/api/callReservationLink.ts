// The kernel's core and its action helper only: this page loads without antd, supabase-js and TanStack Query.
import { runOnce, useAction } from '@tablee/action';
import { RESERVATION_SERVICE_UNREACHABLE, reservationApiEndpoint } from '@tablee/shared/core';
// Types only: the contract's zod schemas stay out of this light page's bundle.
import type { DecisionAnswer } from '@tablee/contract';
import { useEffect } from 'react';

export type LinkAction = 'accept' | 'reject';

/** What the link page shows, read from the reservation service's answer (spec §2, §7, §8). */
export type LinkOutcome =
  /** `warnings`: what the plan says of an acceptance (over capacity, closed service, outside the hours). */
  /** `undoUntil`: the decision can be undone from this page until then (ISO time), its e-mail held meanwhile. */
  | { kind: 'done'; numero?: string; emailQueued: boolean; message?: string; warnings: string[]; undoUntil?: string }
  /** 409: the reservation was accepted, refused, paid or cancelled before; nothing changed. */
  | { kind: 'already-handled'; numero?: string; message: string; appPath?: string }
  /** Not accepted by the link: the plan warns (`warnings`); the owner decides in the app, at `appPath`. */
  | { kind: 'to-confirm'; numero?: string; message: string; warnings: string[]; appPath?: string }
  /** Any other refusal or failure, in French words only (the service's message, or what went wrong). */
  | {
      kind: 'failed';
      /** The service refused the link itself (unknown number, wrong code): the page advises checking it. */
      refused: boolean;
      message?: string;
      /** The reservation in the app, when the owner can decide there (a date already gone). */
      appPath?: string;
    };

/** The service's answer, any field possibly missing (a proxy in between may answer something else): read with care below. */
type ServiceAnswer = Partial<DecisionAnswer>;

function parse(body: string): ServiceAnswer | null {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** A link's action and parameters. */
export interface ReservationLink {
  action: LinkAction;
  numero: string;
  codeManage: string;
}

/**
 * POST {reservation API}/reservations/{numero}/{accept|reject}/{code_manage} (spec §7), no body. Never
 * rejects: what the service answers, a refusal or a failure included, is the outcome the page shows.
 */
export async function callReservationLink({ action, numero, codeManage }: ReservationLink): Promise<LinkOutcome> {
  let response: Response;
  try {
    response = await fetch(reservationApiEndpoint(`reservations/${encodeURIComponent(numero)}/${action}/${encodeURIComponent(codeManage)}`), { method: 'POST' });
  } catch {
    // The browser's own words ('Failed to fetch') say nothing to an owner: the French sentence only.
    return { kind: 'failed', refused: false, message: RESERVATION_SERVICE_UNREACHABLE };
  }
  const answer = parse(await response.text());
  const warnings = Array.isArray(answer?.warnings) ? answer.warnings.filter((w): w is string => typeof w === 'string') : [];
  const restaurateur = answer?.numero_reservation_restaurateur ?? undefined;
  // Only a path of this app: never a link elsewhere, whatever the answer says.
  const appPath = typeof answer?.app_path === 'string' && /^\/restaurants\/[^/]/.test(answer.app_path) ? answer.app_path : undefined;
  if (response.ok && answer?.success) {
    const undoUntil = typeof answer.undo_until === 'string' && !Number.isNaN(Date.parse(answer.undo_until)) ? answer.undo_until : undefined;
    return { kind: 'done', numero: restaurateur, emailQueued: answer.email_queued !== false, message: answer.message, warnings, undoUntil };
  }
  if (response.status === 409) {
    return { kind: 'already-handled', numero: restaurateur, message: answer?.message ?? 'Cette réservation a déjà été traitée.', appPath };
  }
  if (warnings.length > 0) {
    // The service's sentence says it is not accepted and why it needs the app (the warnings follow it).
    return { kind: 'to-confirm', numero: restaurateur, message: answer?.message ?? '', warnings, appPath };
  }
  return {
    kind: 'failed',
    refused: answer?.success === false && (response.status === 403 || response.status === 404),
    // The service's own French sentence; else what happened, in French (never 'Erreur API 502: <html>').
    message: answer?.message ?? `Le service de réservation n’a pas pu traiter la demande (erreur ${response.status}). Réessayez dans un instant.`,
    appPath,
  };
}

/** What 'Annuler' ended in: undone (the reservation pending again), or refused (too late, changed since, unreachable), in the service's French words. */
export type UndoOutcome = { undone: boolean; message: string };

/** POST {reservation API}/reservations/{numero}/undo/{code_manage}: undoes the link's decision while its window is open. Never rejects. */
export async function undoReservationLink({ numero, codeManage }: Omit<ReservationLink, 'action'>): Promise<UndoOutcome> {
  let response: Response;
  try {
    response = await fetch(reservationApiEndpoint(`reservations/${encodeURIComponent(numero)}/undo/${encodeURIComponent(codeManage)}`), { method: 'POST' });
  } catch {
    return { undone: false, message: RESERVATION_SERVICE_UNREACHABLE };
  }
  const answer = parse(await response.text());
  const undone = response.ok && answer?.success === true;
  return { undone, message: answer?.message ?? `Le service de réservation n’a pas pu annuler la décision (erreur ${response.status}). Réessayez dans un instant.` };
}

/**
 * One call per link for the life of the page, never repeated nor retried (a reload calls again, as it
 * should): the shell's light start begins it as soon as this module is loaded (startLinkCall), React's
 * strict mode mounts the page twice in development, and either way the page finds the call in flight
 * (or its outcome) instead of POSTing again, which would answer 'already handled' for a reservation
 * this very page just accepted.
 */
const onceKey = ({ action, numero, codeManage }: ReservationLink) => `reservation-link ${action} ${numero} ${codeManage}`;

export function startReservationLink(link: ReservationLink): void {
  runOnce(onceKey(link), callReservationLink, link);
}

export type LinkState = { kind: 'loading' } | { kind: 'missing-parameters' } | LinkOutcome;

export function useReservationLink(action: LinkAction, numero: string | undefined, codeManage: string | undefined): LinkState {
  const link = numero && codeManage ? { action, numero, codeManage } : null;
  const call = useAction(callReservationLink, { once: link ? onceKey(link) : undefined });
  const { mutate } = call;
  useEffect(() => {
    if (numero && codeManage) mutate({ action, numero, codeManage });
  }, [mutate, action, numero, codeManage]);
  if (!link) return { kind: 'missing-parameters' };
  // The call never rejects; were it to (a bug), the owner is told it failed rather than left waiting.
  if (call.error) return { kind: 'failed', refused: false, message: RESERVATION_SERVICE_UNREACHABLE };
  return call.data ?? { kind: 'loading' };
}
