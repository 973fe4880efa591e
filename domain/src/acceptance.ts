/**
 * What the owner should know before accepting a request, from
 * public.reservation_acceptance_check: the service's covers once accepted against its capacity, and
 * a warning when it would exceed it, when the service is closed that day (its weekly hours, or an
 * exceptional closure of that date), or when the arrival time lies outside its hours. Written once, read by the app (before accepting) and by the reservation
 * service (for the link page, after a one-click acceptance). No dependency: the service imports it.
 */
export interface AcceptanceCheck {
  day: string;
  service: string;
  is_open: boolean;
  capacity: number | null;
  covers_after: number;
  arrival_time: string | null;
  from_time: string | null;
  to_time: string | null;
  outside_hours: boolean;
  /** An exceptional closure of that service that date (restaurant_closures), and the owner's reason. */
  closed: boolean;
  closure_reason: string | null;
}

const SERVICE_NAMES: Record<string, string> = { lunch: 'midi', dinner: 'soir' };
const hhmm = (time: string | null) => (time ?? '').slice(0, 5);
const longDay = (iso: string) => new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

/** 'Service du soir, samedi 12 décembre : 48 / 60 couverts après acceptation.' */
export function acceptanceSummary(check: AcceptanceCheck): string {
  const covers = `${check.covers_after}${check.capacity !== null ? ` / ${check.capacity}` : ''} couvert${check.covers_after > 1 ? 's' : ''}`;
  return `Service du ${SERVICE_NAMES[check.service] ?? check.service}, ${longDay(check.day)} : ${covers} après acceptation${check.capacity === null ? ' (sans limite)' : ''}.`;
}

/** The warnings, in French; none when the acceptance fits the plan. */
export function acceptanceWarnings(check: AcceptanceCheck): string[] {
  const service = `service du ${SERVICE_NAMES[check.service] ?? check.service}`;
  const warnings: string[] = [];
  if (!check.is_open) warnings.push(`Le ${service} est fermé le ${longDay(check.day)}.`);
  if (check.closed) warnings.push(`Le restaurant est fermé ce jour-là (${service}, fermeture exceptionnelle${check.closure_reason ? ` : ${check.closure_reason}` : ''}).`);
  if (check.capacity !== null && check.covers_after > check.capacity) {
    warnings.push(`Le ${service} du ${longDay(check.day)} compterait ${check.covers_after} couverts pour une capacité de ${check.capacity}.`);
  }
  if (check.outside_hours) {
    warnings.push(`L’heure d’arrivée (${hhmm(check.arrival_time)}) est en dehors des horaires du ${service} (${hhmm(check.from_time)}–${hhmm(check.to_time)}).`);
  }
  return warnings;
}
