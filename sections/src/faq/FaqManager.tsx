/**
 * FAQ section (spec §2, §5, §8; edit only): list with add, edit, delete behind a confirmation, and
 * move up/down. Every operation is stored at once (a mutation that updates the FAQ query); the list
 * is a Form.List of the page's form, edited in place; `notify` shows the page's toast.
 */
import { QueryState, type ToastType } from '@tablee/shared';
import type { Faq } from '@tablee/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { FormValue } from '../form-kit';
import { moveItem } from '../move';
import { faqQueryOptions, useFaqMutations } from './api';
import { FAQ_ANSWER_REQUIRED, FAQ_DELETE_CONFIRM, FAQ_MESSAGES, FAQ_QUESTION_REQUIRED, isFaqValid, type FaqDraft } from './rules';
import { maxLengthOf, textRules } from '../field-rules';

export interface FaqManagerProps {
  restaurantId: string;
  notify: (type: ToastType, message: string) => void;
}

interface FaqFormValue {
  faqs: Faq[];
}

export function FaqManager(props: FaqManagerProps) {
  const query = useQuery(faqQueryOptions(props.restaurantId));
  return (
    <QueryState query={query} errorMessage={FAQ_MESSAGES.loadError}>
      {(faqs) => <FaqList {...props} stored={faqs} />}
    </QueryState>
  );
}

function FaqList({ restaurantId, notify, stored }: FaqManagerProps & { stored: Faq[] }) {
  const [form] = Form.useForm<FaqFormValue>();
  const operations = useFaqMutations(restaurantId);
  const { busy } = operations;
  /** The entry being edited in place, and what it was, for 'Annuler'. */
  const [editing, setEditing] = useState<{ index: number; before: Faq } | null>(null);

  // What is stored is what the list shows (after each operation, or a refresh in the background).
  useEffect(() => {
    if (!editing) form.setFieldValue('faqs', stored);
  }, [form, stored, editing]);

  /** Runs one stored operation with its toasts; returns whether it succeeded. */
  const run = async (work: () => Promise<unknown>, success: string | null, failure: string) => {
    try {
      await work();
      if (success) notify('success', success);
      return true;
    } catch (err) {
      console.error(err);
      notify('error', failure);
      return false;
    }
  };

  const faqAt = (index: number): Faq => form.getFieldValue(['faqs', index]);
  const saveEdit = async (index: number) => {
    if (!editing) return;
    const { question, answer } = faqAt(index);
    if (await run(() => operations.update.mutateAsync({ faq: editing.before, draft: { question, answer } }), FAQ_MESSAGES.updated, FAQ_MESSAGES.updateError)) setEditing(null);
  };
  const cancelEdit = (index: number) => {
    if (editing) form.setFieldValue(['faqs', index], editing.before);
    setEditing(null);
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Form form={form} layout="vertical" initialValues={{ faqs: stored }} disabled={busy}>
        <Form.List name="faqs">
          {(fields) =>
            fields.length === 0 ? (
              <Typography.Text type="secondary">Aucune question pour le moment.</Typography.Text>
            ) : (
              <ol aria-label="Questions fréquentes" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
                {fields.map((field, index) => {
                  const faq = faqAt(field.name);
                  return (
                    <li key={field.key} data-testid="faq-item">
                      <Card size="small">
                        {editing?.index === field.name ? (
                          <FaqFields
                            at={[field.name]}
                            actions={
                              <Space wrap>
                                <FormValue select={(v: FaqFormValue) => !!v.faqs?.[field.name] && isFaqValid(v.faqs[field.name])}>
                                  {(valid) => (
                                    <Button type="primary" disabled={busy || !valid} onClick={() => void saveEdit(field.name)}>
                                      Enregistrer les modifications
                                    </Button>
                                  )}
                                </FormValue>
                                <Button disabled={busy} onClick={() => cancelEdit(field.name)}>
                                  Annuler
                                </Button>
                              </Space>
                            }
                          />
                        ) : (
                          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                            <div style={{ flex: '1 1 260px', minWidth: 0 }}>
                              <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
                                {faq.question}
                              </Typography.Title>
                              <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{faq.answer}</Typography.Paragraph>
                            </div>
                            <Space wrap>
                              <Button
                                size="small"
                                aria-label={`Monter la question ${faq.question}`}
                                disabled={busy || !!editing || index === 0}
                                onClick={() => void run(() => operations.reorder.mutateAsync(moveItem(form.getFieldValue('faqs'), index, -1)), null, FAQ_MESSAGES.reorderError)}
                              >
                                ↑
                              </Button>
                              <Button
                                size="small"
                                aria-label={`Descendre la question ${faq.question}`}
                                disabled={busy || !!editing || index === fields.length - 1}
                                onClick={() => void run(() => operations.reorder.mutateAsync(moveItem(form.getFieldValue('faqs'), index, 1)), null, FAQ_MESSAGES.reorderError)}
                              >
                                ↓
                              </Button>
                              <Button size="small" disabled={busy || !!editing} onClick={() => setEditing({ index: field.name, before: faq })} aria-label={`Modifier la question ${faq.question}`}>
                                Modifier
                              </Button>
                              <Popconfirm
                                title={FAQ_DELETE_CONFIRM}
                                okText="Supprimer"
                                cancelText="Annuler"
                                okButtonProps={{ danger: true }}
                                onConfirm={() => run(() => operations.remove.mutateAsync(faq), FAQ_MESSAGES.deleted, FAQ_MESSAGES.deleteError)}
                                disabled={busy || !!editing}
                              >
                                <Button size="small" danger disabled={busy || !!editing} aria-label={`Supprimer la question ${faq.question}`}>
                                  Supprimer
                                </Button>
                              </Popconfirm>
                            </Space>
                          </div>
                        )}
                      </Card>
                    </li>
                  );
                })}
              </ol>
            )
          }
        </Form.List>
      </Form>
      <AddFaqCard disabled={busy} onAdd={(draft) => run(() => operations.create.mutateAsync(draft), FAQ_MESSAGES.created, FAQ_MESSAGES.createError)} />
    </div>
  );
}

/** The add form: a form of its own, emptied only once the entry is stored (a failed creation keeps what was typed). */
function AddFaqCard({ disabled, onAdd }: { disabled: boolean; onAdd: (draft: FaqDraft) => Promise<boolean> }) {
  const [draftForm] = Form.useForm<FaqDraft>();
  // A name of its own, so that its fields' ids do not clash with the list's.
  const formName = useId();
  return (
    <Card size="small" title="Ajouter une question" style={{ background: '#fafafa' }}>
      <Form form={draftForm} name={formName} component={false} layout="vertical" initialValues={{ question: '', answer: '' }} disabled={disabled}>
        <FaqFields
          at={[]}
          actions={
            <FormValue select={(draft: FaqDraft) => isFaqValid({ question: draft.question ?? '', answer: draft.answer ?? '' })}>
              {(valid) => (
                <Button
                  type="primary"
                  disabled={disabled || !valid}
                  onClick={async () => {
                    const { question, answer } = draftForm.getFieldsValue(true);
                    if (await onAdd({ question, answer })) draftForm.resetFields();
                  }}
                >
                  Ajouter la FAQ
                </Button>
              )}
            </FormValue>
          }
        />
      </Form>
    </Card>
  );
}

/** Question and answer, both required, at `at` where they are rendered. */
function FaqFields({ at, actions }: { at: (string | number)[]; actions: ReactNode }) {
  return (
    <>
      <Form.Item label="Question" name={[...at, 'question']} required rules={[{ required: true, whitespace: true, message: FAQ_QUESTION_REQUIRED }, ...textRules('restaurant_faqs', 'question')]}>
        <Input maxLength={maxLengthOf('restaurant_faqs', 'question')} />
      </Form.Item>
      <Form.Item label="Réponse" name={[...at, 'answer']} required rules={[{ required: true, whitespace: true, message: FAQ_ANSWER_REQUIRED }, ...textRules('restaurant_faqs', 'answer')]}>
        <Input.TextArea autoSize={{ minRows: 2 }} maxLength={maxLengthOf('restaurant_faqs', 'answer')} />
      </Form.Item>
      {actions}
    </>
  );
}
