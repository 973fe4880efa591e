/**
 * The placeholders of the dialogues ({open:dinner:1|long}, {time:dinner:0|h}, {closed:1}…), resolved
 * from the restaurant's knowledge and today's date, so that a dialogue passes whatever the day it runs.
 * The grammar is in eval/README.md.
 */
import type { AssistantKnowledge, KnowledgeService, ServiceKind } from '@tablee/domain/assistant-knowledge';
import { formatLongDate } from '@tablee/shared/format';

/** Dates are at least this many days ahead: far enough for any 'samedi 12' to be read as the customer means it. */
const DAYS_AHEAD = 7;
const SEARCHED_DAYS = 200;

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const JOURS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const MOIS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

export class PlaceholderError extends Error {}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()];

/** The services that take groups on `date`, as the engine reads them (open that weekday, not closed that date). */
function servicesOn(knowledge: AssistantKnowledge, date: string): KnowledgeService[] {
  const day = knowledge.days.find((d) => d.day === weekdayOf(date) && d.is_open);
  const closed = knowledge.closures.find((c) => c.date === date)?.services ?? [];
  return (day?.services ?? []).filter((s) => s.arrival_times.length > 0 && !closed.includes(s.service));
}

/** 'dinner', 'lunch', 'any', each perhaps '@saturday': which service, on which weekday. */
interface Wanted {
  service: ServiceKind | 'any';
  weekday?: string;
}

function wantedOf(said: string): Wanted {
  const [service, weekday] = said.split('@');
  if (service !== 'lunch' && service !== 'dinner' && service !== 'any') throw new PlaceholderError(`service inconnu : ${service}`);
  if (weekday !== undefined && !WEEKDAYS.includes(weekday)) throw new PlaceholderError(`jour inconnu : ${weekday}`);
  return { service, weekday };
}

const ordinal = (said: string | undefined): number => {
  const n = Number(said);
  if (!Number.isInteger(n) || n < 1) throw new PlaceholderError(`rang invalide : ${said}`);
  return n;
};

/** The n-th day from `from` (excluded) that `fits`. */
function nthDay(from: string, n: number, fits: (date: string) => boolean): string {
  let found = 0;
  for (let add = 1; add <= SEARCHED_DAYS; add += 1) {
    const date = addDays(from, add);
    if (fits(date) && ++found === n) return date;
  }
  throw new PlaceholderError(`aucun jour trouvé dans les ${SEARCHED_DAYS} jours`);
}

/** The day a reference names: 'open:dinner:1', 'open:lunch@saturday:2', 'closed:1', 'after:closed:1'. */
function dayOf(reference: string[], knowledge: AssistantKnowledge, today: string): string {
  const [kind, ...rest] = reference;
  const start = addDays(today, DAYS_AHEAD - 1);
  if (kind === 'open') {
    const wanted = wantedOf(rest[0] ?? '');
    return nthDay(start, ordinal(rest[1]), (date) => {
      if (wanted.weekday && weekdayOf(date) !== wanted.weekday) return false;
      return servicesOn(knowledge, date).some((s) => wanted.service === 'any' || s.service === wanted.service);
    });
  }
  if (kind === 'closed') return nthDay(start, ordinal(rest[0]), (date) => servicesOn(knowledge, date).length === 0);
  if (kind === 'after') return nthDay(dayOf(rest, knowledge, today), 1, (date) => servicesOn(knowledge, date).length > 0);
  throw new PlaceholderError(`jour inconnu : ${reference.join(':')}`);
}

/** A day as the customer (or the assistant) writes it. */
function formatDate(date: string, format: string | undefined): string {
  const [, month, day] = date.split('-').map(Number);
  const weekday = JOURS[new Date(`${date}T12:00:00Z`).getUTCDay()];
  switch (format ?? 'iso') {
    case 'iso':
      return date;
    case 'long':
      return `${day} ${MOIS[month - 1]}`;
    case 'slash':
      return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}`;
    case 'dot':
      return `${day}.${month}`;
    case 'weekday':
      return `${weekday} ${day}`;
    case 'full':
      return formatLongDate(date);
    default:
      throw new PlaceholderError(`format de date inconnu : ${format}`);
  }
}

/** An arrival time of `service` that every day it takes groups offers, by rank (negative: from the last). */
function commonTime(knowledge: AssistantKnowledge, service: ServiceKind, rank: number): string {
  const lists = knowledge.days.filter((d) => d.is_open).flatMap((d) => d.services.filter((s) => s.service === service).map((s) => s.arrival_times));
  if (lists.length === 0) throw new PlaceholderError(`aucun ${service}`);
  const common = lists[0].filter((time) => lists.every((list) => list.includes(time)));
  const time = common.at(rank);
  if (time === undefined) throw new PlaceholderError(`pas d'heure d'arrivée ${rank} au ${service}`);
  return time;
}

function formatTime(time: string, format: string | undefined): string {
  if (format === undefined) return time;
  if (format === 'h') return time.endsWith(':00') ? `${Number(time.slice(0, 2))}h` : `${Number(time.slice(0, 2))}h${time.slice(3)}`;
  throw new PlaceholderError(`format d'heure inconnu : ${format}`);
}

/** The group sizes a service takes on the day 'open:SERVICE:N' names. */
function groupSize(args: string[], knowledge: AssistantKnowledge, today: string): { min: number; max: number } {
  const date = dayOf(['open', ...args], knowledge, today);
  const wanted = wantedOf(args[0]);
  const service = servicesOn(knowledge, date).find((s) => wanted.service === 'any' || s.service === wanted.service);
  if (!service) throw new PlaceholderError(`pas de service le ${date}`);
  return service.group_size;
}

function resolveOne(placeholder: string, knowledge: AssistantKnowledge, today: string): string {
  const [reference, format] = placeholder.split('|');
  const parts = reference.split(':');
  switch (parts[0]) {
    case 'open':
    case 'closed':
    case 'after':
      return formatDate(dayOf(parts, knowledge, today), format);
    case 'time': {
      const { service } = wantedOf(parts[1] ?? '');
      if (service === 'any') throw new PlaceholderError('une heure d’arrivée est celle du déjeuner ou du dîner');
      return formatTime(commonTime(knowledge, service, Number(parts[2] ?? 0)), format);
    }
    case 'min':
      return String(groupSize(parts.slice(1), knowledge, today).min);
    case 'max':
      return String(groupSize(parts.slice(1), knowledge, today).max);
    default:
      throw new PlaceholderError(`espace réservé inconnu : {${placeholder}}`);
  }
}

const PLACEHOLDER = /\{((?:open|closed|after|time|min|max):[^{}]*)\}/g;

/** `text` with each placeholder replaced; an unknown or impossible one throws a PlaceholderError. */
export function resolvePlaceholders(text: string, knowledge: AssistantKnowledge, today: string): string {
  return text.replace(PLACEHOLDER, (_whole, placeholder: string) => resolveOne(placeholder, knowledge, today));
}
