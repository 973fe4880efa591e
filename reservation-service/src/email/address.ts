import { z } from 'zod';

const plainAddress = z.email();

/**
 * The customer's address when the field holds exactly one plain address (`local@domain`), else null.
 * A list ('a@x.fr, b@y.fr'), a display name ('"a@x.fr" <b@y.fr>'), a group, a comment or a line break
 * would make the mailer write another recipient than the one shown to the owner: nothing is sent then.
 */
export function customerAddress(field: string): string | null {
  const address = field.trim();
  return plainAddress.safeParse(address).success ? address : null;
}
