/**
 * A reservation's options (restaurant_reservations.options: a jsonb array, written by the chatbot),
 * read into the model whatever it holds: one reading for the screens, the e-mails and the sheets.
 */
import type { ReservationOption } from './types';
import { toNumber, type Numeric } from './values';

export type { ReservationOption };

export function reservationOptions(value: unknown): ReservationOption[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((o): o is Record<string, unknown> => !!o && typeof o === 'object')
    .map((o) => ({
      title: String(o.title ?? ''),
      price: toNumber(o.price as Numeric),
      quantity: Math.max(1, Math.trunc(toNumber(o.quantity as Numeric, 1))),
      ...(typeof o.option_id === 'string' ? { option_id: o.option_id } : {}),
    }));
}

/**
 * The options priced per person whose quantity no longer matches the adults (a group of 18 changed to
 * 22 keeps « Coupe de champagne × 18 »): what the 'Modifier' form warns the owner of. An option with no
 * quantity takes one per adult (submit_group_request's rule), so it always matches.
 */
export function perPersonOptionsOutOfStep(
  chosen: readonly { option_id?: string; quantity?: number | null }[],
  offered: readonly { id: string; title: string; price_type: string }[],
  adults: number | null | undefined,
): { title: string; quantity: number }[] {
  if (!adults || adults < 1) return [];
  return chosen.flatMap((o) => {
    const option = offered.find((x) => x.id === o.option_id);
    return option?.price_type === 'per_person' && o.quantity && o.quantity !== adults ? [{ title: option.title, quantity: o.quantity }] : [];
  });
}

/** The owner's warning of those options, in French: one sentence per option. */
export function perPersonOptionsWarning(outOfStep: readonly { title: string; quantity: number }[], adults: number): string | null {
  if (outOfStep.length === 0) return null;
  return outOfStep
    .map((o) => `L’option par personne « ${o.title} » est comptée ${o.quantity} fois pour ${adults} adulte${adults > 1 ? 's' : ''} : ajustez sa quantité si elle doit suivre le groupe.`)
    .join(' ');
}
