/** Small pieces the section forms share. */
import { Form, InputNumber } from 'antd';
import type { CSSProperties } from 'react';

/**
 * Lets a controlled section form take part in the page's `form.validateFields()`: one hidden field,
 * placed inside the section's <Form>, whose rule fails while `errors` is not empty. The form shows
 * its messages next to the fields itself.
 */
export function SectionRulesCheck({ errors }: { errors: string[] }) {
  return (
    <Form.Item name="sectionRules" noStyle rules={[{ validator: () => (errors.length ? Promise.reject(new Error(errors.join(' '))) : Promise.resolve()) }]}>
      <input type="hidden" />
    </Form.Item>
  );
}

/** Inputs of one row that wrap on a phone. */
export const fieldGrid = (min = 200): CSSProperties => ({ display: 'grid', gap: '0 16px', gridTemplateColumns: `repeat(auto-fit, minmax(min(${min}px, 100%), 1fr))` });

/**
 * A price in euros incl. tax (spec §9: two decimals, step 0.01, never negative), French decimal comma.
 * An emptied field reports NaN, which the section's rules refuse.
 */
export function EuroInput({ value, onChange, ...rest }: { value: number; onChange: (value: number) => void; id?: string; 'aria-label'?: string; style?: CSSProperties }) {
  return (
    <InputNumber
      min={0}
      step={0.01}
      precision={2}
      decimalSeparator=","
      style={{ width: '100%' }}
      {...rest}
      value={Number.isFinite(value) ? value : null}
      onChange={(v) => onChange(typeof v === 'number' ? v : Number.NaN)}
    />
  );
}

