/**
 * FAQ section (spec §2, §5, §8; edit only): list with add, edit, delete behind a confirmation, and
 * move up/down. Every operation is stored at once; `notify` shows the page's toast.
 */
import { PageError, PageLoading, useLoad, type Faq, type ToastType } from '@tablee/shared';
import { Button, Card, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { moveItem } from '../move';
import { faqApi } from './api';
import { FAQ_ANSWER_REQUIRED, FAQ_DELETE_CONFIRM, FAQ_MESSAGES, FAQ_QUESTION_REQUIRED, isFaqValid, type FaqDraft } from './rules';

export interface FaqManagerProps {
  restaurantId: string;
  notify: (type: ToastType, message: string) => void;
}

const emptyDraft = (): FaqDraft => ({ question: '', answer: '' });

export function FaqManager({ restaurantId, notify }: FaqManagerProps) {
  const [faqs, setFaqs] = useState<Faq[]>([]);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<{ id: string; draft: FaqDraft } | null>(null);

  const { status, reload } = useLoad(restaurantId, () => faqApi.list(restaurantId), setFaqs);

  /** Runs one stored operation; returns whether it succeeded. */
  const run = useCallback(
    async (work: () => Promise<void>, success: string | null, failure: string) => {
      setBusy(true);
      try {
        await work();
        if (success) notify('success', success);
        return true;
      } catch (err) {
        console.error(err);
        notify('error', failure);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [notify],
  );

  if (status === 'loading') return <PageLoading />;
  if (status === 'error') return <PageError message={FAQ_MESSAGES.loadError} onRetry={reload} />;

  const add = (draft: FaqDraft) =>
    run(async () => {
      const created = await faqApi.create(restaurantId, draft, faqs.length);
      setFaqs((list) => [...list, created]);
    }, FAQ_MESSAGES.created, FAQ_MESSAGES.createError);

  const saveEdit = async (faq: Faq, draft: FaqDraft) => {
    const ok = await run(async () => {
      const updated = await faqApi.update(faq, draft);
      setFaqs((list) => list.map((f) => (f.id === faq.id ? updated : f)));
    }, FAQ_MESSAGES.updated, FAQ_MESSAGES.updateError);
    if (ok) setEditing(null);
  };

  const remove = (faq: Faq) =>
    run(async () => {
      await faqApi.remove(faq.id);
      setFaqs((list) => list.filter((f) => f.id !== faq.id));
    }, FAQ_MESSAGES.deleted, FAQ_MESSAGES.deleteError);

  const move = (index: number, step: -1 | 1) =>
    run(async () => {
      const next = moveItem(faqs, index, step);
      await faqApi.reorder(restaurantId, next.map((f) => f.id));
      setFaqs(next.map((f, i) => ({ ...f, displayOrder: i })));
    }, null, FAQ_MESSAGES.reorderError);

  return (
    <>
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {faqs.length === 0 && <Typography.Text type="secondary">Aucune question pour le moment.</Typography.Text>}
      {faqs.length > 0 && (
        <ol aria-label="Questions fréquentes" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
          {faqs.map((faq, index) => (
            <li key={faq.id} data-testid="faq-item">
              <Card size="small">
                {editing?.id === faq.id ? (
                  <FaqFields
                    draft={editing.draft}
                    onChange={(draft) => setEditing({ id: faq.id, draft })}
                    disabled={busy}
                    actions={
                      <Space wrap>
                        <Button type="primary" disabled={busy || !isFaqValid(editing.draft)} onClick={() => void saveEdit(faq, editing.draft)}>
                          Enregistrer les modifications
                        </Button>
                        <Button disabled={busy} onClick={() => setEditing(null)}>
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
                      <Button size="small" aria-label={`Monter la question ${faq.question}`} disabled={busy || !!editing || index === 0} onClick={() => void move(index, -1)}>
                        ↑
                      </Button>
                      <Button size="small" aria-label={`Descendre la question ${faq.question}`} disabled={busy || !!editing || index === faqs.length - 1} onClick={() => void move(index, 1)}>
                        ↓
                      </Button>
                      <Button size="small" disabled={busy || !!editing} onClick={() => setEditing({ id: faq.id, draft: { question: faq.question, answer: faq.answer } })} aria-label={`Modifier la question ${faq.question}`}>
                        Modifier
                      </Button>
                      <Popconfirm title={FAQ_DELETE_CONFIRM} okText="Supprimer" cancelText="Annuler" okButtonProps={{ danger: true }} onConfirm={() => remove(faq)} disabled={busy || !!editing}>
                        <Button size="small" danger disabled={busy || !!editing} aria-label={`Supprimer la question ${faq.question}`}>
                          Supprimer
                        </Button>
                      </Popconfirm>
                    </Space>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ol>
      )}
      <AddFaqCard disabled={busy} onAdd={add} />
    </div>
    </>
  );
}

function AddFaqCard({ disabled, onAdd }: { disabled: boolean; onAdd: (draft: FaqDraft) => Promise<boolean> }) {
  const [draft, setDraft] = useState<FaqDraft>(emptyDraft);
  return (
    <Card size="small" title="Ajouter une question" style={{ background: '#fafafa' }}>
      <FaqFields
        draft={draft}
        onChange={setDraft}
        disabled={disabled}
        actions={
          <Button
            type="primary"
            disabled={disabled || !isFaqValid(draft)}
            onClick={async () => {
              // A failed creation keeps what the owner typed.
              if (await onAdd(draft)) setDraft(emptyDraft());
            }}
          >
            Ajouter la FAQ
          </Button>
        }
      />
    </Card>
  );
}

function FaqFields({ draft, onChange, disabled, actions }: { draft: FaqDraft; onChange: (draft: FaqDraft) => void; disabled: boolean; actions: ReactNode }) {
  const id = useId();
  const [touched, setTouched] = useState({ question: false, answer: false });
  const questionMissing = touched.question && draft.question.trim() === '';
  const answerMissing = touched.answer && draft.answer.trim() === '';
  return (
    <Form layout="vertical" component="div" disabled={disabled}>
      <Form.Item label="Question" htmlFor={`${id}-q`} required validateStatus={questionMissing ? 'error' : undefined} help={questionMissing ? FAQ_QUESTION_REQUIRED : undefined}>
        <Input
          id={`${id}-q`}
          value={draft.question}
          onChange={(e) => {
            setTouched((t) => ({ ...t, question: true }));
            onChange({ ...draft, question: e.target.value });
          }}
        />
      </Form.Item>
      <Form.Item label="Réponse" htmlFor={`${id}-a`} required validateStatus={answerMissing ? 'error' : undefined} help={answerMissing ? FAQ_ANSWER_REQUIRED : undefined}>
        <Input.TextArea
          id={`${id}-a`}
          autoSize={{ minRows: 2 }}
          value={draft.answer}
          onChange={(e) => {
            setTouched((t) => ({ ...t, answer: true }));
            onChange({ ...draft, answer: e.target.value });
          }}
        />
      </Form.Item>
      {actions}
    </Form>
  );
}
