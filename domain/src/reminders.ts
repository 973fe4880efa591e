/**
 * The customers' reminders (Messages automatiques): their settings and their words, in one place for
 * the e-mails and WhatsApp templates the reservation service sends and the previews the owner reads on
 * 'Votre assistant'. When they are due is the database's rule (private.due_customer_reminders).
 */
import { formatEuros, formatLongDate } from '@tablee/shared/format';
import { ADVANCE_WORDS } from './deposit';
import { ofName, parisDayAndTime } from './french';
import { DEFAULT_ADVANCE_NATURE, type AdvanceNature } from './payments';

export type ReminderKind = 'headcount' | 'day_before' | 'deposit';

/** public.restaurant_reminder_settings, as save_reminder_settings takes it. */
export interface ReminderSettings {
  headcount_enabled: boolean;
  headcount_days: number;
  day_before_enabled: boolean;
  deposit_enabled: boolean;
  deposit_days: number;
}

/** What a restaurant that never saved them has (the table's defaults). */
export const DEFAULT_REMINDER_SETTINGS: Readonly<ReminderSettings> = {
  headcount_enabled: true,
  headcount_days: 7,
  day_before_enabled: true,
  deposit_enabled: true,
  deposit_days: 3,
};

export const REMINDER_KINDS: readonly ReminderKind[] = ['headcount', 'day_before', 'deposit'];

/** The outbox's kind of each reminder. */
export const reminderOutboxKind = (kind: ReminderKind) => `customer_reminder_${kind}` as const;

/** The WhatsApp template of each reminder, to register in Meta's WhatsApp Manager (French, category utility), with its parameters in order. */
export const REMINDER_TEMPLATES: Readonly<Record<ReminderKind, { name: string; parameters: string[] }>> = {
  headcount: { name: 'tablee_rappel_convives', parameters: ['restaurant', 'date du repas', 'date limite', 'lien de la page'] },
  day_before: { name: 'tablee_rappel_veille', parameters: ['restaurant', 'date et heure', 'nombre de convives', 'adresse', 'lien de la page'] },
  deposit: { name: 'tablee_rappel_acompte', parameters: ['restaurant', 'montant', 'date du repas', 'lien de la page'] },
};

export const REMINDER_LABELS: Readonly<Record<ReminderKind, string>> = {
  headcount: 'Nombre de convives et choix des menus',
  day_before: 'La veille du repas',
  deposit: 'Arrhes ou acompte à verser',
};

/** What a reminder speaks of. */
export interface ReminderFacts {
  restaurantName: string;
  address: string;
  customerName: string;
  /** YYYY-MM-DD and HH:MM (Paris). */
  date: string;
  arrivalTime: string | null;
  guests: number;
  /** ISO instant: until when the customer changes their reservation (the CGV's modification deadline). */
  modifyUntil: string;
  /** The sum still due in advance, in euros (deposit reminder). */
  deposit: number | null;
  /** What that sum is under the CGV (the reservation's deposit's nature): arrhes when absent. */
  advanceNature?: AdvanceNature;
  pageUrl: string;
}

/** A reminder's words: its subject, its paragraphs (the e-mail's, the preview's), and its WhatsApp template's parameters in order. */
export interface ReminderMessage {
  subject: string;
  paragraphs: string[];
  templateParameters: string[];
}

const mealWhen = (f: ReminderFacts) => `${formatLongDate(f.date)}${f.arrivalTime ? ` à ${f.arrivalTime}` : ''}`;
const deadline = (iso: string) => {
  const { day, time } = parisDayAndTime(iso);
  return `${formatLongDate(day)} à ${time}`;
};

export function reminderMessage(kind: ReminderKind, f: ReminderFacts): ReminderMessage {
  const from = ofName(f.restaurantName);
  const hello = `Bonjour ${f.customerName},`;
  switch (kind) {
    case 'headcount':
      return {
        subject: `Votre repas ${from} : confirmez le nombre de convives`,
        paragraphs: [
          hello,
          `Votre repas ${from} approche : ${mealWhen(f)}, pour ${f.guests} personne${f.guests > 1 ? 's' : ''}.`,
          `Confirmez le nombre de convives et les choix de menus avant le ${deadline(f.modifyUntil)} : la cuisine prépare ainsi exactement ce qu’il faut.`,
          `Tout se fait sur votre page : ${f.pageUrl}`,
        ],
        templateParameters: [f.restaurantName, mealWhen(f), deadline(f.modifyUntil), f.pageUrl],
      };
    case 'day_before':
      return {
        subject: `À demain : votre repas ${from}`,
        paragraphs: [
          hello,
          `Le restaurant vous attend ${mealWhen(f)}, pour ${f.guests} personne${f.guests > 1 ? 's' : ''}.`,
          `Adresse : ${f.address}`,
          `Un empêchement ? Prévenez le restaurant : ${f.pageUrl}`,
        ],
        templateParameters: [f.restaurantName, mealWhen(f), String(f.guests), f.address, f.pageUrl],
      };
    case 'deposit': {
      // « les arrhes restent à verser » / « l’acompte reste à verser »: the CGV's word, agreed.
      const sum = ADVANCE_WORDS[f.advanceNature ?? DEFAULT_ADVANCE_NATURE];
      return {
        subject: `Votre réservation ${from} : ${sum.the} ${sum.plural ? 'restent' : 'reste'} à verser`,
        paragraphs: [
          hello,
          `Votre réservation du ${mealWhen(f)} est acceptée ; ${sum.the} de ${formatEuros(f.deposit ?? 0)} ${sum.plural ? 'n’ont' : 'n’a'} pas encore été ${sum.agree('reçu')}.`,
          `Versez-${sum.it} pour garantir votre table : les moyens de paiement sont sur votre page, ${f.pageUrl}`,
        ],
        templateParameters: [f.restaurantName, formatEuros(f.deposit ?? 0), mealWhen(f), f.pageUrl],
      };
    }
  }
}
