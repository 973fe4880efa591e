/**
 * What the customer's page says, in French, from public.customer_reservation's answer: the status in
 * words, the deadlines as sentences with their dates (Europe/Paris, whatever the phone's time zone),
 * the restaurant's links, each guest's label. Pure: the unit tests call them with a fixed `now`.
 */
import { ADVANCE_NATURES, formatCents } from '@tablee/domain/payments';
import type { CourseDishes, CustomerPage, Guest } from '@tablee/domain/customer-page';
// Types only: the reasons' codes are the domain's (a code added there fails the type check here), and the
// domain's labels module stays out of this chunk's way (the link pages' chunk carries it, tree-shaken).
import type { CancellationReason, RefusalReason } from '@tablee/domain/reservation-status';

/** An Intl formatter made on first use (making one costs far more than using it), as the kernel's formatters do. */
const onFirstUse = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

const PARIS = 'Europe/Paris';
const shortParis = onFirstUse(() => new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
const longParis = onFirstUse(
  () => new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
);
const parisYear = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: PARIS, year: 'numeric' }));

const parts = (format: Intl.DateTimeFormat, instant: string | Date) =>
  Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value])) as Record<Intl.DateTimeFormatPartTypes, string>;

/** 'mar. 9 déc. 11:30': an instant, short, in France. */
export function shortInstant(instant: string | Date): string {
  const p = parts(shortParis(), instant);
  return `${p.weekday} ${p.day} ${p.month} ${p.hour}:${p.minute}`;
}

/** 'samedi 19 décembre à 12:00' (the year only when it is not this year's): a deadline, in France. */
export function deadlineText(instant: string | Date, now: Date = new Date()): string {
  const p = parts(longParis(), instant);
  const year = p.year !== parisYear().format(now) ? ` ${p.year}` : '';
  return `${p.weekday} ${p.day} ${p.month}${year} à ${p.hour}:${p.minute}`;
}

/** « jusqu’au » before a date, « jusqu’à » before 'l’heure…'. */
const until = (instant: string, now: Date) => `jusqu’au ${deadlineText(instant, now)}`;

export const SERVICE_LABELS: Readonly<Record<CustomerPage['service'], string>> = { lunch: 'Déjeuner', dinner: 'Dîner' };

/**
 * Why the restaurant refused, said to the customer: the domain's refusal reasons (REFUSAL_REASONS of
 * @tablee/domain/reservation-status, the app's and the e-mail's short labels) as sentences. 'autre'
 * is the owner's own words.
 */
const REFUSAL_SENTENCES: Readonly<Record<Exclude<RefusalReason, 'autre'>, string>> = {
  complet: 'Le restaurant est complet.',
  groupe_trop_important: 'Le groupe est trop important pour le restaurant.',
  horaire_indisponible: 'L’horaire demandé n’est pas disponible.',
  fermeture_exceptionnelle: 'Le restaurant est exceptionnellement fermé ce jour-là.',
};

/** Why the restaurant cancelled (CANCELLATION_REASONS of the domain), said to the customer; 'autre' is the owner's words. */
const CANCELLATION_SENTENCES: Readonly<Record<Exclude<CancellationReason, 'autre'>, string>> = {
  demande_du_client: 'À votre demande.',
  fermeture_exceptionnelle: 'Le restaurant est exceptionnellement fermé ce jour-là.',
  acompte_non_recu: 'L’acompte n’a pas été reçu à temps.',
};

/** The refusal's reason as a sentence, with the owner's own words ('autre': only them); null without any. */
export function refusalReason(decision: CustomerPage['decision']): string | null {
  if (!decision) return null;
  const detail = decision.reason_detail?.trim() || null;
  const reason = decision.reason;
  if (!reason || reason === 'autre') return detail;
  const sentence = REFUSAL_SENTENCES[reason as keyof typeof REFUSAL_SENTENCES];
  if (!sentence) return detail;
  return detail ? `${sentence} ${detail}` : sentence;
}

/** Whether the reservation still lies ahead and stands (pending, accepted or paid, its meal not begun). */
export const isActive = (page: CustomerPage) => !page.past && (page.status === 'pending' || page.status === 'accepted' || page.status === 'paid');

export interface StatusWords {
  /** The status line: 'Acceptée', 'En attente de réponse — …'. */
  title: string;
  /** What goes with it: the reason of a refusal or a cancellation, what became of the acompte. */
  details: string[];
  /** The restaurant's proposal after a refusal. */
  proposal: string | null;
}

/** The status in words (spec: the customer's page). */
export function statusWords(page: CustomerPage): StatusWords {
  const { decision } = page;
  const words: StatusWords = { title: '', details: [], proposal: null };
  switch (page.status) {
    case 'pending':
      words.title = page.respond_by ? `En attente de réponse — le restaurant s’engage à répondre avant ${shortInstant(page.respond_by)}` : 'En attente de réponse';
      if (page.past) words.title = 'En attente de réponse — l’heure du repas est passée';
      break;
    case 'accepted':
      words.title = page.past ? 'Passée' : 'Acceptée';
      break;
    case 'paid':
      words.title = page.past ? 'Passée' : ADVANCE_NATURES[page.advance_nature].received;
      break;
    case 'no_show':
      words.title = 'Passée';
      break;
    case 'rejected': {
      words.title = 'Refusée';
      const reason = refusalReason(decision);
      if (reason) words.details.push(reason);
      words.proposal = decision?.proposal?.trim() || null;
      break;
    }
    case 'cancelled': {
      const byCustomer = decision?.actor === 'customer';
      words.title = byCustomer ? 'Annulée à votre demande' : 'Annulée';
      if (!byCustomer && decision) {
        const reason = [CANCELLATION_SENTENCES[decision.reason as keyof typeof CANCELLATION_SENTENCES], decision.reason_detail?.trim()].filter(Boolean).join(' ');
        if (reason) words.details.push(reason);
      }
      const nature = ADVANCE_NATURES[page.advance_nature];
      if (decision?.deposit === 'kept')
        words.details.push(`${nature.paid}${decision.amount_cents ? ` (${formatCents(decision.amount_cents)})` : ''} ${nature.kept}, selon ses conditions d’annulation.`);
      if (decision?.deposit === 'refunded') words.details.push(`${nature.paid} ${nature.refunded}${decision.amount_cents ? ` (${formatCents(decision.amount_cents)})` : ''}.`);
      break;
    }
  }
  return words;
}

/** The CGV's modification deadline as a sentence. */
export function modificationSentence(page: CustomerPage, now: Date = new Date()): string {
  return `Modifiable ${until(page.modify_until, now)}.`;
}

/** The CGV's cancellation deadline as a sentence, and what happens after it. */
export function cancellationSentence(page: CustomerPage, now: Date = new Date()): string {
  const free = `Annulation gratuite ${until(page.cancel_free_until, now)}`;
  const nature = ADVANCE_NATURES[page.advance_nature];
  return page.deposit?.method === 'acompte' && page.deposit.amount > 0 ? `${free} ; ensuite ${nature.paid.toLowerCase()} ${nature.kept}.` : `${free}.`;
}

/** What cancelling now costs, said before the customer confirms. */
export function cancelCostSentence(page: CustomerPage, now: Date = new Date()): string {
  if (page.cancellation_cost_cents > 0) {
    const what = page.advance_nature === 'arrhes' ? 'les arrhes versées' : 'l’acompte versé';
    const kept = page.advance_nature === 'arrhes' ? 'conservées' : 'conservé';
    return `Annuler maintenant coûte ${what} de ${formatCents(page.cancellation_cost_cents)}, ${kept} par le restaurant selon ses conditions d’annulation.`;
  }
  if (now.getTime() < new Date(page.cancel_free_until).getTime()) return `L’annulation est gratuite ${until(page.cancel_free_until, now)}.`;
  return 'L’annulation est gratuite.';
}

/** After the modification deadline: whom to call. */
export function deadlinePassedSentence(page: CustomerPage): string {
  const { phone, email } = page.restaurant;
  if (phone) return `Le délai de modification est passé : pour tout changement, appelez le restaurant au ${displayPhone(phone)}.`;
  if (email) return `Le délai de modification est passé : pour tout changement, écrivez au restaurant (${email}).`;
  return 'Le délai de modification est passé : pour tout changement, contactez le restaurant.';
}

/** A French number in its usual form ('04 78 00 00 00'), from E.164 or as typed; any other number as stored. */
export function displayPhone(phone: string): string {
  const digits = phone.replace(/[\s.-]/g, '');
  const national = /^\+33[1-9]\d{8}$/.test(digits) ? `0${digits.slice(3)}` : /^0[1-9]\d{8}$/.test(digits) ? digits : null;
  return national ? national.replace(/(\d{2})(?=\d)/g, '$1 ') : phone;
}

/** tel: link of a phone number (spaces, dots and dashes dropped). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A map search of the address (OpenStreetMap: no account, no tracking). */
export const mapHref = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

/** 'Léa', or 'Convive 3' for a guest without a name. */
export const guestLabel = (guestNumber: number, name?: string | null) => name?.trim() || `Convive ${guestNumber}`;

/** 'Risotto aux cèpes — sans gluten, sans lactose': a dish with what it suits. */
export function dishLabel(dish: CourseDishes['dishes'][number]): string {
  const notes = [dish.gluten_free && 'sans gluten', dish.vegan && 'vegan', dish.notes?.trim()].filter(Boolean);
  return notes.length ? `${dish.name} — ${notes.join(', ')}` : dish.name;
}

/** A guest is filled in once they have a dish for every course of the menu. */
export function isGuestComplete(guest: Pick<Guest, 'choices'> | undefined, courses: CourseDishes[]): boolean {
  if (!guest) return false;
  return courses.filter((c) => c.dishes.length > 0).every((c) => Boolean(guest.choices[c.course]));
}

/** '9 convives sur 14 renseignés', '1 convive sur 14 renseigné'. */
export function progressText(done: number, total: number): string {
  return done > 1 ? `${done} convives sur ${total} renseignés` : `${done} convive sur ${total} renseigné`;
}
