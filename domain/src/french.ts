/**
 * French words built around a name or an instant, one rule each, for every text that says them (the
 * e-mails, the request page, the app): « l’équipe du Petit Zinc », « répond aujourd’hui avant 14:00 ».
 */
import { formatLongDate } from '@tablee/shared/format';

const ARTICLES: [RegExp, string][] = [
  [/^le\s+/i, 'du '],
  [/^les\s+/i, 'des '],
  [/^la\s+/i, 'de la '],
  [/^l['’]\s*/i, 'de l’'],
];
/** A name that starts with a vowel sound takes « d’ » (h is left alone: « de Hugo », « de l’Hôtel » need the article). */
const VOWEL = /^[aeiouyàâäéèêëîïôöùûüæœ]/i;

/**
 * « de » before a restaurant's (or anyone's) name, elided and contracted with its article as French
 * says it, as two parts for a text that sets the name apart (« l’équipe du <strong>Petit Zinc</strong> »):
 * « du » + « Petit Zinc », « des » + « Halles », « de la » + « Table de Margaux », « de l’ » + « Atelier »,
 * « d’ » + « Odette », « de » + « Chez Paul ». The name keeps its own capitals after the article.
 */
export function ofNameParts(name: string): { of: string; name: string } {
  const trimmed = name.trim();
  for (const [article, contracted] of ARTICLES) {
    if (article.test(trimmed)) return { of: contracted, name: trimmed.replace(article, '') };
  }
  return { of: VOWEL.test(trimmed) ? 'd’' : 'de ', name: trimmed };
}

/** « du Petit Zinc », « de la Table de Margaux », « d’Odette »: ofNameParts as one text. */
export function ofName(name: string): string {
  const parts = ofNameParts(name);
  return `${parts.of}${parts.name}`;
}

// Made once: building an Intl.DateTimeFormat costs far more than formatting with it.
const parisClock = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** An instant's day ('YYYY-MM-DD') and time ('HH:MM') in France, whatever the machine's time zone. */
export function parisDayAndTime(instant: string | Date): { day: string; time: string } {
  const parts = Object.fromEntries(parisClock.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * When the restaurant will answer, from respond_by (counted within its opening hours by the database):
 * « aujourd’hui avant 14:00 », « demain avant 13:15 », « d’ici le vendredi 4 décembre 2026 à 13:30 ».
 */
export function answerBy(respondBy: string | Date, now: Date = new Date()): string {
  const due = parisDayAndTime(respondBy);
  const today = parisDayAndTime(now).day;
  if (due.day === today) return `aujourd’hui avant ${due.time}`;
  const tomorrow = parisDayAndTime(new Date(new Date(`${today}T12:00:00Z`).getTime() + 86_400_000)).day;
  if (due.day === tomorrow) return `demain avant ${due.time}`;
  return `d’ici le ${formatLongDate(due.day)} à ${due.time}`;
}

/**
 * What a select's clear button says to a screen reader (antd's Select says 'Clear' whatever the locale):
 * pass as `allowClear={ALLOW_CLEAR}`.
 */
export const ALLOW_CLEAR = { label: 'Effacer' } as const;
