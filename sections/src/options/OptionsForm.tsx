/** Options section (spec §2, §3, §5): table of additional options with edit and delete, and an add form. */
import { formatEuros } from '@tablee/shared';
import type { AdditionalOption } from '@tablee/domain';
import { Button, Card, Form, Grid, Input, Radio, Space, Table, Typography, type FormListFieldData } from 'antd';
import { useState } from 'react';
import type { SectionFormProps } from '../contract';
import { AddDraftButton, DraftForm, EuroInput, fieldGrid, FormValue } from '../form-kit';
import { canAddOption, emptyOption, EDIT_IN_PROGRESS, optionErrors, optionPriceRule, optionTitleRules, PRICE_TYPE_OPTIONS, priceTypeLabel, type OptionsValue } from './rules';
import { maxLengthOf } from '../field-rules';

/** The option being edited in its row, and what it was before, for 'Annuler'. */
type Editing = { index: number; before: AdditionalOption } | null;

export function OptionsForm({ context, form, initialValue, disabled }: SectionFormProps<OptionsValue>) {
  const [editing, setEditing] = useState<Editing>(null);
  // Below a tablet's width the 'Type de prix' column is hidden (antd's md breakpoint) and the price says it.
  const wide = Grid.useBreakpoint().md ?? true;
  const optionAt = (index: number): AdditionalOption => form.getFieldValue(['options', index]);

  const columns = (remove: (index: number) => void) => [
    {
      title: 'Titre',
      key: 'title',
      render: (_: unknown, field: FormListFieldData) =>
        editing?.index === field.name ? (
          <Form.Item name={[field.name, 'title']} rules={optionTitleRules} style={{ margin: 0 }}>
            <Input aria-label="Titre de l'option" maxLength={maxLengthOf('restaurant_options', 'title')} />
          </Form.Item>
        ) : (
          optionAt(field.name).title
        ),
    },
    {
      title: 'Prix (€ TTC)',
      key: 'price',
      render: (_: unknown, field: FormListFieldData) =>
        editing?.index === field.name ? (
          <Form.Item name={[field.name, 'price']} rules={[optionPriceRule]} style={{ margin: 0 }}>
            <EuroInput aria-label="Prix de l'option" style={{ width: 120 }} />
          </Form.Item>
        ) : (
          <>
            {formatEuros(optionAt(field.name).price)}
            {/* On a phone the type has no column of its own: said with the price. */}
            {!wide && ` · ${priceTypeLabel(optionAt(field.name).priceType).toLowerCase()}`}
          </>
        ),
    },
    {
      title: 'Type de prix',
      key: 'priceType',
      // From a tablet's width on; on a phone the price says it, so that the actions stay on screen.
      responsive: ['md' as const],
      render: (_: unknown, field: FormListFieldData) =>
        editing?.index === field.name ? (
          <Form.Item name={[field.name, 'priceType']} style={{ margin: 0 }}>
            <Radio.Group aria-label="Type de prix de l'option" options={[...PRICE_TYPE_OPTIONS]} />
          </Form.Item>
        ) : (
          priceTypeLabel(optionAt(field.name).priceType)
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      // Always on screen, even when the table scrolls sideways.
      fixed: 'right' as const,
      render: (_: unknown, field: FormListFieldData) => {
        const option = optionAt(field.name);
        return editing?.index === field.name ? (
          <EditActions
            index={field.name}
            onDone={() => {
              form.setFieldValue(['options', field.name, 'title'], optionAt(field.name).title.trim());
              setEditing(null);
            }}
            onCancel={() => {
              form.setFieldValue(['options', field.name], editing.before);
              setEditing(null);
            }}
          />
        ) : (
          <Space wrap>
            <Button size="small" disabled={!!editing} aria-label={`Modifier l'option ${option.title}`} onClick={() => setEditing({ index: field.name, before: option })}>
              Modifier
            </Button>
            <Button size="small" danger disabled={!!editing} aria-label={`Supprimer l'option ${option.title}`} onClick={() => remove(field.name)}>
              Supprimer
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <Form form={form} layout="vertical" initialValues={initialValue} disabled={disabled}>
      {/* An option being edited must be validated or cancelled before the page saves. */}
      <Form.List name="options" rules={[{ validator: () => (editing ? Promise.reject(new Error(EDIT_IN_PROGRESS)) : Promise.resolve()) }]}>
        {(fields, { add, remove }, { errors }) => (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
            <Table
              rowKey="key"
              columns={columns(remove)}
              dataSource={fields}
              pagination={false}
              size="middle"
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: 'Aucune option pour le moment.' }}
            />
            <Form.ErrorList errors={errors} />
            <AddOptionCard context={context} disabled={disabled} onAdd={(option) => add(option)} />
          </div>
        )}
      </Form.List>
    </Form>
  );
}

/** 'Valider' (only when the row is valid) and 'Annuler' of the row being edited. */
function EditActions({ index, onDone, onCancel }: { index: number; onDone: () => void; onCancel: () => void }) {
  return (
    <Space wrap>
      <FormValue select={(v: OptionsValue) => !!v.options?.[index] && optionErrors(v.options[index]).length === 0}>
        {(valid) => (
          <Button type="primary" size="small" disabled={!valid} onClick={onDone}>
            Valider
          </Button>
        )}
      </FormValue>
      <Button size="small" onClick={onCancel}>
        Annuler
      </Button>
    </Space>
  );
}

/** The add form: a form of its own (no <form> element, it sits inside the section's), emptied after each addition. */
function AddOptionCard({ context, disabled, onAdd }: { context: SectionFormProps<OptionsValue>['context']; disabled?: boolean; onAdd: (option: AdditionalOption) => void }) {
  const [draftForm] = Form.useForm<AdditionalOption>();
  return (
    <Card size="small" title="Ajouter une option" style={{ background: '#fafafa' }}>
      <DraftForm form={draftForm} initialValues={emptyOption()} disabled={disabled}>
        <div style={fieldGrid()}>
          <Form.Item label="Titre" name="title" required rules={optionTitleRules}>
            <Input placeholder="Ex. : Coupe de champagne" maxLength={maxLengthOf('restaurant_options', 'title')} />
          </Form.Item>
          <Form.Item label="Prix (€ TTC)" name="price" rules={[optionPriceRule]}>
            <EuroInput />
          </Form.Item>
          <Form.Item label="Type de prix" name="priceType">
            <Radio.Group aria-label="Type de prix" options={[...PRICE_TYPE_OPTIONS]} />
          </Form.Item>
        </div>
        <AddDraftButton form={draftForm} type="dashed" canAdd={canAddOption} onAdd={(option) => onAdd({ ...option, title: option.title.trim() })}>
          Ajouter l'option
        </AddDraftButton>
      </DraftForm>
      {context === 'edit' && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          Les options sont enregistrées avec le bouton « Enregistrer les modifications ».
        </Typography.Paragraph>
      )}
    </Card>
  );
}
