/**
 * The arrival slots of a service and the default set proposed for it.
 * The twin of private.is_service_slot and private.default_arrival_times (migration
 * 20261123001400_service_slots.sql), kept equal by sections/test/integration/slots.test.ts.
 * Times are 'HH:MM'. A service may end after midnight (to < from, by 06:00: private.is_service_span);
 * its groups arrive on its own date, from its start to 23:45 (migration 20261126000300_services_past_midnight.sql).
 */
const DAY_MINUTES = 24 * 60;

const minutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};
const hhmm = (total: number): string => {
  const m = ((total % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** How long a service lasts, in minutes: past midnight when it ends at or before its start. */
const serviceLength = (from: string, to: string): number => {
  const length = minutes(to) - minutes(from);
  return length > 0 ? length : length + DAY_MINUTES;
};

/** The last quarter hour of a day: arrivals are on the service's date, never after midnight. */
const LAST_ARRIVAL = DAY_MINUTES - 15;
/** A service ending after midnight ends at 06:00 at the latest. */
const LATEST_END_AFTER_MIDNIGHT = 6 * 60;

/** Whether a service from `from` to `to` is possible: it ends after it starts, or after midnight by 06:00. */
export function isServiceSpan(from: string, to: string): boolean {
  return minutes(to) > minutes(from) || (minutes(to) < minutes(from) && minutes(to) <= LATEST_END_AFTER_MIDNIGHT);
}

/** Whether a group may arrive at `time`: from the start up to, not including, the end; past midnight, up to 23:45. */
export function isServiceSlot(time: string, from: string, to: string): boolean {
  return minutes(to) > minutes(from) ? minutes(time) >= minutes(from) && minutes(time) < minutes(to) : minutes(time) >= minutes(from);
}

/** The quarter hours a group may arrive at, in order (22:00 … 23:45 for a dinner ending at 01:00). */
export function serviceSlots(from: string, to: string): string[] {
  const slots: string[] = [];
  for (let t = 0; t < serviceLength(from, to) && minutes(from) + t <= LAST_ARRIVAL; t += 15) slots.push(hhmm(minutes(from) + t));
  return slots;
}

/** The default set: every half hour from the start until one hour before the end, at least the start, 23:45 at the latest. */
export function defaultArrivalTimes(from: string, to: string): string[] {
  const times: string[] = [];
  const last = Math.min(Math.max(serviceLength(from, to) - 60, 0), LAST_ARRIVAL - minutes(from));
  for (let t = 0; t <= last; t += 30) times.push(hhmm(minutes(from) + t));
  return times;
}
