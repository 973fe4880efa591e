/** The owner's private notes, tags and company of a customer (never shown to the customer nor the assistant). */
import { CUSTOMER_TAG_MAX_LENGTH, CUSTOMER_TAG_SUGGESTIONS, CUSTOMER_TAGS_MAX } from '@tablee/operations-data';
import type { useToast } from '@tablee/shared';
import type { CustomerDetail } from '@tablee/domain';
import { Button, Form, Input, Select } from 'antd';
import { customerErrorMessage, useSaveCustomerNotes, type CustomerNotes } from '../api/customers';

export function CustomerNotesForm({ restaurantId, customer, showToast }: { restaurantId: string; customer: CustomerDetail; showToast: ReturnType<typeof useToast>['showToast'] }) {
  const [form] = Form.useForm<CustomerNotes>();
  const saving = useSaveCustomerNotes(restaurantId, customer.id);
  return (
    <Form<CustomerNotes>
      form={form}
      layout="vertical"
      initialValues={{ notes: customer.notes ?? '', tags: customer.tags, company: customer.company ?? '' }}
      onFinish={(values) =>
        saving.mutate(
          { notes: values.notes ?? '', tags: values.tags ?? [], company: values.company ?? '' },
          {
            onSuccess: () => showToast('success', 'Notes enregistrées'),
            onError: (error) => showToast('error', customerErrorMessage(error, 'Les notes n’ont pas pu être enregistrées. Réessayez.')),
          },
        )
      }
    >
      <Form.Item name="company" label="Entreprise" rules={[{ max: 200, message: '200 caractères au plus' }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="tags"
        label="Étiquettes"
        extra={`${CUSTOMER_TAGS_MAX} étiquettes au plus, de ${CUSTOMER_TAG_MAX_LENGTH} caractères chacune.`}
        rules={[
          {
            validator: (_, tags: string[] | undefined) => {
              const list = tags ?? [];
              if (list.length > CUSTOMER_TAGS_MAX) return Promise.reject(new Error(`${CUSTOMER_TAGS_MAX} étiquettes au plus`));
              if (list.some((t) => t.trim().length > CUSTOMER_TAG_MAX_LENGTH)) return Promise.reject(new Error(`Une étiquette fait ${CUSTOMER_TAG_MAX_LENGTH} caractères au plus`));
              return Promise.resolve();
            },
          },
        ]}
      >
        <Select
          mode="tags"
          aria-label="Étiquettes"
          placeholder="Entreprise, Habitué…"
          maxCount={CUSTOMER_TAGS_MAX}
          tokenSeparators={[',']}
          options={CUSTOMER_TAG_SUGGESTIONS.map((tag) => ({ value: tag, label: tag }))}
        />
      </Form.Item>
      <Form.Item name="notes" label="Notes" extra="Visibles de votre équipe seulement : ni le client ni l’assistant ne les voient.">
        <Input.TextArea rows={4} maxLength={2000} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving.isPending}>
        Enregistrer les notes
      </Button>
    </Form>
  );
}
