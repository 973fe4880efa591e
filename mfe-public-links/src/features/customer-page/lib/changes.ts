/**
 * The headcount and allergies form's rules before sending (the database checks the rest: the group
 * limits of the service, the menu, the total), and what it sends: only what changed.
 */
import type { CustomerPage } from '@tablee/domain/customer-page';

export type ChangeField = 'adults' | 'children' | 'dietary_notes';
export type ChangeValues = Record<ChangeField, string>;

/** As the request page and SQL (private.apply_reservation_changes) count them. */
export const DIETARY_NOTES_MAX = 1000;

const count = (value: string) => (/^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : NaN);

export function validateChanges(values: ChangeValues): Partial<Record<ChangeField, string>> {
  const errors: Partial<Record<ChangeField, string>> = {};
  const adults = count(values.adults);
  if (!Number.isInteger(adults) || adults < 1) errors.adults = 'Indiquez le nombre d’adultes (au moins 1).';
  const children = values.children.trim() === '' ? 0 : count(values.children);
  if (!Number.isInteger(children) || children < 0) errors.children = 'Indiquez le nombre d’enfants (0 s’il n’y en a pas).';
  if (values.dietary_notes.length > DIETARY_NOTES_MAX) errors.dietary_notes = 'Les allergies et régimes dépassent 1 000 caractères.';
  return errors;
}

/** The changes to send: the fields whose value differs from the page's (allergies emptied: null). */
export function changedFields(page: Pick<CustomerPage, 'adults' | 'children' | 'dietary_notes'>, values: ChangeValues) {
  const changes: { adults?: number; children?: number; dietary_notes?: string | null } = {};
  const adults = count(values.adults);
  const children = values.children.trim() === '' ? 0 : count(values.children);
  const notes = values.dietary_notes.trim() || null;
  if (adults !== page.adults) changes.adults = adults;
  if (children !== page.children) changes.children = children;
  if (notes !== (page.dietary_notes?.trim() || null)) changes.dietary_notes = notes;
  return changes;
}
