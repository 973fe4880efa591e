import type { FormInstance } from 'antd';
import { InvalidValueError } from './autosave';

const isFilled = (value: unknown) => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '') && !(Array.isArray(value) && value.length === 0);

/**
 * Checks, with the form's own rules, the fields the owner has filled or touched, and shows their
 * messages; throws InvalidValueError when one is refused, so that nothing is stored. A required field
 * never touched is not an error here: it is missing, and Terminer lists it (restaurant_completeness).
 */
export async function validateFilledFields(form: FormInstance): Promise<void> {
  const names = form
    .getFieldsError()
    .map((field) => field.name)
    .filter((name) => form.isFieldTouched(name) || isFilled(form.getFieldValue(name)));
  if (names.length === 0) return;
  try {
    await form.validateFields(names);
  } catch (error) {
    // antd rejects with the fields' errors; anything else (an unmounted form) is not the owner's to fix.
    if ((error as { errorFields?: unknown[] }).errorFields?.length) throw new InvalidValueError();
    throw error;
  }
}
