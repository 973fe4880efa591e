/** Small pieces the section forms share. */
import { Button, Form, InputNumber, type ButtonProps, type FormInstance } from 'antd';
import { useId, type CSSProperties, type ReactNode } from 'react';

/**
 * The whole value of a section's form, re-read whenever the owner (or the form itself) changes it,
 * fields that are not on screen included (`preserve`). Use it in a small component of its own: the
 * component that calls it renders again on each change.
 */
export function useSectionValue<T extends object>(form: FormInstance<T>): T | undefined {
  // The name path [] is the whole store (a selector would be called with {} before the first update).
  return Form.useWatch([], { form, preserve: true });
}

/**
 * Renders `children` with a value picked from the enclosing form's whole value (`select`), again each
 * time that value changes, in the same update as the change (Form.useWatch tells its watchers a task
 * later). Only this part renders again, so typing elsewhere costs nothing here. `select` should pick
 * a primitive (compared with Object.is).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the store of whichever form encloses it
export function FormValue<V>({ select, children }: { select: (values: any) => V; children: (value: V) => ReactNode }) {
  return (
    <Form.Item noStyle shouldUpdate={(previous, next) => !Object.is(select(previous), select(next))}>
      {({ getFieldsValue }) => children(select(getFieldsValue(true)))}
    </Form.Item>
  );
}

/** The value at `path` in a form's whole value (undefined where a step of it is missing), for FormValue's selectors. */
export const valueAt = (value: unknown, path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[key] : undefined), value);

/**
 * The form of an add row or card inside a section's form: a form of its own (no <form> element, it
 * sits inside the section's), named apart so that its fields' ids do not clash with the section form's.
 */
export function DraftForm<T extends object>({ form, initialValues, disabled, children }: { form: FormInstance<T>; initialValues: Partial<T>; disabled?: boolean; children: ReactNode }) {
  const name = useId();
  return (
    <Form form={form} name={name} component={false} layout="vertical" initialValues={initialValues} disabled={disabled}>
      {children}
    </Form>
  );
}

/**
 * The button of a DraftForm: enabled while `canAdd(draft)`; a click hands the draft to `onAdd`, then
 * empties the draft (`afterAdd` says otherwise, e.g. keeping a dish's type for the next one).
 */
export function AddDraftButton<T extends object>({
  form,
  canAdd,
  onAdd,
  afterAdd = () => form.resetFields(),
  type,
  children,
}: {
  form: FormInstance<T>;
  canAdd: (draft: T) => boolean;
  onAdd: (draft: T) => void;
  afterAdd?: () => void;
  type?: ButtonProps['type'];
  children: ReactNode;
}) {
  return (
    <FormValue select={canAdd}>
      {(allowed) => (
        <Button
          type={type}
          disabled={!allowed}
          onClick={() => {
            onAdd(form.getFieldsValue(true));
            afterAdd();
          }}
        >
          {children}
        </Button>
      )}
    </FormValue>
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Whether two section values hold the same data, structurally. Written here rather than taken from a
 * library because of one rule of antd's store: a cleared field is kept as an `undefined` key, which
 * counts as the key being absent (a kids menu added then removed again is no change).
 */
export function sameSectionValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!isRecord(a) || !isRecord(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameSectionValue(v, b[i]));
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (!sameSectionValue(a[key], b[key])) return false;
  return true;
}

/** Inputs of one row that wrap on a phone. */
export const fieldGrid = (min = 200): CSSProperties => ({ display: 'grid', gap: '0 16px', gridTemplateColumns: `repeat(auto-fit, minmax(min(${min}px, 100%), 1fr))` });

/**
 * A price in euros incl. tax (spec §9: two decimals, step 0.01, never negative), French decimal comma.
 * An emptied field reports NaN, which the section's rules refuse. Inside a Form.Item, which gives
 * value and onChange.
 */
export function EuroInput({ value, onChange, ...rest }: { value?: number; onChange?: (value: number) => void; id?: string; 'aria-label'?: string; style?: CSSProperties }) {
  return (
    <InputNumber
      min={0}
      step={0.01}
      precision={2}
      decimalSeparator=","
      style={{ width: '100%' }}
      {...rest}
      value={typeof value === 'number' && Number.isFinite(value) ? value : null}
      onChange={(v) => onChange?.(typeof v === 'number' ? v : Number.NaN)}
    />
  );
}
