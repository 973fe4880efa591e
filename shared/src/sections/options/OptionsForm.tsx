/** Options section (spec §2, §3, §5): table of additional options with edit and delete, and an add form. */
import { formatEuros, type AdditionalOption } from '@tablee/shared';
import { Button, Card, Form, Input, Radio, Space, Table, Typography } from 'antd';
import { useId, useState } from 'react';
import type { SectionFormProps } from '../contract';
import { EuroInput, fieldGrid, SectionRulesCheck } from '../form-kit';
import { canAddOption, emptyOption, OPTION_PRICE_INVALID, OPTION_TITLE_REQUIRED, optionErrors, PRICE_TYPE_OPTIONS, priceTypeLabel } from './rules';

export function OptionsForm({ context, value, onChange, disabled, form }: SectionFormProps<AdditionalOption[]>) {
  const [editing, setEditing] = useState<{ index: number; draft: AdditionalOption } | null>(null);
  const [draft, setDraft] = useState<AdditionalOption>(emptyOption);
  const [touched, setTouched] = useState(false);
  const id = useId();
  // An option being edited must be validated or cancelled before the page saves.
  const errors = [...value.flatMap(optionErrors), ...(editing ? ["Validez ou annulez la modification de l'option en cours"] : [])];

  const commitEdit = () => {
    if (!editing || optionErrors(editing.draft).length) return;
    onChange(value.map((o, i) => (i === editing.index ? { ...editing.draft, title: editing.draft.title.trim() } : o)));
    setEditing(null);
  };

  const columns = [
    {
      title: 'Titre',
      key: 'title',
      render: (_: unknown, option: AdditionalOption, index: number) =>
        editing?.index === index ? (
          <Form.Item style={{ margin: 0 }} validateStatus={editing.draft.title.trim() ? undefined : 'error'} help={editing.draft.title.trim() ? undefined : OPTION_TITLE_REQUIRED}>
            <Input aria-label="Titre de l'option" value={editing.draft.title} onChange={(e) => setEditing({ index, draft: { ...editing.draft, title: e.target.value } })} />
          </Form.Item>
        ) : (
          option.title
        ),
    },
    {
      title: 'Prix (€ TTC)',
      key: 'price',
      render: (_: unknown, option: AdditionalOption, index: number) =>
        editing?.index === index ? (
          <EuroInput aria-label="Prix de l'option" style={{ width: 120 }} value={editing.draft.price} onChange={(price) => setEditing({ index, draft: { ...editing.draft, price } })} />
        ) : (
          formatEuros(option.price)
        ),
    },
    {
      title: 'Type de prix',
      key: 'priceType',
      render: (_: unknown, option: AdditionalOption, index: number) =>
        editing?.index === index ? (
          <Radio.Group aria-label="Type de prix de l'option" value={editing.draft.priceType} options={[...PRICE_TYPE_OPTIONS]} onChange={(e) => setEditing({ index, draft: { ...editing.draft, priceType: e.target.value } })} />
        ) : (
          priceTypeLabel(option.priceType)
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, option: AdditionalOption, index: number) =>
        editing?.index === index ? (
          <Space wrap>
            <Button type="primary" size="small" disabled={optionErrors(editing.draft).length > 0} onClick={commitEdit}>
              Valider
            </Button>
            <Button size="small" onClick={() => setEditing(null)}>
              Annuler
            </Button>
          </Space>
        ) : (
          <Space wrap>
            <Button size="small" disabled={!!editing} aria-label={`Modifier l'option ${option.title}`} onClick={() => setEditing({ index, draft: { ...option } })}>
              Modifier
            </Button>
            <Button size="small" danger disabled={!!editing} aria-label={`Supprimer l'option ${option.title}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
              Supprimer
            </Button>
          </Space>
        ),
    },
  ];

  const titleMissing = touched && draft.title.trim() === '';
  const priceInvalid = touched && optionErrors({ title: 'x', price: draft.price }).length > 0;

  return (
    <>
    <Form form={form} layout="vertical" component="div" disabled={disabled}>
      <SectionRulesCheck errors={errors} />
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <Table
          rowKey={(o) => o.id ?? `new-${value.indexOf(o)}`}
          columns={columns}
          dataSource={value}
          pagination={false}
          size="middle"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'Aucune option pour le moment.' }}
        />
        <Card size="small" title="Ajouter une option" style={{ background: '#fafafa' }}>
          <div style={fieldGrid()}>
            <Form.Item label="Titre" htmlFor={`${id}-title`} required validateStatus={titleMissing ? 'error' : undefined} help={titleMissing ? OPTION_TITLE_REQUIRED : undefined}>
              <Input
                id={`${id}-title`}
                value={draft.title}
                placeholder="Ex. : Coupe de champagne"
                onChange={(e) => {
                  setTouched(true);
                  setDraft({ ...draft, title: e.target.value });
                }}
              />
            </Form.Item>
            <Form.Item label="Prix (€ TTC)" htmlFor={`${id}-price`} validateStatus={priceInvalid ? 'error' : undefined} help={priceInvalid ? OPTION_PRICE_INVALID : undefined}>
              <EuroInput
                id={`${id}-price`}
                value={draft.price}
                onChange={(price) => {
                  setTouched(true);
                  setDraft({ ...draft, price });
                }}
              />
            </Form.Item>
            <Form.Item label="Type de prix">
              <Radio.Group aria-label="Type de prix" value={draft.priceType} options={[...PRICE_TYPE_OPTIONS]} onChange={(e) => setDraft({ ...draft, priceType: e.target.value })} />
            </Form.Item>
          </div>
          <Button
            type="dashed"
            disabled={!canAddOption(draft)}
            onClick={() => {
              onChange([...value, { ...draft, title: draft.title.trim() }]);
              setDraft(emptyOption());
              setTouched(false);
            }}
          >
            Ajouter l'option
          </Button>
          {context === 'edit' && (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              Les options sont enregistrées avec le bouton « Enregistrer les modifications ».
            </Typography.Paragraph>
          )}
        </Card>
      </div>
    </Form>
    </>
  );
}
