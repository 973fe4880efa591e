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
