/**
 * The hours section (spec §2 'Hours', §3 hours, §5 time choices and group sizes): defaults per
 * context, choice ranges, the per-day copy rule (data calls: api.ts).
 */
import { DAYS, type Day, type DaySettings, type Hours, type ServiceSettings } from '@tablee/domain';
import { defaultDaySettings } from '../mappers';
import type { SectionContext } from '../contract';
import { isServiceSlot } from './slots';

export type HoursValue = Hours;

export const DAY_LABELS: Record<Day, string> = {
  monday: 'Lundi',
  tuesday: 'Mardi',
  wednesday: 'Mercredi',
  thursday: 'Jeudi',
  friday: 'Vendredi',
  saturday: 'Samedi',
  sunday: 'Dimanche',
};

export const SERVICE_LABELS = { lunchService: 'Service du midi', dinnerService: 'Service du soir' } as const;
export type ServiceKey = keyof typeof SERVICE_LABELS;

export interface Range {
  min: number;
  max: number;
}

/** Spec §5: group size choices differ between the onboarding step and the edit tab. */
export function groupSizeRanges(context: SectionContext): { min: Range; max: Range } {
  return context === 'onboarding' ? { min: { min: 10, max: 30 }, max: { min: 10, max: 50 } } : { min: { min: 1, max: 10 }, max: { min: 10, max: 50 } };
}

/** Spec §5: à la carte max size and privatization min size choices. */
export const SIZE_RANGE: Range = { min: 10, max: 50 };

export const rangeValues = ({ min, max }: Range): number[] => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/**
 * A size select's choices: the context's range, plus the values given (the stored one, the current
 * one) that lie outside it, so that what is stored is always shown and can be chosen again.
 */
export function sizeChoices(range: Range, ...kept: (number | null | undefined)[]): number[] {
  const extra = kept.filter((n): n is number => typeof n === 'number' && Number.isFinite(n));
  return [...new Set([...rangeValues(range), ...extra])].sort((a, b) => a - b);
}

/** The arrival times that are not slots of the service's hours (the database refuses them too). */
export const arrivalTimesOutside = (times: readonly string[] | undefined, from: string, to: string): string[] => (times ?? []).filter((t) => !isServiceSlot(t, from, to));

/** Whether an open service of these settings keeps an arrival time outside its hours. */
export const hasArrivalTimesOutside = (settings: DaySettings | undefined): boolean =>
  !!settings && [settings.lunchService, settings.dinnerService].some((s) => s?.isOpen && arrivalTimesOutside(s.arrivalTimes, s.hours?.from, s.hours?.to).length > 0);

/** Beside a day's tab whose arrival times need the owner (its fields are checked only once the tab is shown). */
export const TO_FIX_LABEL = '(à corriger)';

export const arrivalTimesOutsideMessage = (times: readonly string[]) =>
  times.length === 1
    ? `${times[0]} est en dehors des horaires du service : retirez cette heure ou changez les horaires.`
    : `${times.join(', ')} sont en dehors des horaires du service : retirez ces heures ou changez les horaires.`;

/** A service ends after it starts, or after midnight (a dinner 19:00 → 00:30) by 06:00: private.is_service_span. */
export const SERVICE_END_MESSAGE = "L'heure de fin doit être après l'heure de début, ou après minuit jusqu'à 06:00";

export const PROPOSE_ARRIVAL_TIMES_LABEL = "Proposer des heures d'arrivée";

/**
 * A new restaurant's hours: open Monday to Saturday in edit, all 7 days in the onboarding step
 * (spec §3). The spec's default group minimum (1) is below the onboarding choices (10–30), so
 * onboarding starts at its lowest choice.
 */
export function defaultHours(context: SectionContext): HoursValue {
  const settings = defaultDaySettings();
  if (context === 'onboarding') {
    const lowest = groupSizeRanges(context).min.min;
    for (const s of [settings.lunchService, settings.dinnerService]) s.groupSize.min = Math.max(s.groupSize.min, lowest);
  }
  return {
    daysOpen: context === 'onboarding' ? [...DAYS] : DAYS.filter((d) => d !== 'sunday'),
    hasDifferentSettings: false,
    defaultSettings: settings,
    specificDaySettings: {},
  };
}

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/**
 * Keeps the value in its canonical shape after any change: open days in week order, arrival times
 * sorted, and — with different settings per day — every open day has its own settings, a new one
 * starting as a copy of the default settings (spec §3).
 */
export function normalizeHours(hours: HoursValue): HoursValue {
  const sortService = (s: ServiceSettings): ServiceSettings => ({ ...s, arrivalTimes: [...new Set(s.arrivalTimes)].sort() });
  const sortDay = (d: DaySettings): DaySettings => ({ lunchService: sortService(d.lunchService), dinnerService: sortService(d.dinnerService) });
  const daysOpen = DAYS.filter((d) => hours.daysOpen.includes(d));
  const specificDaySettings: Partial<Record<Day, DaySettings>> = {};
  for (const [day, settings] of Object.entries(hours.specificDaySettings) as [Day, DaySettings][]) specificDaySettings[day] = sortDay(settings);
  if (hours.hasDifferentSettings) for (const day of daysOpen) specificDaySettings[day] ??= copy(sortDay(hours.defaultSettings));
  return { ...hours, daysOpen, defaultSettings: sortDay(hours.defaultSettings), specificDaySettings };
}

/** The settings that apply to an open day (spec §3: per-day settings only with hasDifferentSettings). */
export const settingsOfDay = (hours: HoursValue, day: Day): DaySettings => (hours.hasDifferentSettings && hours.specificDaySettings[day]) || hours.defaultSettings;

/** The save_restaurant_hours payload: one entry per open day; arrival times only for open services (spec §3). */
export function hoursToRpc(hours: HoursValue) {
  const service = (s: ServiceSettings) => ({ ...s, arrivalTimes: s.isOpen ? [...s.arrivalTimes] : [] });
  const daysOpen = DAYS.filter((d) => hours.daysOpen.includes(d));
  return {
    daysOpen,
    hasDifferentSettings: hours.hasDifferentSettings,
    days: daysOpen.map((day) => {
      const s = settingsOfDay(hours, day);
      return { day, lunchService: service(s.lunchService), dinnerService: service(s.dinnerService) };
    }),
  };
}
