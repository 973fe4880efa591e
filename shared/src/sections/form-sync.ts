/**
 * Binds a section's antd <Form> to its controlled value (SectionFormProps): the value is written
 * into the form's fields, and each field change is merged into the value and handed to onChange.
 * Fields that are not on screen (a closed tab, a hidden day) keep their value, because the change
 * is merged into the whole value rather than read back from the mounted fields.
 */
import { Form, type FormInstance } from 'antd';
import { useEffect } from 'react';
import type { SectionFormProps } from './contract';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `changed` (antd's changedValues: only the changed path) merged into `value`; arrays are replaced whole. */
export function mergeChanged<T>(value: T, changed: unknown): T {
  if (!isPlainObject(changed) || !isPlainObject(value)) return changed as T;
  const next: Record<string, unknown> = { ...value };
  for (const [key, v] of Object.entries(changed)) next[key] = isPlainObject(v) && isPlainObject(next[key]) ? mergeChanged(next[key], v) : v;
  return next as T;
}

const valueAt = (value: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);

export function useSectionForm<T>(
  props: Pick<SectionFormProps<T>, 'form' | 'value' | 'onChange'>,
  /** Rules that follow a change (e.g. the deposit toggle): previous value, merged value → value to keep. */
  adjust?: (previous: T, next: T) => T,
): { form: FormInstance; onValuesChange: (changed: unknown) => void } {
  const [form] = Form.useForm(props.form);
  const { value, onChange } = props;
  useEffect(() => {
    form.setFieldsValue(value as never);
    // setFieldsValue skips undefined: set the mounted fields one by one so a cleared value clears its field.
    form.setFields(form.getFieldsError().map(({ name }) => ({ name, value: valueAt(value, name) })));
  }, [form, value]);
  const onValuesChange = (changed: unknown) => {
    const merged = mergeChanged(value, changed);
    onChange(adjust ? adjust(value, merged) : merged);
  };
  return { form, onValuesChange };
}
