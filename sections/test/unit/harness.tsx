/** Renders a section form as a page would (in a QueryClient, for its mutations): the antd form owns the value, read back with getFieldsValue(true). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Button, ConfigProvider, Form, type FormInstance } from 'antd';
import frFR from 'antd/locale/fr_FR';
import type { ComponentType } from 'react';
import type { SectionContext, SectionFormProps } from '@tablee/sections';

export function renderSection<T extends object>(Component: ComponentType<SectionFormProps<T>>, initial: T, context: SectionContext = 'edit', disabled = false) {
  let form!: FormInstance<T>;
  const latest: { readonly value: T; validated?: boolean } = {
    get value() {
      return form.getFieldsValue(true);
    },
  };
  const queryClient = new QueryClient();
  function Host() {
    [form] = Form.useForm<T>();
    return (
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={frFR}>
          <Component context={context} restaurantId="r1" initialValue={initial} disabled={disabled} form={form} />
          <Button
            onClick={() =>
              form.validateFields().then(
                () => (latest.validated = true),
                () => (latest.validated = false),
              )
            }
          >
            Vérifier le formulaire
          </Button>
        </ConfigProvider>
      </QueryClientProvider>
    );
  }
  return { ...render(<Host />), latest };
}
