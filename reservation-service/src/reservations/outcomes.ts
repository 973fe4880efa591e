/**
 * The one table from a transition outcome (what transition_reservation answered) to the HTTP answer.
 * Every refusal leaves the reservation untouched: the SQL function changes nothing unless 'ok'.
 */
import { formatLongDate } from '@tablee/shared/format';
import { RESERVATION_STATUS_BADGES, statusFromCode, statusToCode, type ReservationStatus } from '@tablee/domain/reservation-status';
import type { TransitionOutcome, TransitionResult } from '@tablee/domain/transitions';
import { formatCents } from '@tablee/domain/payments';

/** What the owner (or a link, for the first two) asks: the status each action moves to. */
const TARGETS = { accept: 'accepted', reject: 'rejected', paid: 'paid', cancel: 'cancelled', no_show: 'no_show' } as const satisfies Record<string, ReservationStatus>;
export type Action = keyof typeof TARGETS;

/** The status code an action asks transition_reservation(_by_id) for. */
export const targetStatusCode = (action: Action): number => statusToCode(TARGETS[action]);

const DONE: Record<Action, string> = {
  accept: 'Réservation acceptée.',
  reject: 'Réservation refusée.',
  paid: 'Acompte reçu : la réservation est marquée payée.',
  cancel: 'Réservation annulée.',
  no_show: 'Réservation marquée « Non présenté ».',
};

/** Status as already decided, for the 409 message. */
const ALREADY: Record<Exclude<ReservationStatus, 'pending'>, string> = {
  accepted: 'elle a déjà été acceptée',
  rejected: 'elle a déjà été refusée',
  paid: 'elle a déjà été acceptée et payée',
  cancelled: 'elle a été annulée',
  no_show: 'le client a été marqué non présenté',
};

const alreadyDecided = (code: number | null): string => {
  const status = code === null ? 'pending' : statusFromCode(code);
  return status === 'pending' ? 'elle n’est plus en attente' : ALREADY[status];
};

/** The answer's details a message names (a date, an arrival time, an amount). */
type Details = Pick<TransitionResult, 'reservation_date' | 'arrival_time' | 'amount_received_cents'>;

/** The HTTP statuses an outcome is answered with (the contract declares each). */
export type OutcomeStatus = 200 | 403 | 404 | 409 | 422;

export const OUTCOME_HTTP: Record<TransitionOutcome, { status: OutcomeStatus; message: (action: Action, currentStatus: number | null, details?: Details) => string }> = {
  ok: { status: 200, message: (action) => DONE[action] },
  not_found: { status: 404, message: () => 'Réservation non trouvée.' },
  wrong_code: { status: 403, message: () => 'Code de gestion invalide : ce lien ne permet pas de gérer cette réservation.' },
  not_pending: {
    status: 409,
    message: (_action, current) => `Cette réservation a déjà été traitée : ${alreadyDecided(current)}. Aucune modification n’a été faite.`,
  },
  not_allowed: {
    status: 409,
    message: (_action, current) => `Ce changement n’est pas possible pour une réservation « ${RESERVATION_STATUS_BADGES[statusFromCode(current)].label} ». Aucune modification n’a été faite.`,
  },
  reason_required: {
    status: 422,
    message: (action) =>
      action === 'cancel'
        ? 'Indiquez la raison de l’annulation (et précisez-la si vous choisissez « Autre »). Aucune modification n’a été faite.'
        : 'Précisez la raison choisie « Autre ». Aucune modification n’a été faite.',
  },
  reason_invalid: { status: 422, message: () => 'Raison inconnue. Aucune modification n’a été faite.' },
  past_date: {
    status: 422,
    message: (_action, _current, details) =>
      `Cette demande porte sur le ${details?.reservation_date ? formatLongDate(details.reservation_date) : 'jour indiqué'}, une date déjà passée : elle n’est pas acceptée par le lien. Pour l’accepter quand même, ouvrez-la dans le tableau de bord. Aucune modification n’a été faite.`,
  },
  too_early: {
    status: 422,
    message: (_action, _current, details) =>
      `Le client ne peut être marqué « Non présenté » qu’une fois l’heure de la réservation passée (${
        details?.reservation_date ? `le ${formatLongDate(details.reservation_date)}${details.arrival_time ? ` à ${details.arrival_time}` : ''}` : 'date à venir'
      }). Aucune modification n’a été faite.`,
  },
  deposit_required: {
    status: 422,
    message: () => 'Cette réservation est payée : indiquez si l’acompte est remboursé (et de combien) ou conservé. Aucune modification n’a été faite.',
  },
  deposit_invalid: {
    status: 422,
    message: () => 'Le sort de l’acompte ne se choisit qu’en annulant une réservation payée : « remboursé » ou « conservé ». Aucune modification n’a été faite.',
  },
  amount_invalid: {
    status: 422,
    message: (_action, _current, details) =>
      `Le montant remboursé doit être supérieur à 0 € et au plus ${details?.amount_received_cents !== undefined ? `le montant reçu, ${formatCents(details.amount_received_cents)}` : 'le montant reçu'} (au centime près). Aucune modification n’a été faite.`,
  },
  plan_warnings: {
    status: 422,
    message: () =>
      'Cette demande n’est pas acceptée par le lien : le planning demande votre confirmation. Pour l’accepter malgré le planning, ouvrez-la dans le tableau de bord. Aucune modification n’a été faite.',
  },
  // Undoing a one-click decision (public.undo_link_decision).
  too_late: { status: 409, message: () => 'Trop tard pour annuler : le client a déjà été prévenu. Aucune modification n’a été faite.' },
  not_undoable: {
    status: 409,
    message: () => 'Cette décision ne peut plus être annulée depuis le lien : la réservation a changé depuis. Aucune modification n’a été faite.',
  },
  // The plan kept changing while the link asked (three times in a row): nothing was decided.
  plan_check: {
    status: 409,
    message: () => 'Le planning de ce service change en ce moment : la demande n’a pas été acceptée. Réessayez dans un instant. Aucune modification n’a été faite.',
  },
};

/** Fixed answers that are not transition outcomes. */
export const MESSAGES = {
  invalidInput: 'Requête invalide : numéro de réservation, code de gestion ou identifiant de restaurant manquant ou mal formé.',
  signInRequired: 'Connexion requise : connectez-vous au tableau de bord pour accepter ou refuser une réservation ou obtenir ses fiches.',
  sessionInvalid: 'Session invalide ou expirée : reconnectez-vous au tableau de bord.',
  tooManyRequests: 'Trop de tentatives. Veuillez patienter quelques minutes.',
  internal: 'Une erreur est survenue. Veuillez réessayer plus tard.',
  notFoundRoute: 'Adresse inconnue.',
  emailQueued: 'Un email de confirmation va être envoyé au client.',
  undone: 'Décision annulée : la réservation est de nouveau en attente. Aucun email n’a été envoyé au client.',
  emailNoAddress: 'Le client n’a pas d’adresse email : aucun email n’a été envoyé.',
  emailInvalidAddress: 'L’adresse email du client n’est pas une adresse unique valide : aucun email n’a été envoyé ; contactez-le directement.',
};
