/**
 * The arrival slots of a service and the default set proposed for it.
 * The twin of private.is_service_slot and private.default_arrival_times (migration
 * 20261123001400_service_slots.sql), kept equal by sections/test/integration/slots.test.ts.
 * Times are 'HH:MM'; a dinner may end after midnight (to <= from).
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

/** Whether a group may arrive at `time`: from the start up to, not including, the end. */
export function isServiceSlot(time: string, from: string, to: string): boolean {
  const since = (minutes(time) - minutes(from) + DAY_MINUTES) % DAY_MINUTES;
  return since < serviceLength(from, to);
}

/** The quarter hours a group may arrive at, in the service's order (22:00 … 00:45 for a dinner ending at 01:00). */
export function serviceSlots(from: string, to: string): string[] {
  const slots: string[] = [];
  for (let t = 0; t < serviceLength(from, to); t += 15) slots.push(hhmm(minutes(from) + t));
  return slots;
}

/** The default set: every half hour from the start until one hour before the end, at least the start. */
export function defaultArrivalTimes(from: string, to: string): string[] {
  const times: string[] = [];
  for (let t = 0; t <= Math.max(serviceLength(from, to) - 60, 0); t += 30) times.push(hhmm(minutes(from) + t));
  return times;
}
