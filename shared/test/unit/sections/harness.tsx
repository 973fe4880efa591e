/** Renders a section form as a page would: the value is owned outside the form and fed back on every change. */
import { render } from '@testing-library/react';
import { Button, ConfigProvider, Form } from 'antd';
import frFR from 'antd/locale/fr_FR';
import { useState, type ComponentType } from 'react';
import type { SectionContext, SectionFormProps } from '@tablee/shared/sections';

export function renderSection<T>(Component: ComponentType<SectionFormProps<T>>, initial: T, context: SectionContext = 'edit', disabled = false) {
  const latest: { value: T; validated?: boolean } = { value: initial };
  function Host() {
    const [value, setValue] = useState(initial);
    const [form] = Form.useForm();
    return (
      <ConfigProvider locale={frFR}>
        <Component
          context={context}
          restaurantId="r1"
          value={value}
          disabled={disabled}
          form={form}
          onChange={(next) => {
            latest.value = next;
            setValue(next);
          }}
        />
        <Button
          onClick={() =>
            form.validateFields().then(
              () => (latest.validated = true),
              () => (latest.validated = false),
            )
          }
        >
          Valider
        </Button>
      </ConfigProvider>
    );
  }
  return { ...render(<Host />), latest };
}
